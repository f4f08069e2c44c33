/** One hit of a ranker: a tool id and, when the ranker has one, its score. */
export interface RankedHit {
  readonly id: string;
  readonly score?: number;
  /** How the hit was found: `"terms"` scored, `"name"` the name fallback (docs/scoring.md "No confident match"), `"vector"` a host vector alone (docs/embeddings.md). */
  readonly match?: "terms" | "name" | "vector";
}

/**
 * What `ToolRanker.search` returns: the hits, and whether they include a confident match.
 * `floor` (optional) is the score a hit needs to count as one, so a caller that drops some
 * hits (a session drops tools already on the menu) can judge the hits it keeps.
 */
export interface RankedSearch {
  readonly hits: readonly RankedHit[];
  readonly confident: boolean;
  readonly floor?: number;
}

/**
 * Anything that ranks tool ids for a query (DESIGN.md "Rankers"). The built-in one is `Bm25ToolRanker`;
 * a host may bring its own (embeddings, a remote service) and fuse it with the built-in one.
 *
 * @example
 * const ranker: ToolRanker = { kind: "static", rank: () => [{ id: "github__create_issue" }] };
 */
export interface ToolRanker {
  readonly kind: string;
  rank(query: string, limit: number): readonly RankedHit[];
  /**
   * Optional: ranks like `rank` and says whether the best hits matched well (the built-in
   * ranker's `search`). A session that finds it uses it to tell the model "No confident match".
   */
  search?(query: string, limit: number): RankedSearch;
}

/** A parameter as the index sees it: its name and, when trusted, its description. */
export interface ToolParamDoc {
  readonly name: string;
  readonly description?: string;
}

/**
 * Exactly what the built-in index ranks on (DESIGN.md "Trust"). Produced by the trust policy
 * (`toolSearchDocs`), or built by hand for a trusted catalogue.
 */
export interface ToolSearchDoc {
  readonly id: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly aliases: readonly string[];
  readonly params?: readonly ToolParamDoc[];
}

/**
 * What `new Bm25ToolRanker(docs)` takes: a `ToolSearchDoc` whose `tags` and `aliases` may be
 * left out (they are then empty), so a trusted tool list `{ id, description }` is ranked as it
 * is. A tool definition (an `origin`, a schema, a `name` without an `id`) goes through
 * `toolSearchDocs` first.
 */
export interface ToolSearchDocInput extends Omit<ToolSearchDoc, "tags" | "aliases"> {
  readonly tags?: readonly string[];
  readonly aliases?: readonly string[];
}

/** Builds a ranker for one session's searchable docs (DESIGN.md "Rankers"). Called at most once per session. */
export type ToolRankerFactory = (docs: readonly ToolSearchDoc[]) => ToolRanker;
