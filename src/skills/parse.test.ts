import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSkills, parseSkill } from "./index.js";

const PATH = ".agents/skills/release-notes/SKILL.md";
const GOOD = "---\nname: release-notes\ndescription: Write release notes.\n---\n\n# Release notes\n\nGroup by type.\n";

function fails(text: string, field: string, path = PATH): void {
  expect(() => parseSkill(text, { path })).toThrow(expect.objectContaining({ code: "invalid_skill", path: [path, field], message: expect.stringContaining(path) }));
}

describe("parseSkill", () => {
  it("reads the frontmatter and the body", () => {
    const skill = parseSkill(
      "---\nname: release-notes\ndescription: Write release notes.\nlicense: MIT\ncompatibility: Needs git.\nmetadata:\n  author: me\n  version: \"1.0\"\nallowed-tools: git__log  docs__write\n---\n\n# Notes\nBody.\n",
      { path: PATH },
    );
    expect(skill).toEqual({
      id: "release-notes",
      description: "Write release notes.",
      instructions: "# Notes\nBody.\n",
      tools: ["git__log", "docs__write"],
      license: "MIT",
      compatibility: "Needs git.",
      metadata: { author: "me", version: "1.0" },
      path: PATH,
    });
  });

  it("drops a BOM and reads CRLF as LF", () => {
    expect(parseSkill(`\uFEFF${GOOD.replace(/\n/g, "\r\n")}`, { path: PATH })).toMatchObject({ id: "release-notes", instructions: "# Release notes\n\nGroup by type.\n" });
  });

  it("marks a third party's skill remote", () => {
    expect(parseSkill(GOOD, { path: PATH, origin: "remote" }).origin).toBe("remote");
  });

  it.each([
    ["no frontmatter", "# Just markdown\n", "frontmatter"],
    ["an unclosed frontmatter", "---\nname: release-notes\n", "frontmatter"],
    ["tab indentation", "---\nname: release-notes\nmetadata:\n\tauthor: me\ndescription: x\n---\nbody", "frontmatter"],
    ["a list as frontmatter", "---\n- a\n- b\n---\nbody", "frontmatter"],
    ["a repeated key", "---\nname: release-notes\nname: other\ndescription: x\n---\n", "frontmatter"],
    ["a missing name", "---\ndescription: x\n---\n", "name"],
    ["an upper-case name", "---\nname: Release-Notes\ndescription: x\n---\n", "name"],
    ["a doubled hyphen", "---\nname: release--notes\ndescription: x\n---\n", "name"],
    ["a 65-character name", `---\nname: ${"a".repeat(65)}\ndescription: x\n---\n`, "name"],
    ["a missing description", "---\nname: release-notes\n---\n", "description"],
    ["a 2,000-character description", `---\nname: release-notes\ndescription: ${"d".repeat(2000)}\n---\n`, "description"],
    ["a 501-character compatibility", `---\nname: release-notes\ndescription: x\ncompatibility: ${"c".repeat(501)}\n---\n`, "compatibility"],
    ["a non-string metadata value", "---\nname: release-notes\ndescription: x\nmetadata:\n  n: 5\n---\n", "metadata.n"],
    ["a list of allowed-tools", "---\nname: release-notes\ndescription: x\nallowed-tools: [a, b]\n---\n", "allowed-tools"],
    ["a 2 MB body", `---\nname: release-notes\ndescription: x\n---\n${"b".repeat(2 * 1024 * 1024)}`, "body"],
  ])("refuses %s", (_, text, field) => fails(text, field));

  it("refuses a name that is not its folder's", () => {
    fails(GOOD, "name", ".agents/skills/other/SKILL.md");
    expect(parseSkill(GOOD, { path: "anywhere.md" }).id).toBe("release-notes");
  });
});

describe("loadSkills", () => {
  it("takes one folder as a string, and refuses what is not a folder name", async () => {
    const folder = new URL("../../test/fixtures/skills", import.meta.url).pathname;
    const one = await loadSkills(folder);
    expect(one.errors).toEqual([]);
    expect(one.skills).toHaveLength(10);
    await expect(loadSkills([folder, 3] as unknown as string[])).rejects.toMatchObject({ code: "invalid_option" });
  });

  it("loads the sample skills", async () => {
    const { skills, errors } = await loadSkills([new URL("../../test/fixtures/skills", import.meta.url).pathname]);
    expect(errors).toEqual([]);
    expect(skills.map((skill) => skill.id)).toEqual([
      "inbox-cleanup",
      "linear-sprint-plan",
      "meeting-schedule",
      "page-screenshot",
      "pod-crash-debug",
      "release-notes",
      "review-pull-request",
      "sentry-error-digest",
      "standup-post",
      "triage-bug",
    ]);
  });

  it("reports the bad file and loads the rest", async () => {
    const root = await mkdtemp(join(tmpdir(), "toolsift-skills-"));
    try {
      const write = async (folder: string, text: string) => {
        await mkdir(join(root, folder), { recursive: true });
        await writeFile(join(root, folder, "SKILL.md"), text);
      };
      await write("release-notes", GOOD);
      await write("broken", "---\nname: broken\n---\n");
      await write("copy", GOOD.replace("release-notes", "copy"));
      await mkdir(join(root, "not-a-skill"));
      const { skills, errors } = await loadSkills([root, join(root, "missing")]);
      expect(skills.map((skill) => skill.id)).toEqual(["copy", "release-notes"]);
      expect(errors.map((error) => [error.code, error.path[0], error.path[1]])).toEqual([
        ["file_unreadable", join(root, "missing"), undefined],
        ["invalid_skill", join(root, "broken", "SKILL.md"), "description"],
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
