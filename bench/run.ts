// Every performance benchmark in one run: build, memory, artifact (serialize/load)
// and query latency (long and short queries) of toolsift and the five peers on the MCP
// catalogue replicated to 1k/10k/100k tools and on the Seal-Tools catalogue, plus the
// JS↔WASM baseline. Writes bench/results.json and bench/results.md (ratios to toolsift).
//
//   npx tsx bench/run.ts [--sizes 1000,10000,100000] [--engines toolsift,wink-bm25]
//                        [--budget-ms 2000] [--max-build-s 60] [--max-memory-mb 1536] [--no-seal] [--quick]
//
// `--quick` is `--sizes 1000,10000 --budget-ms 500 --no-seal`. A peer whose build at the
// previous size predicts more than `--max-build-s` (or an index over `--max-memory-mb`) at the
// next is skipped there, and the report says so.
import os from "node:os";
import path from "node:path";
import { measureBaseline, baselineRows } from "./baseline.js";
import { measureApart } from "./apart.js";
import { buildRuns, measureBuild, measurePairedBuild, REPEAT_BUDGET_MS, type PairedBuildResult } from "./build.js";
import { EXPLAIN_HEADERS, explainRow, measureExplain, type ExplainResult } from "./explain.js";
import { benchCatalogues, DEFAULT_SIZES, type BenchCatalogue } from "./lib/catalogues.js";
import { repoRoot } from "./lib/datasets.js";
import {
  argument,
  runEnvironment,
  settleMemory,
  formatBytes,
  formatMicros,
  formatMillis,
  formatRatio,
  listArgument,
  markdownTable,
  writeJson,
  writeText,
  type LatencyStats,
  type MemoryDelta,
} from "./lib/harness.js";
import { selectEngines } from "./lib/select.js";
import { loadRuns, measureArtifact, type ArtifactResult } from "./load.js";
import { QUERY_LIMIT } from "./query.js";
import { measurePruning, pruningTable, type PruningResult } from "./pruning.js";
import { measureSimd, simdTable, type SimdResult } from "./simd.js";

const quick = argument("quick") !== undefined;
const sizes = (listArgument("sizes") ?? (quick ? ["1000", "10000"] : DEFAULT_SIZES.map(String))).map(Number);
const budgetMs = Number(argument("budget-ms") ?? (quick ? 500 : 2000));
const maxBuildMs = 1000 * Number(argument("max-build-s") ?? 60);
const withSeal = !quick && argument("no-seal") === undefined;
const maxMemoryBytes = 1024 ** 2 * Number(argument("max-memory-mb") ?? 1536);

interface Row {
  readonly catalogue: string;
  readonly tools: number;
  readonly engine: string;
  readonly skipped?: string;
  readonly build?: { ms: number; runs: number; firstMs: number; memory: MemoryDelta };
  readonly artifact?: ArtifactResult;
  readonly query?: { long: LatencyStats; short: LatencyStats };
  readonly explain?: ExplainResult;
}

const startedAt = new Date();
const loadBefore = os.loadavg();
const { engines, notes } = await selectEngines(listArgument("engines"));
const { catalogues, skipped } = benchCatalogues(sizes, { seal: withSeal });
for (const note of [...notes, ...skipped]) console.error(note);

const rows: Row[] = [];
// Per catalogue: toolsift's builds interleaved with the fastest peer's (bench/build.ts).
const paired = new Map<string, PairedBuildResult>();
const PAIRED_MAX_TOOLS = 10_000;
const PAIRS = 5;
const msPerTool = new Map<string, number>();
const bytesPerTool = new Map<string, number>();
for (const catalogue of catalogues) {
  console.error(`${catalogue.name}: ${catalogue.docs.length} tools`);
  for (const factory of engines) {
    const estimate = (msPerTool.get(factory.name) ?? 0) * catalogue.docs.length;
    const memoryEstimate = (bytesPerTool.get(factory.name) ?? 0) * catalogue.docs.length;
    const reason =
      estimate > maxBuildMs
        ? `skipped: build estimated at ${formatMillis(estimate)} (over --max-build-s ${maxBuildMs / 1000})`
        : memoryEstimate > maxMemoryBytes
          ? `skipped: index estimated at ${formatBytes(memoryEstimate)} (over --max-memory-mb ${maxMemoryBytes / 1024 ** 2})`
          : undefined;
    if (reason !== undefined) {
      rows.push({ catalogue: catalogue.name, tools: catalogue.docs.length, engine: factory.name, skipped: reason });
      console.error(`  ${factory.name}: ${reason}`);
      continue;
    }
    await settleMemory();
    rows.push(measureOne(factory, catalogue));
  }
  const result = pairWithFastestPeer(catalogue);
  if (result !== undefined) paired.set(catalogue.name, result);
}

// Interleaved builds of toolsift and the peer that built fastest, up to 10k tools.
function pairWithFastestPeer(catalogue: BenchCatalogue): PairedBuildResult | undefined {
  if (catalogue.docs.length > PAIRED_MAX_TOOLS) return undefined;
  const built = rows.filter((row) => row.catalogue === catalogue.name && row.build !== undefined);
  const fastest = built.filter((row) => row.engine !== "toolsift").sort((left, right) => left.build!.ms - right.build!.ms)[0];
  const ours = engines.find((engine) => engine.name === "toolsift");
  const peer = engines.find((engine) => engine.name === fastest?.engine);
  if (ours === undefined || peer === undefined || !built.some((row) => row.engine === "toolsift")) return undefined;
  const result = measurePairedBuild(ours, peer, catalogue, PAIRS);
  console.error(`  paired builds with ${peer.name}: ${formatRatio(result.ratio, 1)} (median of ${PAIRS} pairs)`);
  return result;
}

function measureOne(factory: (typeof engines)[number], catalogue: BenchCatalogue): Row {
  const base = { catalogue: catalogue.name, tools: catalogue.docs.length, engine: factory.name };
  try {
    const build = measureBuild(factory, catalogue, buildRuns(catalogue.docs.length));
    msPerTool.set(factory.name, Math.max(msPerTool.get(factory.name) ?? 0, build.ms / catalogue.docs.length));
    const { memory, query } = measureApart(factory.name, catalogue, budgetMs);
    bytesPerTool.set(factory.name, Math.max(bytesPerTool.get(factory.name) ?? 0, memory.retainedBytes / catalogue.docs.length));
    const artifact = measureArtifact(factory, build.engine, catalogue.long.queries[0] ?? "search", loadRuns(catalogue.docs.length));
    console.error(
      `  ${factory.name}: build ${formatMillis(build.ms)}, long p50 ${formatMicros(query.long.p50)}, ` +
        `short p50 ${formatMicros(query.short.p50)}${"loadMs" in artifact ? `, load ${formatMillis(artifact.loadMs)}` : ""}`,
    );
    const explain = build.engine.explain === undefined ? undefined : measureExplain(build.engine, catalogue, { budgetMs });
    return {
      ...base,
      build: { ms: build.ms, runs: build.runs, firstMs: build.firstMs, memory },
      query,
      artifact,
      ...(explain === undefined ? {} : { explain }),
    };
  } catch (error) {
    const reason = `failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
    console.error(`  ${factory.name}: ${reason}`);
    return { ...base, skipped: reason };
  }
}

interface PerTool {
  readonly memoryBytes: number;
  readonly peakBytes: number;
  readonly artifactBytes?: number;
}

function perToolOf(row: Row): PerTool | undefined {
  if (row.build === undefined) return undefined;
  const artifact = row.artifact !== undefined && "bytes" in row.artifact ? row.artifact.bytes : undefined;
  return {
    memoryBytes: row.build.memory.retainedBytes / row.tools,
    peakBytes: row.build.memory.peakBytes / row.tools,
    ...(artifact === undefined ? {} : { artifactBytes: artifact / row.tools }),
  };
}

/**
 * Retained memory, peak memory and artifact bytes per tool, and each over toolsift's on the
 * same catalogue: the one place both results.md and results.json take these figures from.
 */
function perTool(row: Row): { perTool?: PerTool; ratioToToolsift?: { memory?: number; peak?: number; artifact?: number } } {
  const figures = perToolOf(row);
  if (figures === undefined) return {};
  const oursRow = rows.find((other) => other.catalogue === row.catalogue && other.engine === "toolsift");
  const ours = oursRow === undefined ? undefined : perToolOf(oursRow);
  if (ours === undefined) return { perTool: figures };
  const over = (value: number | undefined, base: number | undefined) =>
    value === undefined || base === undefined || base <= 0 ? undefined : value / base;
  const ratios = {
    memory: over(figures.memoryBytes, ours.memoryBytes),
    peak: over(figures.peakBytes, ours.peakBytes),
    artifact: over(figures.artifactBytes, ours.artifactBytes),
  };
  return { perTool: figures, ratioToToolsift: ratios };
}

// toolsift's pruned and exhaustive paths, interleaved on one index per catalogue.
const pruning: PruningResult[] = [];
for (const catalogue of catalogues) {
  const result = await measurePruning(catalogue, budgetMs);
  if (result === undefined) continue;
  pruning.push(result);
  console.error(`${catalogue.name}: pruning, short p99 ×${(result.short.exhaustive.p99 / result.short.pruned.p99).toFixed(2)}, long p50 ×${(result.long.exhaustive.p50 / result.long.pruned.p50).toFixed(2)}`);
}

// The shipped (simd128) core and the scalar build of the same source, interleaved likewise.
const simd: SimdResult[] = [];
for (const catalogue of catalogues) {
  const result = await measureSimd(catalogue, budgetMs);
  if (result === undefined) continue;
  simd.push(result);
  console.error(`${catalogue.name}: SIMD, short p50 ×${(result.short.scalar.p50 / result.short.simd.p50).toFixed(2)}, long p50 ×${(result.long.scalar.p50 / result.long.simd.p50).toFixed(2)}`);
}

const long = catalogues[0]?.long.queries ?? [];
const baseline = await measureBaseline(long);
const loadAfter = os.loadavg();

writeJson(path.join(repoRoot, "bench/results.json"), {
  generatedAt: startedAt.toISOString(),
  environment: environment(),
  settings: { sizes, budgetMs, maxBuildMs, limit: QUERY_LIMIT, quick },
  notes: [...notes, ...skipped],
  queries: Object.fromEntries(catalogues.map((catalogue) => [catalogue.name, { long: catalogue.long.name, short: catalogue.short.name, longCount: catalogue.long.queries.length, shortCount: catalogue.short.queries.length }])),
  results: rows.map((row) => ({ ...row, ...perTool(row) })),
  pairedBuilds: Object.fromEntries(paired),
  pruning,
  simd,
  baseline,
});
writeText(path.join(repoRoot, "bench/results.md"), report());
console.error("wrote bench/results.md and bench/results.json");

function environment() {
  return runEnvironment(loadBefore, loadAfter);
}

function report(): string {
  const env = environment();
  const out: string[] = [];
  out.push("# Performance", "");
  out.push(
    `Generated by \`npm run bench\` (\`tsx bench/run.ts${process.argv.slice(2).length > 0 ? ` ${process.argv.slice(2).join(" ")}` : ""}\`) on ${startedAt.toISOString().slice(0, 10)}: ` +
      `Node ${env.node}, ${env.cpu}, ${env.cores} cores, load average ${env.loadAverageBefore[0]} at the start and ${env.loadAverageAfter[0]} at the end ` +
      "(the machine is shared; compare ratios from the same run, not absolute times across runs).",
    "",
    "All engines index the same documents. Builds are timed in this process; each engine's queries are timed, and its memory measured, on an index it builds in a process of its own per catalogue (`bench/apart-child.ts`), so no engine's figures carry the heap the engines before it left. " +
      `Every query asks for ${QUERY_LIMIT} hits and is timed on its own with \`process.hrtime.bigint()\` ` +
      `after a warm-up, cycling through the query set in a fixed shuffled order, for at most ${budgetMs} ms or 5,000 queries per engine and set (at least 30). ` +
      "Ratios are the peer's figure divided by toolsift's (how many times slower or bigger the peer is).",
    "",
  );
  out.push("Engines:", "", ...engines.map((engine) => `- **${engine.name}**: ${engine.description}.`), "");
  out.push("Query sets:", "");
  for (const catalogue of catalogues) {
    out.push(`- ${catalogue.name}: ${catalogue.long.name}, ${catalogue.long.queries.length} queries; ${catalogue.short.name}, ${catalogue.short.queries.length} queries.`);
  }
  out.push(
    "",
    "Short queries are derived from tool ids (bench/lib/query-sets.ts `shortQueryFor`): a verb (the id's first action verb, else the description's first word when it is one, else `get`), up to two more words of the tool name and the server's first word, e.g. `create pull request github`.",
    "",
  );
  const allNotes = [...notes, ...skipped];
  if (allNotes.length > 0) out.push("Notes:", "", ...allNotes.map((note) => `- ${note}`), "");

  out.push("## Query latency", "");
  for (const catalogue of catalogues) {
    const here = rows.filter((row) => row.catalogue === catalogue.name);
    const ours = here.find((row) => row.engine === "toolsift")?.query;
    out.push(`### ${catalogue.name}`, "");
    out.push(
      markdownTable(
        ["engine", "long p50", "long p90", "long p99", "long p50 ×", "long p99 ×", "short p50", "short p90", "short p99", "short p50 ×", "short p99 ×"],
        here.map((row) => {
          if (row.query === undefined) return [row.engine, row.skipped ?? "n/a", ...Array(9).fill("")];
          const { long: l, short: s } = row.query;
          return [
            row.engine,
            formatMicros(l.p50),
            formatMicros(l.p90),
            formatMicros(l.p99),
            ours ? formatRatio(l.p50, ours.long.p50) : "n/a",
            ours ? formatRatio(l.p99, ours.long.p99) : "n/a",
            formatMicros(s.p50),
            formatMicros(s.p90),
            formatMicros(s.p99),
            ours ? formatRatio(s.p50, ours.short.p50) : "n/a",
            ours ? formatRatio(s.p99, ours.short.p99) : "n/a",
          ];
        }),
      ),
    );
  }

  if (pruning.length > 0) {
    out.push("## Pruned and exhaustive", "");
    out.push(
      "toolsift's default (block-max pruning, docs/performance.md \"Query: block-max pruning\") against `setPruning(\"off\")` on the same index in this process, the two modes alternating query by query; `p50 ×` and `p99 ×` are exhaustive ÷ pruned, `differing` the queries whose hits differed (must be 0).",
      "",
      pruningTable(pruning),
      "",
    );
  }
  if (simd.length > 0) {
    out.push("## SIMD and scalar core", "");
    out.push(
      "The shipped core (WebAssembly simd128) against the scalar build of the same source (build/toolsift.scalar.wasm, docs/performance.md \"Query: SIMD\") on the same catalogue in this process, the two alternating query by query; `p50 ×` and `p99 ×` are scalar ÷ SIMD, `differing` the queries whose hits differed (must be 0).",
      "",
      simdTable(simd),
      "",
    );
  }
  out.push("## Build, memory and artifact", "");
  out.push(
    "Build is the median of up to 5 builds after a first one (up to 2 at 100k), which is left out as the queries' warm-up is (it also pays for compiling and optimizing the engine's code; its time is `firstMs` in `results.json`); once " + REPEAT_BUDGET_MS / 1000 + " s have gone into one engine's builds no more are made, and a lone first build is the figure. " +
      `Up to ${PAIRED_MAX_TOOLS.toLocaleString("en-US")} tools, toolsift's builds are then interleaved with the fastest peer's (${PAIRS} pairs, each peer build between two of toolsift's): the machine's speed drifts for seconds at a time, and an interleaved ratio compares builds made at the same moment. ` +
      "The artifact is each engine's own serialized form (toolsift: its binary artifact; peers: their JSON export), loaded in a process of its own per engine, as in a cold Worker (`bench/load-child.ts`: the median of up to 9 loads after 2 untimed ones, 1 at 100k, each after a forced full collection; the first load, cold, is in `results.json`), and checked to answer a probe query identically.",
    "",
    "Per tool, from the build in the engine's own process: **memory** is what the built index retains (V8 heap + external memory, which includes ArrayBuffers and WebAssembly memory, after a forced GC and a turn of the event loop, when dropped WebAssembly memories are released); " +
      "**peak** is the most the same figure grew during that build, garbage included (the larger of the reading when the build returns and V8's reading before each collection during it, `v8.GCProfiler`); " +
      "**artifact** is the serialized size. Each is divided by the number of tools; × is the peer's figure over toolsift's.",
    "",
  );
  for (const catalogue of catalogues) {
    const here = rows.filter((row) => row.catalogue === catalogue.name);
    const ours = here.find((row) => row.engine === "toolsift");
    const oursArtifact = ours?.artifact !== undefined && "loadMs" in ours.artifact ? ours.artifact : undefined;
    out.push(`### ${catalogue.name}`, "");
    out.push(
      markdownTable(
        ["engine", "build", "build ×", "first build", "first ×", "load", "load ×", "build ÷ load", "memory", "artifact"],
        here.map((row) => {
          if (row.build === undefined) return [row.engine, row.skipped ?? "n/a", ...Array(8).fill("")];
          const artifact = row.artifact !== undefined && "loadMs" in row.artifact ? row.artifact : undefined;
          return [
            row.engine,
            formatMillis(row.build.ms),
            ours?.build ? formatRatio(row.build.ms, ours.build.ms) : "n/a",
            formatMillis(row.build.firstMs),
            ours?.build ? formatRatio(row.build.firstMs, ours.build.firstMs) : "n/a",
            artifact ? formatMillis(artifact.loadMs) : row.artifact && "skipped" in row.artifact ? row.artifact.skipped : "n/a",
            artifact && oursArtifact ? formatRatio(artifact.loadMs, oursArtifact.loadMs) : "n/a",
            artifact ? formatRatio(row.build.ms, artifact.loadMs) : "n/a",
            formatBytes(row.build.memory.retainedBytes),
            artifact ? formatBytes(artifact.bytes) : "n/a",
          ];
        }),
      ),
    );
    const pair = paired.get(catalogue.name);
    if (pair !== undefined) {
      out.push(
        `Builds interleaved with the fastest peer's, ${pair.pairs} pairs: toolsift ${formatMillis(pair.toolsiftMs)}, ${pair.peer} ${formatMillis(pair.peerMs)} (medians); ` +
          `the median over the pairs of ${pair.peer}'s build over its two toolsift neighbours' is **${formatRatio(pair.ratio, 1)}**.`,
        "",
      );
    }
    out.push(
      markdownTable(
        ["engine (per tool)", "memory", "memory ×", "peak", "peak ×", "artifact", "artifact ×"],
        here.map((row) => {
          const { perTool: figures, ratioToToolsift: ratios } = perTool(row);
          if (figures === undefined) return [row.engine, row.skipped ?? "n/a", ...Array(5).fill("")];
          const ratio = (value: number | undefined) => (value === undefined ? "n/a" : formatRatio(value, 1));
          return [
            row.engine,
            formatBytes(figures.memoryBytes),
            ratio(ratios?.memory),
            formatBytes(figures.peakBytes),
            ratio(ratios?.peak),
            figures.artifactBytes === undefined ? "n/a" : formatBytes(figures.artifactBytes),
            ratio(ratios?.artifact),
          ];
        }),
      ),
    );
  }

  const explained = rows.filter((row) => row.explain !== undefined);
  if (explained.length > 0) {
    out.push("## Explain", "", "toolsift's `explain` (per-term, per-field contributions; 10 hits) next to `rank` on the long queries. No peer explains its scores.", "");
    out.push(markdownTable(EXPLAIN_HEADERS, explained.map((row) => explainRow(`${row.catalogue} (${row.engine})`, row.explain!))));
  }

  out.push("## JS↔WASM baseline", "");
  if ("skipped" in baseline) out.push(baseline.skipped, "");
  else out.push(markdownTable(["what", "p50", "p99"], baselineRows(baseline)));
  return `${out.join("\n").trimEnd()}\n`;
}
