// The README's agent-loop example, run as a test. The code between the markers
// is the README's code block byte for byte, minus its import line; the imports below bring
// in exactly the names that line imports from "toolsift" (both are checked at the end).
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { init } from "../../src/index.js";
import { journalFromJsonLines, journalToJsonLines } from "../../src/journal/index.js";
import { createToolSearchSession } from "../../src/session/index.js";

// README:begin

await init();

const config = {
  runId: "run-1",
  tools: [{ id: "reply", description: "Reply to the user." }],
  toolSearch: {
    catalogue: [
      { id: "github__create_issue", description: "Create a new issue in a GitHub repository.", origin: "remote" },
      { id: "slack__post_message", description: "Post a message to a Slack channel.", origin: "remote" },
      { id: "files__read_file", description: "Read a file from disk." },
    ],
    annotations: { slack__post_message: { aliases: ["tell the team"] } },
    trustJsonSchemaText: ["github__"], // you vouch for one server's text; a tool cannot vouch for itself
  },
};
const session = createToolSearchSession(config);
const before = session.menu().map((tool) => tool.name); // ["search_tools", "reply"]

// Turn 0: the model searches. The hit is appended to the menu for the next call.
const found = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "tell the team" } });
// found.result: { tools: [{ name: "slack__post_message", description: "Third-party tool; description withheld", loaded: true }] }
// found.tainted: true (it names a third-party tool: fence the result as data)

// Turn 1: the model calls what it found. The host still gates and runs it.
const call = session.handleToolCall({ turn: 1, index: 0, name: "slack__post_message", input: { text: "Deployed." } });
// call.onMenu: true, call.tool: the catalogue entry to run

// Later: replay the run from its journal. No ranking, the same results, the same menu.
const saved = journalToJsonLines(session.journal);
const replay = createToolSearchSession({ ...config, journal: journalFromJsonLines(saved) });
const again = replay.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "tell the team" } });
// again.result: the same as found.result; replay.menu(): the same as session.menu()
// README:end

it("lists the search tool and the agent's tools first", () => {
  expect(before).toEqual(["search_tools", "reply"]);
});

it("finds the tool by its host alias, withholds its description and taints the result", () => {
  expect(found.kind === "search" && found.result).toEqual({
    tools: [{ name: "slack__post_message", description: "Third-party tool; description withheld", loaded: true }],
  });
  expect(found.kind === "search" && found.tainted).toBe(true);
  expect(session.menu().map((tool) => tool.name)).toEqual(["search_tools", "reply", "slack__post_message"]);
});

it("lets the model call what it found, handing the host its definition", () => {
  expect(call).toMatchObject({ kind: "tool", onMenu: true, tool: config.toolSearch.catalogue[1] });
});

it("replays the same result and the same menu", () => {
  expect(again.kind === "search" && again.source).toBe("replay");
  expect(JSON.stringify(again.kind === "search" && again.result)).toBe(JSON.stringify(found.kind === "search" && found.result));
  expect(JSON.stringify(replay.menu())).toBe(JSON.stringify(session.menu()));
});

it("is the README's code, importing exactly what the README imports", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const block = blocks.find((text) => text.includes("createToolSearchSession(") && !text.includes(`from "toolsift/`))!;
  const [importLine, ...rest] = block.trimEnd().split("\n");
  const source = readFileSync(new URL(import.meta.url), "utf8");
  const region = /\/\/ README:begin\n([\s\S]*?)\n\/\/ README:end/.exec(source)![1]!;
  expect(region).toBe(rest.join("\n"));
  const names = (line: string): string[] => /\{([^}]*)\}/.exec(line)![1]!.split(",").map((name) => name.trim()).filter(Boolean).sort();
  expect(importLine).toMatch(/from "toolsift";$/);
  const imported = source
    .split("\n")
    .filter((line) => /^import \{.*\} from "\.\.\/\.\.\/src\/(index|journal\/index|session\/index)\.js";$/.test(line))
    .flatMap(names)
    .sort();
  expect(imported).toEqual(names(importLine!));
});
