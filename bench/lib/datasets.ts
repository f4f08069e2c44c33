import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { catalogueDocs } from "../../src/catalogue/index.js";
import { parseQueries, type EvalQuery } from "../../src/eval/index.js";
import type { ToolSearchDoc } from "../../src/types.js";

/** The repository root (this file is `bench/lib/datasets.ts`). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Where the labelled benchmark sets live: this repository's `bench/data`, or `$TOOLSIFT_DATA`
 * when set (a folder of the same `<name>/{tools,queries}.json` layout, e.g. a newer extraction).
 */
export function dataRoot(): string {
  return process.env.TOOLSIFT_DATA ?? path.join(repoRoot, "bench", "data");
}

/**
 * The MCP catalogue is the package's own embedded copy, not a benchmark folder: toolsift's
 * catalogue reader gives the same 2,464 docs from it as from the full `tools/list` dumps it was
 * reduced from (`scripts/embed-catalogue.mjs`), so the benchmarks need no second copy.
 */
export const MCP_CATALOGUE_FILE = path.join(repoRoot, "data", "mcp-catalogue.json");

/** The labelled tool-retrieval sets in `bench/data`, in report order. */
export const LABELLED_DATASETS = ["seal-tools", "toolbench-stable", "metatool", "livemcpbench"] as const;
export type LabelledDataset = (typeof LABELLED_DATASETS)[number];

export type Loaded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

export interface Dataset {
  readonly name: string;
  readonly docs: ToolSearchDoc[];
  readonly queries: EvalQuery[];
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

/**
 * The tools of `<dataRoot>/<name>/tools.json` (`mcp-catalogue`: `data/mcp-catalogue.json`) as
 * search docs, or why they are unavailable.
 * Read by toolsift's own catalogue reader (`catalogueDocs`, DESIGN.md "Trust": `params`, else
 * `inputSchema.properties` one level deep), exactly as `toolsift eval --tools` reads them;
 * every engine then indexes these same docs.
 */
export function loadCatalogue(name: string): Loaded<ToolSearchDoc[]> {
  const file = name === "mcp-catalogue" ? MCP_CATALOGUE_FILE : path.join(dataRoot(), name, "tools.json");
  if (!existsSync(file)) return { ok: false, reason: `${name}: ${file} not found; skipped` };
  return { ok: true, value: catalogueDocs(readJson(file)) };
}

/** A labelled set (`tools.json` + `queries.json`), or why it is unavailable. */
export function loadDataset(name: string): Loaded<Dataset> {
  const catalogue = loadCatalogue(name);
  if (!catalogue.ok) return catalogue;
  const file = path.join(dataRoot(), name, "queries.json");
  if (!existsSync(file)) return { ok: false, reason: `${name}: ${file} not found; skipped` };
  return { ok: true, value: { name, docs: catalogue.value, queries: parseQueries(readFileSync(file, "utf8")) } };
}

/** A queries file of this repository (e.g. `test/fixtures/queries-ru.json`), or why it is unavailable. */
export function loadRepoQueries(relativePath: string): Loaded<EvalQuery[]> {
  const file = path.join(repoRoot, relativePath);
  if (!existsSync(file)) return { ok: false, reason: `${relativePath} not found; skipped` };
  return { ok: true, value: parseQueries(readFileSync(file, "utf8")) };
}

/**
 * `n` docs made from `docs` for scale tests: copy `k` of the catalogue gets ids
 * `r<k>__<id>`. Whole copies come first; a final partial copy (or the only one, when `n` is
 * below the catalogue size) takes an even stride through the catalogue so it keeps its mix of
 * servers instead of the first few alphabetically.
 *
 * @example
 * replicateCatalogue(mcp, 10_000).length; // 10000, ids r0__… to r4__…
 */
export function replicateCatalogue(docs: readonly ToolSearchDoc[], n: number): ToolSearchDoc[] {
  if (docs.length === 0 || n <= 0) return [];
  const out: ToolSearchDoc[] = [];
  const whole = Math.floor(n / docs.length);
  for (let copy = 0; copy < whole; copy++) {
    for (const doc of docs) out.push({ ...doc, id: `r${copy}__${doc.id}` });
  }
  const rest = n - out.length;
  for (let index = 0; index < rest; index++) {
    const doc = docs[Math.floor((index * docs.length) / rest)]!;
    out.push({ ...doc, id: `r${whole}__${doc.id}` });
  }
  return out;
}
