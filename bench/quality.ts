// Retrieval quality of toolsift and the peers on every labelled set, through the same
// `evaluate`, in one run. Writes bench/quality.md and bench/quality.json (or
// bench/quality.dev.{md,json} with `--fold dev`, the tuning fold).
//
//   npx tsx bench/quality.ts [--fold dev|test] [--datasets seal-tools,metatool] [--engines toolsift,lunr]
import path from "node:path";
import { evaluate, type EvalMetrics, type EvalQuery } from "../src/eval/index.js";
import type { ToolSearchDoc } from "../src/types.js";
import { LABELLED_DATASETS, dataRoot, loadCatalogue, loadDataset, loadRepoQueries, repoRoot } from "./lib/datasets.js";
import { asRanker, type EngineFactory } from "./lib/engine.js";
import { argument, formatMillis, listArgument, markdownTable, timeOnce, writeJson, writeText } from "./lib/harness.js";
import { toolsiftEngines } from "./lib/toolsift.js";
import { PEERS } from "./peers/index.js";

const METRIC_KEYS = ["recall@1", "recall@5", "recall@10", "ndcg@10", "mrr"] as const;
const OWN_SETS = ["en", "ru", "zh"] as const;

interface Suite {
  readonly name: string;
  readonly description: string;
  readonly docs: readonly ToolSearchDoc[];
  readonly queries: readonly EvalQuery[];
}

type EngineResult = { metrics: EvalMetrics; buildMs: number; evalMs: number } | { error: string };

interface SuiteResult {
  readonly name: string;
  readonly description: string;
  readonly tools: number;
  readonly queries: number;
  readonly results: Record<string, EngineResult>;
  readonly bestPeer?: string;
  readonly gain?: { "ndcg@10": number; "recall@5": number };
}

const fold = argument("fold") ?? "test";
if (fold !== "dev" && fold !== "test") {
  console.error(`--fold must be dev or test, got ${fold}`);
  process.exit(1);
}
const onlyDatasets = listArgument("datasets");
const onlyEngines = listArgument("engines");

const notes: string[] = [];
const skipped: string[] = [];
const toolsift = await toolsiftEngines();
notes.push(...toolsift.notes);
const engines: EngineFactory[] = [...toolsift.engines, ...PEERS].filter(
  (engine) => onlyEngines === undefined || onlyEngines.includes(engine.name),
);
const peerNames = new Set(PEERS.map((peer) => peer.name));

const suites: Suite[] = [];
for (const name of LABELLED_DATASETS) {
  if (onlyDatasets !== undefined && !onlyDatasets.includes(name)) continue;
  const loaded = loadDataset(name);
  if (!loaded.ok) {
    skipped.push(loaded.reason);
    continue;
  }
  suites.push({ name, description: `${name} (${fold} fold)`, docs: loaded.value.docs, queries: loaded.value.queries });
}
const mcp = loadCatalogue("mcp-catalog");
for (const lang of OWN_SETS) {
  const name = `mcp-catalog/${lang}`;
  if (onlyDatasets !== undefined && !onlyDatasets.includes(name) && !onlyDatasets.includes("own")) continue;
  if (!mcp.ok) {
    skipped.push(mcp.reason);
    break;
  }
  const queries = loadRepoQueries(`test/fixtures/queries-${lang}.json`);
  if (!queries.ok) {
    skipped.push(queries.reason);
    continue;
  }
  suites.push({
    name,
    description: `own ${lang} requests (test/fixtures/queries-${lang}.json) against the MCP catalogue`,
    docs: mcp.value,
    queries: queries.value,
  });
}

const results: SuiteResult[] = [];
for (const suite of suites) {
  const selected = suite.queries.filter((entry) => (entry.fold ?? "test") === fold).length;
  if (selected === 0) {
    skipped.push(`${suite.name}: no ${fold}-fold queries; skipped`);
    continue;
  }
  console.error(`${suite.name}: ${suite.docs.length} tools, ${selected} ${fold} queries`);
  const byEngine: Record<string, EngineResult> = {};
  for (const factory of engines) {
    try {
      const engine = factory.create();
      const build = timeOnce(() => engine.build(suite.docs));
      const run = timeOnce(() => evaluate(asRanker(engine), suite.queries, { fold }));
      byEngine[factory.name] = { metrics: run.result, buildMs: build.ms, evalMs: run.ms };
      const metrics = run.result;
      console.error(
        `  ${factory.name.padEnd(16)} nDCG@10 ${pct(metrics["ndcg@10"])}  R@5 ${pct(metrics["recall@5"])}  ` +
          `build ${formatMillis(build.ms)}  eval ${formatMillis(run.ms)}`,
      );
    } catch (error) {
      byEngine[factory.name] = { error: error instanceof Error ? error.message.split("\n")[0]! : String(error) };
      console.error(`  ${factory.name.padEnd(16)} failed: ${(byEngine[factory.name] as { error: string }).error}`);
    }
  }
  results.push({ ...summarize(byEngine), name: suite.name, description: suite.description, tools: suite.docs.length, queries: selected, results: byEngine });
}

function summarize(byEngine: Record<string, EngineResult>): Pick<SuiteResult, "bestPeer" | "gain"> {
  let bestPeer: string | undefined;
  let best: EvalMetrics | undefined;
  for (const [name, result] of Object.entries(byEngine)) {
    if (!peerNames.has(name) || !("metrics" in result)) continue;
    if (best === undefined || result.metrics["ndcg@10"] > best["ndcg@10"]) {
      best = result.metrics;
      bestPeer = name;
    }
  }
  const ours = byEngine["toolsift"];
  if (best === undefined || ours === undefined || !("metrics" in ours)) return bestPeer === undefined ? {} : { bestPeer };
  const bestRecall5 = Math.max(
    ...Object.entries(byEngine)
      .filter(([name, result]) => peerNames.has(name) && "metrics" in result)
      .map(([, result]) => (result as { metrics: EvalMetrics }).metrics["recall@5"]),
  );
  return {
    ...(bestPeer === undefined ? {} : { bestPeer }),
    gain: {
      "ndcg@10": 100 * (ours.metrics["ndcg@10"] - best["ndcg@10"]),
      "recall@5": 100 * (ours.metrics["recall@5"] - bestRecall5),
    },
  };
}

function pct(value: number): string {
  return (100 * value).toFixed(1);
}

const suffix = fold === "dev" ? ".dev" : "";
const generatedAt = new Date().toISOString();
writeJson(path.join(repoRoot, `bench/quality${suffix}.json`), {
  generatedAt,
  fold,
  node: process.version,
  dataRoot: path.relative(repoRoot, dataRoot()),
  engines: engines.map((engine) => engine.name),
  notes,
  skipped,
  datasets: results,
});

const lines: string[] = [];
lines.push(`# Retrieval quality (${fold} fold)`, "");
lines.push(
  `Generated by \`npx tsx bench/quality.ts${fold === "dev" ? " --fold dev" : ""}\` (\`npm run bench:quality\`) on ${generatedAt.slice(0, 10)}, Node ${process.version}. ` +
    "Every engine indexes the same documents (SPEC §5 `ToolSearchDoc`s built from each set's `tools.json`) and is scored by the same " +
    "`evaluate` (`src/eval/`) in the same run. Values are percentages; recall@k of a multi-tool request is the share of its tools in the top k. " +
    `The gain is toolsift (default configuration) minus the best peer by nDCG@10, in points; the recall@5 gain is over the best peer recall@5.${fold === "dev" ? " **Dev fold: for tuning only, not a result.**" : ""}`,
  "",
);
lines.push(
  "Engines (peers use their own tokenizers, with field boosts name 3, aliases 2, tags 2, description 1, params 0.5; " +
    "the name field holds the tool id as is):",
  "",
  ...engines.map((engine) => `- **${engine.name}**: ${engine.description}.`),
  "",
);
if (notes.length > 0 || skipped.length > 0) {
  lines.push("Notes:", "", ...[...notes, ...skipped].map((note) => `- ${note}`), "");
}
if (results.length > 0) {
  lines.push("## Summary", "");
  lines.push(
    markdownTable(
      ["set", "tools", "queries", "toolsift nDCG@10", "best peer", "peer nDCG@10", "gain nDCG@10", "toolsift R@5", "gain R@5"],
      results.map((result) => {
        const ours = result.results["toolsift"];
        const peer = result.bestPeer === undefined ? undefined : result.results[result.bestPeer];
        return [
          result.name,
          String(result.tools),
          String(result.queries),
          ours !== undefined && "metrics" in ours ? pct(ours.metrics["ndcg@10"]) : "n/a",
          result.bestPeer ?? "n/a",
          peer !== undefined && "metrics" in peer ? pct(peer.metrics["ndcg@10"]) : "n/a",
          result.gain === undefined ? "n/a" : signed(result.gain["ndcg@10"]),
          ours !== undefined && "metrics" in ours ? pct(ours.metrics["recall@5"]) : "n/a",
          result.gain === undefined ? "n/a" : signed(result.gain["recall@5"]),
        ];
      }),
    ),
  );
  const gains = results.filter((result) => result.gain !== undefined).map((result) => result.gain!["ndcg@10"]);
  if (gains.length > 0) {
    lines.push(`Mean nDCG@10 gain over the best peer: ${signed(gains.reduce((a, b) => a + b, 0) / gains.length)} points.`, "");
  }
}
for (const result of results) {
  lines.push(`## ${result.name}`, "", `${result.description}: ${result.tools} tools, ${result.queries} queries.`, "");
  lines.push(
    markdownTable(
      ["engine", "recall@1", "recall@5", "recall@10", "nDCG@10", "MRR", "build"],
      Object.entries(result.results).map(([name, outcome]) =>
        "metrics" in outcome
          ? [name, ...METRIC_KEYS.map((key) => pct(outcome.metrics[key])), formatMillis(outcome.buildMs)]
          : [name, ...METRIC_KEYS.map(() => "n/a"), `failed: ${outcome.error}`],
      ),
    ),
  );
}
writeText(path.join(repoRoot, `bench/quality${suffix}.md`), `${lines.join("\n").trimEnd()}\n`);
console.error(`wrote bench/quality${suffix}.md and bench/quality${suffix}.json`);

function signed(points: number): string {
  return `${points >= 0 ? "+" : ""}${points.toFixed(1)}`;
}
