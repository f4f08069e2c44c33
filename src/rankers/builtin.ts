import { Bm25ToolRanker, resolveRankerOptions, type RankerOptions, type VectorWeights } from "../core/index.js";
import type { ToolRanker, ToolRankerFactory, ToolSearchDoc } from "../types.js";

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

/**
 * The built-in ranker with a host's query vectors (docs/embeddings.md), for a session:
 * `vectorOf(query)` gives the vector the host computed for that query (say, embedding the
 * model's query and alternatives before handing its call to the session), or `undefined` for
 * BM25F alone. The index must hold tool vectors (`BuildHooks.vectors`).
 *
 * @example
 * const vectors = new Map([[request, await embed(request)]]);
 * createToolSearchSession({ toolSearch: { catalogue, ranker: withQueryVectors(ranker, (query) => vectors.get(query)) } });
 */
export function withQueryVectors(ranker: Bm25ToolRanker, vectorOf: (query: string) => ArrayLike<number> | undefined, vectorWeights?: VectorWeights): ToolRanker {
  const search = (query: string, limit: number) => {
    const vector = vectorOf(query);
    return vector === undefined ? ranker.search(query, limit) : ranker.search(query, limit, vectorWeights === undefined ? { vector } : { vector, vectorWeights });
  };
  return { kind: `${ranker.kind}+vectors`, search, rank: (query, limit) => search(query, limit).hits };
}
