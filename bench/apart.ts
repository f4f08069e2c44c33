// Measurements taken in a process of their own per engine and catalogue (bench/apart-child.ts):
// the memory of a first build and the query latency on that index. In the benchmark's shared
// process both depended on what the engines measured before had left: a 100k FlexSearch build
// peak read 1.2 KiB per tool there and 1.8 KiB alone (V8 samples the heap at collections, and
// a heap grown by earlier engines collects less often), and toolsift's 100k short-query p99
// read 1.12 ms there and 0.55–0.84 ms alone.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchCatalogue } from "./lib/catalogues.js";
import type { MemoryDelta } from "./lib/harness.js";
import type { QueryResult } from "./query.js";

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "apart-child.ts");

/** What the child prints: `query` when it was given a query budget. */
export interface ApartResult {
  readonly memory: MemoryDelta;
  readonly query?: QueryResult;
}

/** Builds `engine` over `catalogue` in a fresh process, then times its queries there for `queryBudgetMs` per set. */
export function measureApart(engine: string, catalogue: BenchCatalogue, queryBudgetMs: number): { memory: MemoryDelta; query: QueryResult } {
  const { memory, query } = runChild(engine, catalogue, queryBudgetMs);
  if (query === undefined) throw new Error(`the process measuring ${engine} apart timed no queries`);
  return { memory, query };
}

/** The memory of a first build of `engine` over `catalogue` in a fresh process. */
export function measureMemoryApart(engine: string, catalogue: BenchCatalogue): MemoryDelta {
  return runChild(engine, catalogue, 0).memory;
}

function runChild(engine: string, catalogue: BenchCatalogue, queryBudgetMs: number): ApartResult {
  const child = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", CHILD, engine, catalogue.spec, String(queryBudgetMs)], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(`the process measuring ${engine} apart failed: ${(child.stderr ?? "").trim().split("\n").pop()}`);
  return JSON.parse(child.stdout.trim().split("\n").pop()!) as ApartResult;
}
