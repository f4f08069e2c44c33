// loadSkills reads only regular files inside the pack it is given, each under a skill's size:
// a FIFO named SKILL.md, a link to /dev/zero and a link to a file outside the pack are errors
// of their own, and the pack's other skills still load. It runs the built "toolsift/skills" in
// a child process with a timeout, since a read that blocks would hang this process.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const SKILLS_ENTRY = fileURLToPath(new URL("../dist/skills/index.js", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "toolsift-skills-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const skill = (name: string) => `---\nname: ${name}\ndescription: Write ${name} notes.\n---\n\n# ${name}\n\nSteps.\n`;

// The child loads the pack and prints what loadSkills resolved to, and how long it took.
const CHILD = `
const { loadSkills } = await import(process.argv[1]);
const started = performance.now();
const { skills, errors } = await loadSkills(process.argv[2]);
process.stdout.write(JSON.stringify({
  skills: skills.map((skill) => skill.id),
  errors: errors.map((error) => ({ code: error.code, file: error.path[0], message: error.message })),
  ms: performance.now() - started,
}));`;

interface Loaded {
  readonly skills: string[];
  readonly errors: { code: string; file: string; message: string }[];
  readonly ms: number;
}

function load(pack: string): Loaded {
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", CHILD, SKILLS_ENTRY, pack], { encoding: "utf8", timeout: 8_000, killSignal: "SIGKILL" });
  expect({ status: result.status, signal: result.signal, stderr: result.stderr }).toEqual({ status: 0, signal: null, stderr: "" });
  return JSON.parse(result.stdout) as Loaded;
}

/** A pack with one good skill, `release`, and whatever `add` puts next to it. */
function pack(add: (folder: string) => void): string {
  const folder = mkdtempSync(join(root, "pack-"));
  mkdirSync(join(folder, "release"));
  writeFileSync(join(folder, "release", "SKILL.md"), skill("release"));
  add(folder);
  return folder;
}

describe.runIf(process.platform === "linux")("loadSkills on files that are not a pack's regular files", () => {
  it("reports a FIFO named SKILL.md at once instead of waiting for a writer", () => {
    const folder = pack((at) => {
      mkdirSync(join(at, "stuck"));
      expect(spawnSync("mkfifo", [join(at, "stuck", "SKILL.md")]).status).toBe(0);
    });
    const loaded = load(folder);
    expect(loaded.skills).toEqual(["release"]);
    expect(loaded.errors).toEqual([{ code: "file_unreadable", file: join(folder, "stuck", "SKILL.md"), message: expect.stringMatching(/FIFO/) }]);
    expect(loaded.ms).toBeLessThan(2_000);
  });

  it("reports a SKILL.md linked to /dev/zero without reading it", () => {
    const folder = pack((at) => {
      mkdirSync(join(at, "zero"));
      symlinkSync("/dev/zero", join(at, "zero", "SKILL.md"));
    });
    const loaded = load(folder);
    expect(loaded.skills).toEqual(["release"]);
    expect(loaded.errors).toEqual([{ code: "file_unreadable", file: join(folder, "zero", "SKILL.md"), message: expect.stringMatching(/outside the skill folder/) }]);
    expect(loaded.ms).toBeLessThan(2_000);
  });

  it("refuses a SKILL.md linked outside the pack, and reads one linked inside it", () => {
    const outside = mkdtempSync(join(root, "outside-"));
    mkdirSync(join(outside, "leak"));
    writeFileSync(join(outside, "leak", "SKILL.md"), skill("leak"));
    const folder = pack((at) => {
      mkdirSync(join(at, "leak"));
      symlinkSync(join(outside, "leak", "SKILL.md"), join(at, "leak", "SKILL.md"));
      mkdirSync(join(at, "shared"));
      writeFileSync(join(at, "shared", "alias.md"), skill("alias"));
      mkdirSync(join(at, "alias"));
      symlinkSync(join("..", "shared", "alias.md"), join(at, "alias", "SKILL.md"));
    });
    const loaded = load(folder);
    expect(loaded.skills).toEqual(["alias", "release"]);
    expect(loaded.errors).toEqual([{ code: "file_unreadable", file: join(folder, "leak", "SKILL.md"), message: expect.stringMatching(/outside the skill folder/) }]);
  });

  it("refuses a regular SKILL.md past a skill's size as invalid_skill", () => {
    const folder = pack((at) => {
      mkdirSync(join(at, "huge"));
      writeFileSync(join(at, "huge", "SKILL.md"), `${skill("huge")}${"x".repeat(1024 * 1024 + 64 * 1024)}`);
    });
    const loaded = load(folder);
    expect(loaded.skills).toEqual(["release"]);
    expect(loaded.errors).toEqual([{ code: "invalid_skill", file: join(folder, "huge", "SKILL.md"), message: expect.stringMatching(/larger than a skill may be/) }]);
  });
});
