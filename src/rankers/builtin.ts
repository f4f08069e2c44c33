import { Bm25ToolRanker, resolveRankerOptions, type RankerOptions } from "../core/index.js";
import type { ToolRankerFactory, ToolSearchDoc } from "../types.js";

/**
 * A factory for the built-in BM25F ranker: each session builds its own index over its
 * searchable docs on its first search. Options are validated now, so a bad option is a
 * loud `invalid_option` error at setup, not a search that is quietly unavailable.
 * (For a large catalogue shared by many sessions, build one `Bm25ToolRanker` over
 * `toolSearchDocs(catalogue)` and pass the instance instead.)
 *
 * @example
 * createToolSearchSession({ toolSearch: { catalogue, ranker: bm25RankerFactory({ analyzer: "stem" }) } });
 */
export function bm25RankerFactory(options?: RankerOptions): ToolRankerFactory {
  resolveRankerOptions(options);
  return (docs: readonly ToolSearchDoc[]) => new Bm25ToolRanker(docs, options);
}
