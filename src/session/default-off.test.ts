import { readFileSync, writeFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../index.js";
import { createToolSearchSession } from "./session.js";
import { runGoldenScript, type GoldenRun } from "../../test/helpers/golden-run.js";
import { mcpCatalogue, REPLY_TOOL } from "../../test/helpers/mcp-run.js";
import type { ToolCall } from "./types.js";

// A session without skills must stay byte-identical to one built before skills existed: the
// golden file holds the menus, the results and the journal lines of a scripted run, captured
// from the code before skills were added. Regenerate only deliberately (UPDATE_GOLDEN=1).
const GOLDEN = new URL("./default-off.golden.json", import.meta.url);

const script: ToolCall[] = [
  { turn: 0, index: 0, name: "search_tools", input: { query: "create a github issue about a bug" } },
  { turn: 1, index: 0, name: "github__create_issue", input: { title: "Crash" } },
  { turn: 1, index: 1, name: "search_tools", input: { query: "post a message to a slack channel", limit: 3 } },
  { turn: 2, index: 0, name: "activate_skill", input: { name: "release-notes" } },
  { turn: 2, index: 1, name: "search_tools", input: { select: ["playwright__browser_take_screenshot"] } },
  { turn: 3, index: 0, name: "search_tools", input: { query: "" } },
  { turn: 3, index: 1, name: "reply", input: { text: "done" } },
];

function run(): GoldenRun {
  const catalogue = mcpCatalogue();
  const session = createToolSearchSession({
    runId: "golden",
    tools: [REPLY_TOOL],
    onWarning: () => {},
    toolSearch: { catalogue, trustJsonSchemaText: true, maxLoaded: 6 },
  });
  return runGoldenScript(session, script);
}

describe("a session without skillActivation", () => {
  beforeAll(async () => {
    await init();
  });

  it("has the menus, results and journal lines it had before skills existed", () => {
    const now = run();
    if (process.env["UPDATE_GOLDEN"] === "1") writeFileSync(GOLDEN, `${JSON.stringify(now, null, 1)}\n`);
    const golden = JSON.parse(readFileSync(GOLDEN, "utf8")) as typeof now;
    expect(now.journal).toEqual(golden.journal);
    expect(now.results).toEqual(golden.results);
    expect(now.menus).toEqual(golden.menus);
  });
});
