// Retrieval quality of toolsift and the peers on every labelled set, through the same
// `evaluate`, in one run. Writes bench/quality.json and bench/quality.md (or
// bench/quality.dev.{json,md} with `--fold dev`, the tuning fold).
//
//   npx tsx bench/quality.ts [--fold dev|test] [--datasets seal-tools,metatool,own] [--engines toolsift,lunr]
//   npx tsx bench/quality.ts --render [--fold dev]   (re-render the .md from the .json)
import { readFileSync } from "node:fs";
import path from "node:path";
import { evaluate, type EvalQuery } from "../src/eval/index.js";
import type { ToolSearchDoc } from "../src/types.js";
import { LABELLED_DATASETS, dataRoot, loadCatalogue, loadDataset, loadRepoQueries, repoRoot } from "./lib/datasets.js";
import { asRanker, type EngineFactory } from "./lib/engine.js";
import { argument, formatMillis, listArgument, timeOnce, writeJson, writeText } from "./lib/harness.js";
import { renderQualityMarkdown, summarize, type EngineResult, type QualityReport, type SuiteResult } from "./lib/quality-report.js";
import { toolsiftEngines } from "./lib/toolsift.js";
import { PEERS } from "./peers/index.js";

const OWN_SETS = ["en", "ru", "zh"] as const;

interface Suite {
  readonly name: string;
  readonly description: string;
  readonly kind: "public" | "own" | "held-out";
  readonly docs: readonly ToolSearchDoc[];
  readonly queries: readonly EvalQuery[];
}

const fold = argument("fold") ?? "test";
if (fold !== "dev" && fold !== "test") {
  console.error(`--fold must be dev or test, got ${fold}`);
  process.exit(1);
}
const suffix = fold === "dev" ? ".dev" : "";
const jsonFile = path.join(repoRoot, `bench/quality${suffix}.json`);
const markdownFile = path.join(repoRoot, `bench/quality${suffix}.md`);

if (argument("render") !== undefined) {
  writeText(markdownFile, renderQualityMarkdown(JSON.parse(readFileSync(jsonFile, "utf8")) as QualityReport));
  console.error(`re-rendered ${path.relative(repoRoot, markdownFile)}`);
  process.exit(0);
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
  suites.push({ name, kind: "public", description: `${name} (${fold} fold)`, docs: loaded.value.docs, queries: loaded.value.queries });
}
const mcp = loadCatalogue("mcp-catalogue");
// The own sets, then the held-out ones (test/fixtures/README.md), reported beside them in no mean.
const mcpSets = [
  ...OWN_SETS.map((lang) => ({ name: `mcp-catalogue/${lang}`, file: `queries-${lang}`, kind: "own" as const, what: `own ${lang} requests` })),
  ...(["holdout", "neutral"] as const).flatMap((set) =>
    (["ru", "zh"] as const).map((lang) => ({ name: `mcp-catalogue/${lang}-${set}`, file: `${set}-${lang}`, kind: "held-out" as const, what: `held-out ${lang} requests` })),
  ),
];
for (const { name, file, kind, what } of mcpSets) {
  if (onlyDatasets !== undefined && !onlyDatasets.includes(name) && !onlyDatasets.includes("own")) continue;
  if (!mcp.ok) {
    skipped.push(mcp.reason);
    break;
  }
  const queries = loadRepoQueries(`test/fixtures/${file}.json`);
  if (!queries.ok) {
    skipped.push(queries.reason);
    continue;
  }
  const origin = kind === "own" ? `${fold} fold` : "written blind to the lexicon and never tuned on";
  suites.push({ name, kind, description: `${what} (test/fixtures/${file}.json, ${origin}) against the MCP catalogue`, docs: mcp.value, queries: queries.value });
}

const datasets: SuiteResult[] = [];
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
      console.error(
        `  ${factory.name.padEnd(16)} nDCG@10 ${(100 * run.result["ndcg@10"]).toFixed(1)}  R@5 ${(100 * run.result["recall@5"]).toFixed(1)}  ` +
          `build ${formatMillis(build.ms)}  eval ${formatMillis(run.ms)}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
      byEngine[factory.name] = { error: message };
      console.error(`  ${factory.name.padEnd(16)} failed: ${message}`);
    }
  }
  datasets.push({
    ...summarize(byEngine, peerNames),
    name: suite.name,
    kind: suite.kind,
    description: suite.description,
    tools: suite.docs.length,
    queries: selected,
    results: byEngine,
  });
}

const report: QualityReport = {
  generatedAt: new Date().toISOString(),
  fold,
  node: process.version,
  dataRoot: path.relative(repoRoot, dataRoot()),
  engines: engines.map((engine) => ({ name: engine.name, description: engine.description, peer: peerNames.has(engine.name) })),
  notes,
  skipped,
  datasets,
};
writeJson(jsonFile, report);
writeText(markdownFile, renderQualityMarkdown(report));
console.error(`wrote ${path.relative(repoRoot, markdownFile)} and ${path.relative(repoRoot, jsonFile)}`);
