// How the search view times a query's `rank` call: the first call alone, then batches of
// repeated calls, and the line that reports both.
import type { Bm25ToolRanker } from "../../../../src/entry/browser.js";
import { h } from "../../ui/dom.js";
import { count, duration, microseconds, milliseconds } from "../../ui/format.js";

/**
 * How the steady per-query time is measured: batches of runs, each long enough for the clock
 * to resolve (5 µs here, cross-origin isolated; 100 µs without), and the median of the
 * batches' means. A mean over all runs let one pause (a collection, another tab) move the
 * figure: 17–178 µs for the same query between visits.
 */
export const RANK_TIMING = Object.freeze({
  /** Batches after the first run; odd, so the median is one batch's mean. */
  batches: 9,
  /** ms of runs in a batch, at least: 50 ticks of a 5 µs clock. */
  batchMilliseconds: 0.25,
  /** Runs after the first, at most (a batch ends early at its share of them). */
  maxRuns: 900,
});

// A query's `rank` is timed in two parts: the first call alone (it may pay for cold code paths
// and caches, here 100 µs against 11 µs after for "create a pull request on github") and the
// median batch of the calls after it.

/** The time of one `rank` call, in µs (the first one for a query: made before anything else ranks it). */
export function timeFirstRank(ranker: Bm25ToolRanker, query: string, limit: number): number {
  const first = performance.now();
  ranker.rank(query, limit);
  return (performance.now() - first) * 1000;
}

/** The median of the batches' mean `rank` times after the first call (RANK_TIMING), in µs, and the runs made. */
function timeRepeatedRanks(ranker: Bm25ToolRanker, query: string, limit: number): { micros: number; runs: number } {
  const { batches, batchMilliseconds, maxRuns } = RANK_TIMING;
  const means: number[] = [];
  let runs = 0;
  for (let batch = 0; batch < batches; batch++) {
    const started = performance.now();
    let batchRuns = 0;
    let elapsed = 0;
    do {
      ranker.rank(query, limit);
      batchRuns++;
      elapsed = performance.now() - started;
    } while (elapsed < batchMilliseconds && batchRuns < maxRuns / batches);
    means.push((elapsed * 1000) / batchRuns);
    runs += batchRuns;
  }
  means.sort((left, right) => left - right);
  return { micros: means[batches >> 1]!, runs };
}

/**
 * Times the repeated calls (2 ms or more: after the first answer is painted) and reports them
 * with the first call's `firstMicros` and the ms it took to explain and render the hits.
 */
export function timingLine(ranker: Bm25ToolRanker, query: string, limit: number, firstMicros: number, renderMilliseconds: number): HTMLElement {
  const timing = { firstMicros, ...timeRepeatedRanks(ranker, query, limit) };
  return h(
    "p",
    { class: "timing" },
    h("strong", { "data-testid": "query-time" }, microseconds(timing.micros)),
    ` per query (rank over ${count(ranker.size)} tools, median of ${RANK_TIMING.batches} timed batches, ${timing.runs} runs, after a first run of `,
    h("span", { "data-testid": "query-first-time" }, duration(timing.firstMicros)),
    `) · explain and render ${milliseconds(renderMilliseconds)}`,
  );
}
