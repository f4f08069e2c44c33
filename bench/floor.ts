// How far a query's time is from a floor (a benchmark, not a test): the floor of a query is
// what its work would cost at the speed of the simplest query there is. Two numbers are
// measured on each index, by its exhaustive path:
//
//   fixed  the time of a query of two words no tool has (the boundary, the analyzer, the
//          term look-ups and the heap's setup: everything but postings);
//   c      per posting: (the time of a one-word query for the index's commonest term − fixed)
//          ÷ that term's postings (one contiguous run, the accumulator and the heap's offer);
//
// and a query's floor is fixed + P × c, P the postings of its chosen terms (Σ document
// frequency: what the exhaustive path reads). Each query is timed (median of its runs, the
// exhaustive and the pruned path alternating) and divided by its floor; the table gives, per
// set, the medians. A pruned time under 1× its floor is the pruning skipping postings.
//
//   npx tsx bench/floor.ts [--sizes 1000,10000,100000] [--runs 5]
import os from "node:os";
import { Bm25ToolRanker, init } from "../src/index.js";
import { benchCatalogues, DEFAULT_SIZES } from "./lib/catalogues.js";
import { argument, isMain, listArgument, markdownTable, median, runEnvironment, writeJson, writeText } from "./lib/harness.js";
import { QUERY_LIMIT } from "./query.js";

type Mode = "auto" | "off";

export interface FloorRow {
  readonly catalogue: string;
  readonly tools: number;
  readonly fixedMicros: number;
  readonly nsPerPosting: number;
  readonly sets: readonly {
    readonly set: "short" | "long";
    readonly postings: number;
    readonly floorMicros: number;
    readonly exhaustiveMicros: number;
    readonly prunedMicros: number;
    readonly exhaustiveOverFloor: number;
    readonly prunedOverFloor: number;
  }[];
}

function timeQuery(ranker: Bm25ToolRanker, query: string, mode: Mode, runs: number): number {
  ranker.setPruning(mode);
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = process.hrtime.bigint();
    ranker.rank(query, QUERY_LIMIT);
    samples.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  return median(samples);
}

/** Σ document frequency of the query's chosen terms: the postings the exhaustive path reads. */
function postingsOf(ranker: Bm25ToolRanker, frequencies: ReadonlyMap<string, number>, query: string): number {
  let total = 0;
  for (const { term } of ranker.weightedQueryTerms(query)) total += frequencies.get(term) ?? 0;
  return total;
}

export function measureFloor(sizes: readonly number[], runs: number): FloorRow[] {
  const rows: FloorRow[] = [];
  for (const catalogue of benchCatalogues(sizes, { seal: false }).catalogues) {
    const ranker = new Bm25ToolRanker(catalogue.docs);
    const frequencies = new Map(ranker.topTerms(Number.MAX_SAFE_INTEGER).map(({ term, documents }) => [term, documents] as const));
    const [commonest] = ranker.topTerms(1);
    // Warm the code paths (and the pruned path's tables) before timing anything.
    for (const query of [...catalogue.short.queries, ...catalogue.long.queries].slice(0, 200)) for (const mode of ["off", "auto"] as const) ranker.setPruning(mode).rank(query, QUERY_LIMIT);
    const fixed = timeQuery(ranker, "qqzxv wwkjy", "off", 200);
    const single = timeQuery(ranker, commonest!.term, "off", 200);
    const perPosting = Math.max(single - fixed, 0) / commonest!.documents;
    const sets = (["short", "long"] as const).map((set) => {
      const queries = catalogue[set].queries;
      const floors: number[] = [];
      const exhaustive: number[] = [];
      const pruned: number[] = [];
      const postings: number[] = [];
      queries.forEach((query, index) => {
        const p = postingsOf(ranker, frequencies, query);
        const order: readonly Mode[] = index % 2 === 0 ? ["off", "auto"] : ["auto", "off"];
        const times = Object.fromEntries(order.map((mode) => [mode, timeQuery(ranker, query, mode, runs)])) as Record<Mode, number>;
        const floor = fixed + p * perPosting;
        postings.push(p);
        floors.push(floor);
        exhaustive.push(times.off / floor);
        pruned.push(times.auto / floor);
      });
      const exhaustiveMicros = median(queries.map((query) => timeQuery(ranker, query, "off", 1)));
      const prunedMicros = median(queries.map((query) => timeQuery(ranker, query, "auto", 1)));
      return {
        set,
        postings: median(postings),
        floorMicros: median(floors),
        exhaustiveMicros,
        prunedMicros,
        exhaustiveOverFloor: median(exhaustive),
        prunedOverFloor: median(pruned),
      };
    });
    rows.push({ catalogue: catalogue.name, tools: catalogue.docs.length, fixedMicros: fixed, nsPerPosting: perPosting * 1000, sets });
  }
  return rows;
}

export function floorTable(rows: readonly FloorRow[]): string {
  return markdownTable(
    ["catalogue", "set", "postings (median)", "fixed µs", "ns a posting", "floor µs", "exhaustive µs", "× floor", "pruned µs", "× floor"],
    rows.flatMap((row) =>
      row.sets.map((set) => [
        row.catalogue,
        set.set,
        String(Math.round(set.postings)),
        row.fixedMicros.toFixed(2),
        row.nsPerPosting.toFixed(2),
        set.floorMicros.toFixed(1),
        set.exhaustiveMicros.toFixed(1),
        `${set.exhaustiveOverFloor.toFixed(2)}×`,
        set.prunedMicros.toFixed(1),
        `${set.prunedOverFloor.toFixed(2)}×`,
      ]),
    ),
  );
}

if (isMain(import.meta.url)) {
  await init();
  const sizes = (listArgument("sizes") ?? DEFAULT_SIZES.map(String)).map(Number);
  const runs = Number(argument("runs") ?? 5);
  const loadBefore = os.loadavg();
  const rows = measureFloor(sizes, runs);
  const environment = runEnvironment(loadBefore);
  writeJson("bench/floor.json", { environment, rows });
  const text = `# Distance from the floor

Generated by \`npx tsx bench/floor.ts\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, load ${environment.loadAverageBefore?.map((value: number) => value.toFixed(2)).join(" ") ?? ""}).
A query's floor is \`fixed + P × c\`: \`fixed\` the time of a query of two words no tool has, \`c\` the
cost of a posting in a one-word query for the commonest term (one contiguous run), \`P\` the
postings of the query's chosen terms (what the exhaustive path reads). Medians over each set's
queries, each query the median of ${runs} runs with the two paths alternating. Method:
[docs/performance.md](../docs/performance.md#the-floor).

${floorTable(rows)}
`;
  writeText("bench/floor.md", text);
  console.log(text);
}
