import { isThenable, swallowRejection } from "./shape.js";

/** The most hits any ranker is asked for in one call (SPEC §6.6). */
export const MAX_RANK_ASK = 1000;

/** Why a ranker's output was refused. */
export type RankFailure = "threw" | "thenable" | "not_a_list";

export type ClipResult =
  | {
      readonly ok: true;
      /** Admitted ids, deduplicated, in rank order. */
      readonly ids: readonly string[];
      /** The ranker filled the whole ask, so asking for more could give more. */
      readonly full: boolean;
    }
  | { readonly ok: false; readonly failure: RankFailure; readonly cause?: unknown };

/**
 * Reads a ranker's output (SPEC §4): only the first `ask` entries are read, whatever the
 * ranker returned; an entry counts when it is an object with a string `id` that `admit`
 * accepts; repeats are dropped. Throwing getters, thenables and non-lists are failures,
 * never exceptions. Reading is O(ask), so a 10,000-hit ranker costs what a 5-hit one does.
 *
 * @example
 * clipHits(() => ranker.rank(query, 10), 10, (id) => universe.has(id))
 */
export function clipHits(run: () => unknown, ask: number, admit: (id: string) => boolean): ClipResult {
  let output: unknown;
  try {
    output = run();
  } catch (cause) {
    return { ok: false, failure: "threw", cause };
  }
  if (isThenable(output)) {
    swallowRejection(output);
    return { ok: false, failure: "thenable" };
  }
  if (!Array.isArray(output)) return { ok: false, failure: "not_a_list" };
  const ids: string[] = [];
  const seen = new Set<string>();
  let length: number;
  try {
    length = Math.min(output.length, ask);
    for (let i = 0; i < length; i++) {
      const hit: unknown = output[i];
      if (typeof hit !== "object" || hit === null) continue;
      const id: unknown = (hit as { id?: unknown }).id;
      if (typeof id !== "string" || seen.has(id)) continue;
      seen.add(id);
      if (admit(id)) ids.push(id);
    }
  } catch (cause) {
    return { ok: false, failure: "threw", cause };
  }
  return { ok: true, ids, full: length >= ask };
}
