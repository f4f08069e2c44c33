// The groups benchmark (docs/groups.md): the cost of the deferral decision and of
// catalogueBlock() at the MCP catalogue's 2,464 tools (89 servers, one dynamic group each)
// and at 100,000 generated tools (1,000 servers of 100), under maxTools 128. A session is
// built with and without groups in the same run, interleaved, so both see the same moments of
// a shared machine; the decision's own cost is measured apart from membership (decideDeferral
// on prebuilt groups), and catalogueBlock() is timed on a built session.
//
//   npx tsx bench/groups.ts [--runs 15] [--out bench/groups.md]
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createToolSearchSession, init } from "../src/index.js";
import { SessionCatalogue } from "../src/session/catalogue.js";
import { decideDeferral } from "../src/session/groups/deferral.js";
import { readDeferral } from "../src/session/groups/groups-config.js";
import { SessionGroups } from "../src/session/groups/groups.js";
import { parseSessionConfig } from "../src/session/config.js";
import type { ToolDefinition } from "../src/trust/tool-definition.js";
import { MCP_CATALOGUE_FILE, repoRoot } from "./lib/datasets.js";
import { argument, formatMillis, markdownTable, median, runEnvironment, writeText } from "./lib/harness.js";

const runs = Number(argument("runs") ?? 15);
const out = argument("out") ?? path.join(repoRoot, "bench", "groups.md");
const MAX_TOOLS = 128;

function mcpCatalogue(): ToolDefinition[] {
  const raw = JSON.parse(readFileSync(MCP_CATALOGUE_FILE, "utf8")) as Record<string, unknown>[];
  return raw.map(({ inputSchema, ...tool }) => ({ ...tool, origin: "remote", ...(inputSchema === undefined ? {} : { jsonInputSchema: inputSchema }) })) as ToolDefinition[];
}

function generated(count: number, perServer: number): ToolDefinition[] {
  return Array.from({ length: count }, (_, i) => {
    const server = `server${String(Math.floor(i / perServer)).padStart(4, "0")}`;
    return { id: `${server}__tool_${i % perServer}`, server, description: `Does task ${i} of ${server}.`, inputSchema: { type: "object", properties: { id: { type: "string" } } } } as ToolDefinition;
  });
}

function time<T>(call: () => T): { ms: number; result: T } {
  const start = performance.now();
  const result = call();
  return { ms: performance.now() - start, result };
}

interface Row {
  readonly name: string;
  readonly tools: number;
  readonly groups: number;
  readonly plain: number;
  readonly grouped: number;
  readonly decision: number;
  readonly block: number;
  readonly blockChars: number;
  readonly menu: number;
}

function measure(name: string, catalogue: ToolDefinition[]): Row {
  const toolSearch = { catalogue, trustJsonSchemaText: true };
  const plain: number[] = [];
  const grouped: number[] = [];
  const decision: number[] = [];
  const block: number[] = [];
  let blockChars = 0;
  let menu = 0;
  let groups = 0;
  const resolved = parseSessionConfig({ onWarning: () => {}, toolSearch: { ...toolSearch, serverGroups: true, deferral: { maxTools: MAX_TOOLS } } });
  const catalogueView = new SessionCatalogue(resolved.toolSearch!, new Set());
  const sessionGroups = new SessionGroups([], true, catalogueView);
  const sizes = new Map<string, number>();
  for (const id of catalogueView.universe()) sizes.set(id, JSON.stringify(catalogueView.spec(id)).length);
  for (let run = 0; run <= runs; run++) {
    const a = time(() => createToolSearchSession({ onWarning: () => {}, toolSearch }));
    const b = time(() => createToolSearchSession({ onWarning: () => {}, toolSearch: { ...toolSearch, serverGroups: true, deferral: { maxTools: MAX_TOOLS } } }));
    const c = time(() =>
      decideDeferral({
        groups: sessionGroups,
        deferral: readDeferral({ maxTools: MAX_TOOLS }),
        baseTools: 1,
        baseChars: 600,
        onMenu: () => false,
        size: (id) => sizes.get(id),
        reserve: 32,
        floor: undefined,
      }),
    );
    const d = time(() => b.result.catalogueBlock());
    if (run === 0) continue; // warm-up
    plain.push(a.ms);
    grouped.push(b.ms);
    decision.push(c.ms);
    block.push(d.ms);
    blockChars = d.result.length;
    menu = b.result.menuNames().length;
    groups = sessionGroups.list.length;
  }
  return { name, tools: catalogue.length, groups, plain: median(plain), grouped: median(grouped), decision: median(decision), block: median(block), blockChars, menu };
}

await init();
const loadBefore = os.loadavg();
const rows = [measure("MCP catalogue", mcpCatalogue()), measure("generated", generated(100_000, 100))];
const environment = runEnvironment(loadBefore);
const table = markdownTable(
  ["catalogue", "tools", "groups", "session, no groups", "session, groups", "decision alone", "catalogueBlock()", "block chars", "turn-0 menu"],
  rows.map((row) => [row.name, row.tools.toLocaleString("en"), String(row.groups), formatMillis(row.plain), formatMillis(row.grouped), formatMillis(row.decision), formatMillis(row.block), row.blockChars.toLocaleString("en"), String(row.menu)]),
);
const text = `# Groups and deferral: cost of the decision and of catalogueBlock()

\`npm run bench:groups\` (${runs} timed runs after one warm-up, medians; maxTools ${MAX_TOOLS}, one dynamic group per server).
"session" is createToolSearchSession end to end (the catalogue view, membership, the decision,
the turn-0 menu and the block); "decision alone" is decideDeferral on prebuilt groups;
catalogueBlock() returns the text the constructor rendered. A benchmark, not a test.

${table}

Environment: ${JSON.stringify(environment)}
`;
writeText(out, text);
process.stdout.write(text);
