// One engine's loads in a process of their own (see `measureArtifact` in bench/load.ts): the
// parent passes the engine's name, a file with the serialized index, the number of timed loads
// and a probe query; this prints one JSON line with the times and the probe's hits.
//
//   node --expose-gc --import tsx bench/load-child.ts <engine> <artifact file> <runs> <probe>
import { readFileSync } from "node:fs";
import { REPEAT_BUDGET_MS } from "./build.js";
import type { BenchEngine } from "./lib/engine.js";
import { collectGarbage, median, timeOnce } from "./lib/harness.js";
import { childSetup } from "./lib/select.js";

/** What the child reports back. */
export interface ChildLoadResult {
  readonly firstLoadMs: number;
  readonly loadMs: number;
  readonly runs: number;
  readonly probeIds: readonly string[];
}

const WARM_UP_LOADS = 2;

const {
  factory,
  args: [, file, runsText, probe],
} = await childSetup("load-child.ts", ["engine", "artifact file", "runs", "probe"]);
const raw = readFileSync(file);
const data: string | Uint8Array = file.endsWith(".json") ? raw.toString("utf8") : new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
const runs = Number(runsText);
const times: number[] = [];
let firstLoadMs = 0;
let loaded: BenchEngine | undefined;
// The first load is the cold one (reported as such); the next WARM_UP_LOADS are not timed,
// then the median of the timed ones is the steady load. The same for every engine.
const warmUp = runs > 1 ? WARM_UP_LOADS : 0;
for (let run = 0; run < runs + warmUp && (run <= warmUp || times.reduce((sum, ms) => sum + ms, 0) < REPEAT_BUDGET_MS); run++) {
  const fresh = factory.create();
  // Every load starts after a full collection, so no load pays for the last one's garbage.
  collectGarbage();
  const ms = timeOnce(() => fresh.load!(data)).ms;
  if (run === 0) firstLoadMs = ms;
  if (run >= warmUp) times.push(ms);
  loaded = fresh;
}
const result: ChildLoadResult = { firstLoadMs, loadMs: median(times), runs: times.length, probeIds: loaded!.rank(probe, 10).map((hit) => hit.id) };
console.log(JSON.stringify(result));
