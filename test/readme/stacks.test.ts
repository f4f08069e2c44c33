// The README's "Agent stacks" examples, run as a reader would run them (test/package/install.test.ts
// type-checks and runs every block; this checks that each one does what its comments say). Each
// block runs as it is, with one line appended that prints the values its comments describe.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { README, fencedBlocks, section, transpiled } from "./blocks.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const blocks = fencedBlocks(section(README, "Agent stacks"), "ts");

const folder = mkdtempSync(join(tmpdir(), "toolsift-stacks-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
// A reader's project: toolsift and the SDK peers installed side by side.
const peers = Object.keys((JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { peerDependencies: Record<string, string> }).peerDependencies);
for (const name of ["toolsift", ...peers]) {
  mkdirSync(join(folder, "node_modules", name, ".."), { recursive: true });
  symlinkSync(name === "toolsift" ? root : join(root, "node_modules", name), join(folder, "node_modules", name), "dir");
}

/** Runs block `index` with `probe` appended; returns what the probe printed, parsed. */
function run(index: number, probe: string): unknown {
  const script = join(folder, `stack-${index}.mjs`);
  writeFileSync(script, transpiled(`${blocks[index]!}\nconsole.log(JSON.stringify(${probe}));\nexport {};\n`));
  const result = spawnSync(process.execPath, [script], { cwd: root, encoding: "utf8", timeout: 60_000 });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as unknown;
}

describe("README: Agent stacks", () => {
  it("has one example per stack", () => {
    expect(blocks.map((block) => /from "toolsift\/([a-z-]+)"/.exec(block)?.[1])).toEqual(["anthropic", "openai", "ai-sdk", "langchain"]);
  });

  it("Anthropic: the catalogue is declared deferred and a search answers with a reference", () => {
    expect(run(0, "{ tools: claude.tools.map((tool) => [tool.name, tool.defer_loading ?? false]), result: search.result }")).toEqual({
      tools: [["search_tools", false], ["reply", false], ["github__create_issue", true], ["slack__post_message", true]],
      result: { type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "tool_reference", tool_name: "github__create_issue" }] },
    });
  });

  it("OpenAI: a search answers with a tool_search_output of the withheld definition", () => {
    expect(run(1, "{ tools: gpt.tools.map((tool) => tool.type), output: search.output }")).toMatchObject({
      tools: ["tool_search", "function"],
      output: { type: "tool_search_output", call_id: "call_1", tools: [{ type: "function", name: "slack__post_message", description: "Third-party tool; description withheld" }] },
    });
  });

  it("AI SDK: the first step shows the menu", () => {
    expect(run(2, "first")).toEqual({ activeTools: ["search_tools", "reply"], toolOrder: ["search_tools", "reply"] });
  });

  it("LangChain: the middleware contributes search_tools", () => {
    expect(run(3, "{ name: middleware.name, tools: middleware.tools.map((tool) => tool.name) }")).toEqual({ name: "ToolsiftToolSearch", tools: ["search_tools"] });
  });
});
