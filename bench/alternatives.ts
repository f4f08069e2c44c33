// Several phrasings per search (`search_tools({ query, alternatives })`) measured on MetaTool,
// where every tool has about a hundred phrasings of the same intent: each single-tool request
// is searched alone, then with the next `n` requests for the same tool (file order, same fold)
// as its alternatives, fused the way the session fuses them (reciprocal rank over each
// phrasing's top 10). Tuned on the dev fold; the chosen setting is reported on test.
//
//   npx tsx bench/alternatives.ts            (writes bench/alternatives.json)
import path from "node:path";
import { init, Bm25ToolRanker } from "../src/index.js";
import { ndcgAt, recallAt } from "../src/eval/metrics.js";
import { fuseRankedLists } from "../src/rankers/fusion.js";
import { PHRASING_FUSION } from "../src/session/live-search.js";
import { loadDataset, repoRoot } from "./lib/datasets.js";
import { writeJson } from "./lib/harness.js";

const DEPTH = 10;

await init();
const loaded = loadDataset("metatool");
if (!loaded.ok) {
  console.error(loaded.reason);
  process.exit(1);
}
const { docs, queries } = loaded.value;
const ranker = new Bm25ToolRanker(docs);

interface Request {
  readonly query: string;
  readonly relevant: ReadonlySet<string>;
  readonly list: readonly string[];
  /** The requests for the same tool in the same fold, this one included, in file order. */
  readonly group: readonly Request[];
  readonly position: number;
}

function requests(fold: "dev" | "test"): Request[] {
  const groups = new Map<string, Request[]>();
  const all: Request[] = [];
  for (const entry of queries) {
    if (entry.fold !== fold || entry.relevant.length !== 1) continue;
    const tool = entry.relevant[0]!;
    const group = groups.get(tool) ?? [];
    groups.set(tool, group);
    const request: Request = {
      query: entry.query,
      relevant: new Set(entry.relevant),
      list: ranker.rank(entry.query, DEPTH).map((hit) => hit.id),
      group,
      position: group.length,
    };
    group.push(request);
    all.push(request);
  }
  return all;
}

interface Setting {
  readonly alternatives: number;
  readonly queryWeight: number;
  readonly k: number;
}

function measure(all: readonly Request[], setting: Setting): { ndcg10: number; recall5: number } {
  let ndcg = 0;
  let recall = 0;
  for (const request of all) {
    const lists = [request.list];
    for (let step = 1; step <= setting.alternatives && step < request.group.length; step++) {
      lists.push(request.group[(request.position + step) % request.group.length]!.list);
    }
    const weights = lists.map((_, index) => (index === 0 ? setting.queryWeight : 1));
    const ranked = lists.length === 1 ? request.list : fuseRankedLists(lists, weights, setting.k, DEPTH).map((hit) => hit.id);
    ndcg += ndcgAt(ranked, request.relevant, 10);
    recall += recallAt(ranked, request.relevant, 5);
  }
  const round = (value: number) => Math.round((1000 * value) / all.length) / 10;
  return { ndcg10: round(ndcg), recall5: round(recall) };
}

const dev = requests("dev");
const test = requests("test");
const grid: Setting[] = [];
for (const alternatives of [1, 2, 3]) for (const queryWeight of [1, 1.5, 2]) for (const k of [10, 60]) grid.push({ alternatives, queryWeight, k });
const tuning = grid.map((setting) => ({ ...setting, dev: measure(dev, setting) }));
const shipped: Setting = { alternatives: 3, queryWeight: PHRASING_FUSION.queryWeight, k: PHRASING_FUSION.k };
const alone: Setting = { alternatives: 0, queryWeight: 1, k: 60 };
const report = {
  dataset: "metatool",
  requests: { dev: dev.length, test: test.length },
  alone: { dev: measure(dev, alone), test: measure(test, alone) },
  shipped: { ...shipped, dev: measure(dev, shipped), test: measure(test, shipped) },
  oneAlternative: { dev: measure(dev, { ...shipped, alternatives: 1 }), test: measure(test, { ...shipped, alternatives: 1 }) },
  tuning,
};
writeJson(path.join(repoRoot, "bench/alternatives.json"), report);
console.log(JSON.stringify({ ...report, tuning: [...tuning].sort((left, right) => right.dev.ndcg10 - left.dev.ndcg10).slice(0, 6) }, null, 1));
