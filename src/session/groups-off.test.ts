import { readFileSync, writeFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../index.js";
import { InMemoryJournal } from "../journal/in-memory.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import type { ToolSearchConfig } from "./config.js";
import { createToolSearchSession } from "./session.js";
import { runGoldenScript, type GoldenRun } from "../../test/helpers/golden-run.js";
import { mcpCatalogue, REPLY_TOOL } from "../../test/helpers/mcp-run.js";
import type { ToolCall } from "./types.js";

// A session without `groups` must stay byte-identical to one built before groups existed:
// the golden file holds the menus, the results and the journal lines of scripted runs over
// the real MCP catalogue (whose entries carry a `server` field, which alone must not group
// anything), captured from the code before groups were added. The script stays below every
// limit (fewer than 64 calls per message). Regenerate only deliberately (UPDATE_GOLDEN=1).
const GOLDEN = new URL("./groups-off.golden.json", import.meta.url);

const script: ToolCall[] = [
  { turn: 0, index: 0, name: "search_tools", input: { query: "create a github issue about a bug" } },
  { turn: 0, index: 1, name: "github__create_issue", input: { title: "Crash" } },
  { turn: 1, index: 0, name: "slack__slack_post_message", input: { text: "hi" } },
  { turn: 1, index: 1, name: "search_tools", input: { group: "slack" } },
  { turn: 1, index: 2, name: "search_tools", input: { select: ["group:slack", "slack__slack_post_message"] } },
  { turn: 2, index: 0, name: "slack__slack_post_mesage", input: {} },
  { turn: 2, index: 1, name: "search_tools", input: { query: "take a screenshot of the web page", limit: 9 } },
  { turn: 3, index: 0, name: "search_tools", input: { query: "list kubernetes pods", group: "kubernetes" } },
  { turn: 3, index: 1, name: "notion__API-post-search", input: {} },
  { turn: 4, index: 0, name: "search_tools", input: { query: "" } },
  { turn: 4, index: 1, name: "reply", input: { text: "done" } },
];

interface Scenario {
  readonly name: string;
  readonly toolSearch: Omit<ToolSearchConfig, "catalogue">;
}

const scenarios: Scenario[] = [
  { name: "plain", toolSearch: { trustJsonSchemaText: true, maxLoaded: 6 } },
  { name: "always-loaded", toolSearch: { trustJsonSchemaText: true, alwaysLoaded: ["github__get_issue", "filesystem__read_file"], maxLoaded: 8, maxPerSearch: 3 } },
  { name: "namespaces-chars", toolSearch: { namespaces: ["github__", "slack__", "playwright__"], maxMenuChars: 6000 } },
];

function run(catalogue: ToolDefinition[], scenario: Scenario, journal?: InMemoryJournal): GoldenRun {
  const session = createToolSearchSession({
    runId: `golden-${scenario.name}`,
    tools: [REPLY_TOOL],
    onWarning: () => {},
    journal,
    toolSearch: { catalogue, ...scenario.toolSearch },
  });
  return runGoldenScript(session, script);
}

describe("a session without groups", () => {
  let catalogue: ToolDefinition[];
  beforeAll(async () => {
    await init();
    catalogue = mcpCatalogue();
  });

  it("has the menus, results and journal lines it had before groups existed, live and replayed", () => {
    const now: Record<string, ReturnType<typeof run> & { replayed: ReturnType<typeof run> }> = {};
    for (const scenario of scenarios) {
      const live = run(catalogue, scenario);
      const records = live.journal.map((line) => JSON.parse(line) as unknown);
      now[scenario.name] = { ...live, replayed: run(catalogue, scenario, new InMemoryJournal(records)) };
    }
    if (process.env["UPDATE_GOLDEN"] === "1") writeFileSync(GOLDEN, `${JSON.stringify(now, null, 1)}\n`);
    const golden = JSON.parse(readFileSync(GOLDEN, "utf8")) as typeof now;
    for (const scenario of scenarios) {
      const { replayed, ...live } = now[scenario.name]!;
      const expected = golden[scenario.name]!;
      expect(live.journal).toEqual(expected.journal);
      expect(live.results).toEqual(expected.results);
      expect(live.menus).toEqual(expected.menus);
      // a replay of the golden journal: the same menus, the recorded results (source "replay")
      const records = expected.journal.map((line) => JSON.parse(line) as unknown);
      const again = run(catalogue, scenario, new InMemoryJournal(records));
      expect(again).toEqual(expected.replayed);
      expect(replayed).toEqual(expected.replayed);
      expect(again.menus).toEqual(expected.menus);
    }
  });
});
