// What learned and shipped annotations cost: build time, query time and artifact bytes of the
// MCP catalogue (2,464 tools) without and with the MCP hints, and of 10,000 tools without and
// with learned annotations at their bound (32 words per tool); and the time learnHints takes
// on a usage log. Writes bench/learn-costs.{json,md}.
//
//   npx tsx bench/learn-costs.ts
import path from "node:path";
import { gzipSync } from "node:zlib";
import { Bm25ToolRanker, init } from "../src/index.js";
import { MCP_HINT_SERVERS, mcpHints } from "../src/hints/mcp.js";
import { LEARN_DEFAULTS, learnHints, type ToolUse } from "../src/learn/index.js";
import type { ToolAnnotations } from "../src/trust/index.js";
import type { ToolSearchDoc } from "../src/types.js";
import { loadCatalogue, loadDataset, replicateCatalogue, repoRoot } from "./lib/datasets.js";
import { formatBytes, formatMicros, formatMillis, shuffled, timeEach, timeOnce, writeJson, writeText } from "./lib/harness.js";
import { annotated } from "./lib/learned.js";
import { shortQueries } from "./lib/query-sets.js";

await init();
const mcp = loadCatalogue("mcp-catalogue");
if (!mcp.ok) throw new Error(mcp.reason);

interface Row {
  readonly case: string;
  readonly tools: number;
  readonly annotated: number;
  readonly buildMs: number;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly p50: number;
  readonly p99: number;
}

function measure(label: string, docs: readonly ToolSearchDoc[], annotations: ToolAnnotations | undefined, queries: readonly string[]): Row {
  const input = annotations === undefined ? docs : annotated(docs, annotations);
  // The best of three builds: the machine is shared.
  let buildMs = Infinity;
  let ranker: Bm25ToolRanker | undefined;
  for (let round = 0; round < 3; round++) {
    const built = timeOnce(() => new Bm25ToolRanker(input));
    buildMs = Math.min(buildMs, built.ms);
    ranker = built.result;
  }
  const bytes = ranker!.serialize();
  const latency = timeEach(queries, (query) => ranker!.rank(query, 10), { budgetMs: 1500 });
  const row = { case: label, tools: docs.length, annotated: annotations === undefined ? 0 : input.filter((doc, index) => doc !== docs[index] && (doc.aliases.length > 0 || doc.tags.length > 0)).length, buildMs, bytes: bytes.byteLength, gzipBytes: gzipSync(bytes, { level: 9 }).length, p50: latency.p50, p99: latency.p99 };
  console.error(`${label}: build ${formatMillis(buildMs)}, ${formatBytes(row.bytes)}, p50 ${formatMicros(latency.p50)}`);
  return row;
}

const mcpQueries = shuffled([...shortQueries(mcp.value, 300, "MCP").queries]);
const rows: Row[] = [];
const hints = mcpHints();
rows.push(measure("MCP catalogue, no hints", mcp.value, undefined, mcpQueries));
rows.push(measure(`MCP catalogue, MCP hints (${MCP_HINT_SERVERS.length} servers)`, mcp.value, hints, mcpQueries));

// 10,000 tools, each with learned annotations of words from real requests (the MetaTool dev
// fold's vocabulary): at the default bound (12 words: 6 aliases, 6 tags) and at the ceiling
// (32: 16 and 16), the worst case for the index.
const big = replicateCatalogue(mcp.value, 10_000);
const metatool = loadDataset("metatool");
if (!metatool.ok) throw new Error(metatool.reason);
const vocabulary = [...new Set(metatool.value.queries.filter((entry) => entry.fold === "dev").flatMap((entry) => entry.query.toLowerCase().match(/[a-z]{3,}/g) ?? []))];
function learnedAt(count: number): Record<string, { aliases: string[]; tags: string[] }> {
  const out: Record<string, { aliases: string[]; tags: string[] }> = {};
  big.forEach((doc, index) => {
    const words = Array.from({ length: count }, (_, position) => vocabulary[(index * 37 + position * 101) % vocabulary.length]!);
    out[doc.id] = { aliases: words.slice(0, count / 2), tags: words.slice(count / 2) };
  });
  return out;
}
const bigQueries = shuffled([...shortQueries(big, 300, "10,000 tools").queries]);
rows.push(measure("10,000 tools, no annotations", big, undefined, bigQueries));
rows.push(measure(`10,000 tools, ${LEARN_DEFAULTS.maxPerTool} learned words each (the default bound${LEARN_DEFAULTS.maxPerTool === 32 ? ", the ceiling" : ""})`, big, learnedAt(LEARN_DEFAULTS.maxPerTool), bigQueries));
if (LEARN_DEFAULTS.maxPerTool < 32) rows.push(measure("10,000 tools, 32 learned words each (the ceiling)", big, learnedAt(32), bigQueries));

// learnHints itself: a log of 100,000 uses over the 10,000 tools (10 requests each, drawn
// from the MetaTool dev requests), learned against the catalogue.
const requests = metatool.value.queries.filter((entry) => entry.fold === "dev").map((entry) => entry.query);
const uses: ToolUse[] = Array.from({ length: 100_000 }, (_, index) => ({ request: requests[index % requests.length]!, tool: big[(index * 7919) % big.length]!.id }));
const analyzer = new Bm25ToolRanker([{ id: "analyzer" }]);
const learning = timeOnce(() => learnHints(uses, { analyzer, tools: big.map((doc) => ({ ...doc })) }));
const learnedWords = Object.values(learning.result).reduce((sum, entry) => sum + (entry.aliases?.length ?? 0) + (entry.tags?.length ?? 0), 0);
const learnedJson = Buffer.byteLength(JSON.stringify(learning.result));
console.error(`learnHints on 100,000 uses: ${formatMillis(learning.ms)}, ${learnedWords} words`);
// The same with the served-rank gate (as toolsift learn runs it): one search a distinct request.
const servingRanker = new Bm25ToolRanker(big);
const gated = timeOnce(() => learnHints(uses, { analyzer: servingRanker, ranker: servingRanker, tools: big.map((doc) => ({ ...doc })) }));
const gatedWords = Object.values(gated.result).reduce((sum, entry) => sum + (entry.aliases?.length ?? 0) + (entry.tags?.length ?? 0), 0);
const distinctRequests = new Set(uses.map((use) => use.request)).size;
console.error(`learnHints with the gate: ${formatMillis(gated.ms)}, ${gatedWords} words`);

const lines = [
  "# Costs of learned and shipped annotations",
  "",
  `Generated by \`npx tsx bench/learn-costs.ts\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on a shared 2-core machine (build: best of three; query: 300 short model-style queries, top 10).`,
  "",
  "| case | tools | annotated | build | artifact | gzipped | query p50 | query p99 |",
  "|---|---:|---:|---:|---:|---:|---:|---:|",
  ...rows.map((row) => `| ${row.case} | ${row.tools} | ${row.annotated} | ${formatMillis(row.buildMs)} | ${formatBytes(row.bytes)} | ${formatBytes(row.gzipBytes)} | ${formatMicros(row.p50)} | ${formatMicros(row.p99)} |`),
  "",
  `learnHints on a log of 100,000 uses over the 10,000 tools (MetaTool dev requests, defaults, with the catalogue for the third-party rule): ${formatMillis(learning.ms)}, ${learnedWords} words for ${Object.keys(learning.result).length} tools, ${formatBytes(learnedJson)} of JSON. The same with the served-rank gate's ranker (\`servedRank\` ${LEARN_DEFAULTS.servedRank}, one search of the 10,000 tools for each of ${distinctRequests} distinct requests, as \`toolsift learn\` runs it): ${formatMillis(gated.ms)}, ${gatedWords} words for ${Object.keys(gated.result).length} tools.`,
  "",
  `MCP hints of ${MCP_HINT_SERVERS.length} servers: ${MCP_HINT_SERVERS.join(", ") || "none"}.`,
  "",
];
writeJson(path.join(repoRoot, "bench/learn-costs.json"), { servers: MCP_HINT_SERVERS, rows, learning: { uses: uses.length, ms: learning.ms, words: learnedWords, jsonBytes: learnedJson } });
writeText(path.join(repoRoot, "bench/learn-costs.md"), lines.join("\n"));
