// Artifact size, serialize time and load time per engine: what a cold Worker or a browser
// tab pays instead of rebuilding. toolsift's `serialize()` / `Bm25ToolRanker.load()` are
// used when the core has them; peers use their own JSON export/import.
//
//   npx tsx bench/load.ts [--sizes 1000,10000] [--engines toolsift,minisearch]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ChildLoadResult } from "./load-child.js";
import { serializedBytes, type BenchEngine, type EngineFactory } from "./lib/engine.js";
import { formatBytes, formatMillis, formatRatio, isMain, markdownTable, timeOnce } from "./lib/harness.js";
import { standaloneSetup } from "./lib/select.js";

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "load-child.ts");

export type ArtifactResult =
  | { readonly serializeMs: number; readonly bytes: number; readonly loadMs: number; readonly firstLoadMs: number; readonly runs: number }
  | { readonly skipped: string };

/**
 * Serializes `built` once, then loads the artifact `runs` times in a process of its own for
 * this engine (bench/load-child.ts: median, each load after a forced full collection) and
 * checks the loaded index answers a probe query like the built one.
 *
 * Loads run in their own process, as in a cold Worker or a fresh tab: in the benchmark's
 * process they would share a heap with every engine built so far (hundreds of MB at 10k), and
 * that heap alone doubled toolsift's 10k load (5.7 → 12.5 ms with 200 MB of unrelated objects
 * alive, docs/performance.md "Known gaps") while adding nothing a real loader pays. Every engine gets
 * the same treatment.
 */
export function measureArtifact(factory: EngineFactory, built: BenchEngine, probe: string, runs: number): ArtifactResult {
  if (built.serialize === undefined || factory.create().load === undefined) {
    return { skipped: `${factory.name}: no serialize/load (yet)` };
  }
  const serialized = timeOnce(() => built.serialize!());
  const directory = mkdtempSync(path.join(tmpdir(), "toolsift-load-"));
  try {
    const file = path.join(directory, typeof serialized.result === "string" ? "artifact.json" : "artifact.bin");
    writeFileSync(file, serialized.result);
    const child = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", CHILD, factory.name, file, String(runs), probe], {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    });
    if (child.status !== 0) return { skipped: `${factory.name}: the load process failed (${(child.stderr ?? "").trim().split("\n").pop()})` };
    const result = JSON.parse(child.stdout.trim().split("\n").pop()!) as ChildLoadResult;
    const expected = built.rank(probe, 10).map((hit) => hit.id).join("\n");
    if (expected !== result.probeIds.join("\n")) return { skipped: `${factory.name}: the loaded index answers differently` };
    return { serializeMs: serialized.ms, bytes: serializedBytes(serialized.result), loadMs: result.loadMs, firstLoadMs: result.firstLoadMs, runs: result.runs };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

// Timed loads per engine after the warm-up; the median is the steady load (code warmed, as
// in a process that loads often), and the first load, reported next to it, the cold case
// (in a fresh process: it includes compiling the engine's code).
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
