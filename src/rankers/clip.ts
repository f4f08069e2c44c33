import { isThenable, swallowRejection } from "./shape.js";

/** The most hits any ranker is asked for in one call (DESIGN.md "Rankers"). */
export const MAX_RANK_ASK = 1000;

/** Why a ranker's output was refused. */
export type RankFailure = "threw" | "thenable" | "not_a_list";

/** The first admitted hit's `score` and `match`, read once with its `id` (what a verdict needs). */
export interface LeadHit {
  readonly score: unknown;
  readonly match: unknown;
}

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
 * Reads a ranker's output (DESIGN.md "Rankers"): only the first `ask` entries are read, whatever the
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
  return clipWithLead(output, ask, admit).clipped;
}

// The lead's fields are advisory (a verdict): unreadable ones are no verdict, not a failure.
function leadFields(hit: object): LeadHit | undefined {
  try {
    const { score, match } = hit as { score?: unknown; match?: unknown };
    return { score, match };
  } catch {
    return undefined;
  }
}

/**
 * `clipHits` on output already in hand (what a ranker's `search` answered as its `hits`),
 * with the first admitted hit's fields (`lead`; absent when no id was admitted or its
 * fields could not be read).
 */
export function clipWithLead(output: unknown, ask: number, admit: (id: string) => boolean): { clipped: ClipResult; lead?: LeadHit } {
  if (isThenable(output)) {
    swallowRejection(output);
    return { clipped: { ok: false, failure: "thenable" } };
  }
  const ids: string[] = [];
  const seen = new Set<string>();
  let length: number;
  let lead: LeadHit | undefined;
  try {
    // Inside the try: `Array.isArray` throws on a revoked Proxy.
    if (!Array.isArray(output)) return { clipped: { ok: false, failure: "not_a_list" } };
    length = Math.min(output.length, ask);
    for (let i = 0; i < length; i++) {
      const hit: unknown = output[i];
      if (typeof hit !== "object" || hit === null) continue;
      const id: unknown = (hit as { id?: unknown }).id;
      if (typeof id !== "string" || seen.has(id)) continue;
      seen.add(id);
      if (!admit(id)) continue;
      if (ids.length === 0) lead = leadFields(hit);
      ids.push(id);
    }
  } catch (cause) {
    return { clipped: { ok: false, failure: "threw", cause } };
  }
  const clipped: ClipResult = { ok: true, ids, full: length >= ask };
  return lead === undefined ? { clipped } : { clipped, lead };
}
