import { isToolsiftError } from "../errors.js";
import { cutCodeUnits } from "../trust/labels.js";
import type { ToolRanker, ToolSearchDoc } from "../types.js";
import { rankerKind, rankerSearch, isThenable, swallowRejection, type RankerInput } from "./shape.js";
import { safeWarn, type WarningHook } from "../shared/warnings.js";

/** A ranker ready to use, with the `kind` read once when it was built. */
export interface BuiltRanker {
  readonly ranker: ToolRanker;
  readonly kind: string;
  /** The ranker's optional `search` (read once, like `kind`), called with the ranker as `this`. */
  readonly search?: (query: string, limit: number) => unknown;
}

/**
 * Code units of a ranker's `kind` kept (recorded in every search decision, named in
 * warnings). A longer kind is cut, never refused: it only labels the decision, and a 10 MB
 * kind would otherwise be copied into every record.
 */
export const MAX_RANKER_KIND_LENGTH = 64;

function built(ranker: ToolRanker, fullKind: string): BuiltRanker {
  const kind = cutCodeUnits(fullKind, MAX_RANKER_KIND_LENGTH);
  const search = rankerSearch(ranker);
  return search === undefined ? { ranker, kind } : { ranker, kind, search };
}

/**
 * One session's ranker (DESIGN.md "Rankers"). An object ranker is used as is. A factory is called
 * lazily, on the first search that needs it, with this session's searchable docs, and at
 * most once when it succeeds; a factory that throws or returns a non-ranker is not cached,
 * so the next search calls it again (a model still loading should not disable search for
 * the rest of the run; `maxSearches` bounds the retries). A factory that returns a thenable
 * is an async factory: one `TOOLSIFT_RANKER_FACTORY` warning per session, and its rejection
 * is handled.
 */
export class SessionRanker {
  readonly #input: RankerInput;
  readonly #docs: () => readonly ToolSearchDoc[];
  readonly #warn: WarningHook;
  #built: BuiltRanker | undefined;
  #warnedThenable = false;

  constructor(input: RankerInput, docs: () => readonly ToolSearchDoc[], warn: WarningHook) {
    this.#input = input;
    this.#docs = docs;
    this.#warn = warn;
    if (typeof input !== "function") {
      const kind = rankerKind(input);
      if (kind !== undefined) this.#built = built(input, kind);
    }
  }

  /** True once a ranker is available (an object ranker, or a factory that succeeded). */
  get built(): boolean {
    return this.#built !== undefined;
  }

  /** The ranker, building it if needed; `undefined` when the factory failed this time. */
  resolve(): BuiltRanker | undefined {
    if (this.#built !== undefined) return this.#built;
    const factory = this.#input;
    if (typeof factory !== "function") return undefined;
    let result: unknown;
    try {
      result = factory(this.#docs());
    } catch (cause) {
      // Calling the built-in ranker before `await init()` is a host bug, not a transient
      // failure: it propagates instead of becoming a quiet `search_unavailable`.
      if (isToolsiftError(cause, "not_initialized")) throw cause;
      safeWarn(this.#warn, { code: "TOOLSIFT_RANKER_FAILED", message: "The ranker factory threw; search is unavailable until it succeeds.", cause });
      return undefined;
    }
    if (isThenable(result)) {
      swallowRejection(result);
      if (!this.#warnedThenable) {
        this.#warnedThenable = true;
        safeWarn(this.#warn, {
          code: "TOOLSIFT_RANKER_FACTORY",
          message: "The ranker factory returned a thenable; a factory must return a ranker synchronously ((docs) => ranker).",
        });
      }
      return undefined;
    }
    const kind = rankerKind(result);
    if (kind === undefined) {
      safeWarn(this.#warn, {
        code: "TOOLSIFT_RANKER_FAILED",
        message: "The ranker factory returned something that is not a ranker ({ kind: string, rank(query, limit) }).",
      });
      return undefined;
    }
    this.#built = built(result as ToolRanker, kind);
    return this.#built;
  }
}
