// What host vectors cost (docs/embeddings.md): build time, artifact bytes, load time and query
// time with 384-dimension vectors, against the same index without them, on the MCP catalogue
// (2,464 tools) and on it replicated to 100,000. The vectors come from a hashed bag of words:
// they cost what any model's vectors of that width cost, and mean nothing.
//
//   npx tsx bench/vectors.ts [--sizes 2464,100000]   (writes bench/vectors.json and bench/vectors.md)
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { Bm25ToolRanker, init, type HostVectors } from "../src/index.js";
import type { ToolSearchDoc } from "../src/types.js";
import { benchCatalogues } from "./lib/catalogues.js";
import { hashedEmbedding } from "./lib/hashed-embedding.js";
import { repoRoot } from "./lib/datasets.js";
import { formatBytes, formatMicros, formatMillis, listArgument, markdownTable, median, timeEach, timeOnce, writeJson, writeText } from "./lib/harness.js";

const DIMS = 384;

function hostVectors(docs: readonly ToolSearchDoc[]): HostVectors {
  const table = new Map(docs.map((doc) => [doc.id, hashedEmbedding(`${doc.id} ${doc.description ?? ""}`, DIMS)]));
  return { dims: DIMS, get: (id) => table.get(id) };
}

await init();
const sizes = (listArgument("sizes") ?? ["2464", "100000"]).map(Number);
const { catalogues } = benchCatalogues(sizes, { seal: false });
const rows: Record<string, unknown>[] = [];
for (const catalogue of catalogues) {
  const { docs } = catalogue;
  const vectors = hostVectors(docs);
  const runs = docs.length > 10_000 ? 1 : 5;
  // Warmed once on a slice, then the two builds alternate, so neither pays for cold code alone.
  new Bm25ToolRanker(docs.slice(0, 500), undefined, { vectors });
  const times = { without: [] as number[], with: [] as number[] };
  let plainRanker: Bm25ToolRanker | undefined;
  let fusedRanker: Bm25ToolRanker | undefined;
  for (let run = 0; run < runs; run++) {
    const without = timeOnce(() => new Bm25ToolRanker(docs));
    const withVectors = timeOnce(() => new Bm25ToolRanker(docs, undefined, { vectors }));
    times.without.push(without.ms);
    times.with.push(withVectors.ms);
    plainRanker = without.result;
    fusedRanker = withVectors.result;
  }
  const plain = { ms: median(times.without), ranker: plainRanker! };
  const fused = { ms: median(times.with), ranker: fusedRanker! };
  const plainBytes = plain.ranker.serialize();
  const fusedBytes = fused.ranker.serialize();
  const loadMs = (bytes: Uint8Array) => median([0, 1, 2].map(() => timeOnce(() => Bm25ToolRanker.load(bytes)).ms));
  const queries = catalogue.short.queries.slice(0, 200).map((query) => ({ query, vector: hashedEmbedding(query, DIMS) }));
  const bm25 = timeEach(queries, ({ query }) => fused.ranker.search(query, 5), { budgetMs: 1500 });
  const withVector = timeEach(queries, ({ query, vector }) => fused.ranker.search(query, 5, { vector }), { budgetMs: 3000 });
  rows.push({
    catalogue: catalogue.name,
    tools: docs.length,
    dims: DIMS,
    buildMs: { without: plain.ms, with: fused.ms },
    artifactBytes: { without: plainBytes.length, with: fusedBytes.length },
    artifactGzipBytes: { without: gzipSync(plainBytes).length, with: gzipSync(fusedBytes).length },
    loadMs: { without: loadMs(plainBytes), with: loadMs(fusedBytes) },
    queryP50Micros: { bm25: bm25.p50, fused: withVector.p50 },
    queryP90Micros: { bm25: bm25.p90, fused: withVector.p90 },
  });
  console.error(`${catalogue.name}: done`);
}

type Row = {
  catalogue: string;
  tools: number;
  buildMs: { without: number; with: number };
  artifactBytes: { without: number; with: number };
  artifactGzipBytes: { without: number; with: number };
  loadMs: { without: number; with: number };
  queryP50Micros: { bm25: number; fused: number };
};
const table = markdownTable(
  ["catalogue", "build (no vectors → 384 d)", "artifact", "gzipped", "load", "query p50 BM25F → fused"],
  (rows as Row[]).map((row) => [
    `${row.catalogue} (${row.tools.toLocaleString("en-US")})`,
    `${formatMillis(row.buildMs.without)} → ${formatMillis(row.buildMs.with)}`,
    `${formatBytes(row.artifactBytes.without)} → ${formatBytes(row.artifactBytes.with)}`,
    `${formatBytes(row.artifactGzipBytes.without)} → ${formatBytes(row.artifactGzipBytes.with)}`,
    `${formatMillis(row.loadMs.without)} → ${formatMillis(row.loadMs.with)}`,
    `${formatMicros(row.queryP50Micros.bm25)} → ${formatMicros(row.queryP50Micros.fused)}`,
  ]),
);
writeJson(path.join(repoRoot, "bench/vectors.json"), { node: process.version, loadAverage: os.loadavg(), rows });
writeText(path.join(repoRoot, "bench/vectors.md"), `# Host vectors: what 384 dimensions cost\n\nWritten by \`bench/vectors.ts\` (hashed bag-of-words vectors: the cost of any model's vectors of that width, none of the meaning). The fused query includes BM25F at depth 50, the int8 scan of every tool and the fusion. Load average during the run: ${os.loadavg().map((load) => load.toFixed(1)).join(", ")} on ${os.cpus().length} cores (times are noisy when it is high).\n\n${table}\n`);
console.log(table);
