// Artifact size, serialize time and load time per engine: what a cold Worker or a browser
// tab pays instead of rebuilding. toolsift's `serialize()` / `Bm25ToolRanker.load()` are
// used when the core has them; peers use their own JSON export/import.
//
//   npx tsx bench/load.ts [--sizes 1000,10000] [--engines toolsift,minisearch]
import { serializedBytes, type BenchEngine, type EngineFactory } from "./lib/engine.js";
import { collectGarbage, formatBytes, formatMillis, formatRatio, isMain, markdownTable, median, timeOnce } from "./lib/harness.js";
import { standaloneSetup } from "./lib/select.js";
import { REPEAT_BUDGET_MS } from "./build.js";

export type ArtifactResult =
  | { readonly serializeMs: number; readonly bytes: number; readonly loadMs: number; readonly firstLoadMs: number; readonly runs: number }
  | { readonly skipped: string };

/**
 * Serializes `built` once, then loads the artifact into fresh engines `runs` times (median,
 * each after a forced full collection), and checks the loaded index answers a probe query
 * like the built one.
 */
export function measureArtifact(factory: EngineFactory, built: BenchEngine, probe: string, runs: number): ArtifactResult {
  if (built.serialize === undefined || factory.create().load === undefined) {
    return { skipped: `${factory.name}: no serialize/load (yet)` };
  }
  const serialized = timeOnce(() => built.serialize!());
  const times: number[] = [];
  let loaded: BenchEngine | undefined;
  let firstLoadMs = 0;
  // The first load is the cold one (reported as such); the next WARM_UP_LOADS are not timed,
  // then the median of the timed ones is the steady load. The same for every engine.
  const warmUp = runs > 1 ? WARM_UP_LOADS : 0;
  for (let run = 0; run < runs + warmUp && (run <= warmUp || times.reduce((sum, ms) => sum + ms, 0) < REPEAT_BUDGET_MS); run++) {
    const fresh = factory.create();
    // Every engine's load starts after a full collection, so no load pays for the last one's garbage.
    collectGarbage();
    const ms = timeOnce(() => fresh.load!(serialized.result)).ms;
    if (run === 0) firstLoadMs = ms;
    if (run >= warmUp) times.push(ms);
    loaded = fresh;
  }
  const expected = built.rank(probe, 10).map((hit) => hit.id).join("\n");
  const actual = loaded!.rank(probe, 10).map((hit) => hit.id).join("\n");
  if (expected !== actual) return { skipped: `${factory.name}: the loaded index answers differently` };
  return { serializeMs: serialized.ms, bytes: serializedBytes(serialized.result), loadMs: median(times), firstLoadMs, runs: times.length };
}

const WARM_UP_LOADS = 2;

// Timed loads per engine after the warm-up; the median is the steady load (code warmed, as
// in a process that loads often), and the first load, reported next to it, the cold case.
export function loadRuns(size: number): number {
  return size <= 10_000 ? 9 : 1;
}

if (isMain(import.meta.url)) {
  const { engines, catalogues } = await standaloneSetup();
  for (const catalogue of catalogues) {
    const rows: string[][] = [];
    let ours: { loadMs: number; buildMs: number; bytes: number } | undefined;
    for (const factory of engines) {
      const engine = factory.create();
      const build = timeOnce(() => engine.build(catalogue.docs));
      const result = measureArtifact(factory, engine, catalogue.long.queries[0] ?? "search", loadRuns(catalogue.docs.length));
      if ("skipped" in result) {
        rows.push([factory.name, formatMillis(build.ms), "n/a", "n/a", "n/a", "n/a", "n/a", result.skipped]);
        continue;
      }
      if (factory.name === "toolsift") ours = { loadMs: result.loadMs, buildMs: build.ms, bytes: result.bytes };
      rows.push([
        factory.name,
        formatMillis(build.ms),
        formatBytes(result.bytes),
        formatMillis(result.serializeMs),
        formatMillis(result.loadMs),
        formatMillis(result.firstLoadMs),
        ours ? formatRatio(result.loadMs, ours.loadMs) : "n/a",
        `build/load ${formatRatio(build.ms, result.loadMs)} (first ${formatRatio(build.ms, result.firstLoadMs)})`,
      ]);
    }
    console.log(`\n## artifact, ${catalogue.name}\n`);
    console.log(markdownTable(["engine", "build", "artifact", "serialize", "load (median)", "first load", "load × toolsift", "note"], rows));
  }
}
