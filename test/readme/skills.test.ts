// The README's skills example, run as a test: the code between the markers is the README's
// block byte for byte, minus its import lines (checked at the end).
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { init } from "../../src/index.js";
import { parseSkill, skillActivation } from "../../src/skills/index.js";
import { createToolSearchSession } from "../../src/session/index.js";

// The block initializes the core itself: without it, a search after the block throws not_initialized.
// README:begin
await init();
const skill = parseSkill(
  "---\nname: triage-bug\ndescription: File a bug as a GitHub issue.\nallowed-tools: github__create_issue\n---\nSearch for duplicates, then file it.\n",
  { path: ".agents/skills/triage-bug/SKILL.md" },
);
const skills = createToolSearchSession({
  toolSearch: { catalogue: [{ id: "github__create_issue", description: "Create an issue." }] },
  skillActivation: skillActivation({ catalogue: [skill], discovery: "both" }),
});
const prompt = `Skills:\n${skills.skillIndex()}`; // "Skills:\n- triage-bug: File a bug as a GitHub issue."
const loaded = skills.handleToolCall({ turn: 0, index: 0, name: "activate_skill", input: { name: "triage-bug" } });
// loaded.result: { skill: "triage-bug", instructions: "Search for duplicates, then file it.\n", tools: ["github__create_issue"] }
// the journal pins it: { skill: "triage-bug", digest: "<sha256 hex>", bytes: 40 }
// README:end

it("shows the index and activates the skill as the comments say", () => {
  expect(prompt).toBe("Skills:\n- triage-bug: File a bug as a GitHub issue.");
  expect(loaded.kind === "skill" && loaded.result).toEqual({ skill: "triage-bug", instructions: "Search for duplicates, then file it.\n", tools: ["github__create_issue"] });
  expect(skills.journal.records()[0]!.value).toMatchObject({ skill: "triage-bug", bytes: 40, digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
});

it("leaves the session ready for the next natural call, a search", () => {
  const found = skills.handleToolCall({ turn: 1, index: 0, name: "search_tools", input: { query: "file a bug" } });
  expect(found).toMatchObject({ kind: "search", source: "live", result: { tools: [] } });
  expect(found.kind === "search" && "code" in found.result).toBe(false);
});

it("is the README's code", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!).find((text) => text.includes("skillActivation"))!;
  const lines = block.trimEnd().split("\n");
  expect(lines.slice(0, 2)).toEqual(['import { createToolSearchSession, init } from "toolsift";', 'import { parseSkill, skillActivation } from "toolsift/skills";']);
  const source = readFileSync(new URL(import.meta.url), "utf8");
  expect(/\/\/ README:begin\n([\s\S]*?)\n\/\/ README:end/.exec(source)![1]).toBe(lines.slice(3).join("\n"));
});
