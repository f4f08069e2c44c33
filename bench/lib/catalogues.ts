import type { ToolSearchDoc } from "../../src/types.js";
import { loadCatalogue, replicateCatalogue } from "./datasets.js";
import { shuffled } from "./harness.js";
import { longQueries, shortQueries, type QuerySet } from "./query-sets.js";

/** One catalogue the performance benchmarks run on, with its two query sets. */
export interface BenchCatalogue {
  readonly name: string;
  /** What `benchCatalogue` rebuilds it from in another process: the size, or `seal`. */
  readonly spec: string;
  readonly docs: readonly ToolSearchDoc[];
  readonly long: QuerySet;
  readonly short: QuerySet;
}

/** Default scale points: the MCP catalogue replicated with id prefixes. */
export const DEFAULT_SIZES = [1_000, 10_000, 100_000] as const;

const SHORT_QUERY_COUNT = 400;
const SEAL_SPEC = "seal";

/** `1000` → `1k`, `100000` → `100k`. */
export function sizeLabel(size: number): string {
  return size % 1000 === 0 ? `${size / 1000}k` : String(size);
}

/**
 * The MCP catalogue replicated to each size (long queries: ToolBench test requests; short:
 * derived from the MCP tool ids), then the Seal-Tools catalogue as it is (long: its test
 * requests; short: derived from its tool ids). Missing data is reported in `skipped`.
 * Query order is shuffled once, deterministically, so a time-budgeted run samples fairly.
 */
export function benchCatalogues(
  sizes: readonly number[],
  options: { seal?: boolean } = {},
): { catalogues: BenchCatalogue[]; skipped: string[] } {
  const catalogues: BenchCatalogue[] = [];
  const skipped: string[] = [];
  const mcp = loadCatalogue("mcp-catalogue");
  const toolbench = longQueries("toolbench-stable");
  if (!mcp.ok) skipped.push(mcp.reason);
  else if (!toolbench.ok) skipped.push(toolbench.reason);
  else {
    const short = shortQueries(mcp.value, SHORT_QUERY_COUNT, "MCP catalogue");
    for (const size of sizes) {
      catalogues.push({
        name: `mcp×${sizeLabel(size)}`,
        spec: String(size),
        docs: replicateCatalogue(mcp.value, size),
        long: { ...toolbench.value, queries: shuffled(toolbench.value.queries) },
        short: { ...short, queries: shuffled(short.queries) },
      });
    }
  }
  if (options.seal ?? true) {
    const seal = loadCatalogue("seal-tools");
    const sealQueries = longQueries("seal-tools");
    if (!seal.ok) skipped.push(seal.reason);
    else if (!sealQueries.ok) skipped.push(sealQueries.reason);
    else {
      const short = shortQueries(seal.value, SHORT_QUERY_COUNT, "Seal-Tools");
      catalogues.push({
        name: `seal-tools (${seal.value.length})`,
        spec: SEAL_SPEC,
        docs: seal.value,
        long: { ...sealQueries.value, queries: shuffled(sealQueries.value.queries) },
        short: { ...short, queries: shuffled(short.queries) },
      });
    }
  }
  return { catalogues, skipped };
}

/** The catalogue `spec` names (`BenchCatalogue.spec`), built as `benchCatalogues` builds it. */
export function benchCatalogue(spec: string): BenchCatalogue {
  const seal = spec === SEAL_SPEC;
  const { catalogues, skipped } = benchCatalogues(seal ? [] : [Number(spec)], { seal });
  const catalogue = catalogues[0];
  if (catalogue === undefined) throw new Error(`no catalogue ${spec}: ${skipped.join("; ")}`);
  return catalogue;
}
