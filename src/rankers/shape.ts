import { ToolsiftError } from "../errors.js";
import type { ToolRanker, ToolRankerFactory } from "../types.js";

/** What a host may pass as a ranker: a ranker object, or a factory that builds one per session. */
export type RankerInput = ToolRanker | ToolRankerFactory;

/** True for a value with a callable `then` (a promise or look-alike). */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  try {
    return (
      (typeof value === "object" || typeof value === "function") &&
      value !== null &&
      typeof (value as { then?: unknown }).then === "function"
    );
  } catch {
    return false;
  }
}

/** Handles a thenable's rejection so that it can never become an unhandled rejection. */
export function swallowRejection(value: PromiseLike<unknown>): void {
  try {
    Promise.resolve(value).then(undefined, () => undefined);
  } catch {
    // A hostile thenable whose `then` throws has nothing left to reject.
  }
}

/**
 * True when `fn` is a class rather than a factory: its source starts with `class`, or its
 * prototype carries a `rank` method (a ranker class compiled to a plain function).
 */
export function isClass(fn: Function): boolean {
  try {
    if (/^class\b/.test(Function.prototype.toString.call(fn))) return true;
    const prototype: unknown = (fn as { prototype?: unknown }).prototype;
    return typeof prototype === "object" && prototype !== null && typeof (prototype as { rank?: unknown }).rank === "function";
  } catch {
    return false;
  }
}

/**
 * The `kind` of a ranker when `value` is one (an object with a `rank` method and a non-empty
 * string `kind`), else `undefined`. Reads each property once: a hostile getter cannot show
 * one shape to the check and another to the caller.
 */
export function rankerKind(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  try {
    const { kind, rank } = value as { kind?: unknown; rank?: unknown };
    return typeof rank === "function" && typeof kind === "string" && kind.length > 0 ? kind : undefined;
  } catch {
    return undefined;
  }
}

/** A ranker's optional `search` method, read once; a throwing getter or a non-function reads as none. */
export function rankerSearch(value: object): ((query: string, limit: number) => unknown) | undefined {
  try {
    const { search } = value as { search?: unknown };
    return typeof search === "function" ? (search as (query: string, limit: number) => unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a ranker given in config (DESIGN.md "Rankers"): a class is refused (pass an instance or a
 * factory), an object needs a `rank` method and a string `kind`. A factory is only checked
 * for being a function: what it returns is checked when it is called.
 */
export function checkRankerInput(value: unknown, path: readonly (string | number)[]): asserts value is RankerInput {
  if (typeof value === "function") {
    if (isClass(value)) {
      throw new ToolsiftError(
        "invalid_ranker",
        `${path.join(".")} is a class; pass a ranker instance or a factory function (docs) => ranker.`,
        { path },
      );
    }
    return;
  }
  if (rankerKind(value) === undefined) {
    throw new ToolsiftError(
      "invalid_ranker",
      `${path.join(".")} must be a ranker ({ kind: string, rank(query, limit) }) or a factory function.`,
      { path },
    );
  }
}
