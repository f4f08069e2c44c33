import { MAX_RANK_ASK } from "../rankers/clip.js";

/**
 * Entries of a recorded list read on replay. A tampered record with 10,000 ids costs what
 * the largest live ask does.
 */
export const MAX_RECORDED_READ = MAX_RANK_ASK;

/**
 * Re-admits a recorded result list against the live session (DESIGN.md "Journal"): a non-array reads
 * as empty; non-strings, repeats and ids `admit` refuses (unknown, hidden, already on the
 * menu) are dropped; at most `page` ids survive. Clipped, never widened.
 */
export function admitRecorded(results: unknown, page: number, admit: (id: string) => boolean): string[] {
  if (!Array.isArray(results)) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  const length = Math.min(results.length, MAX_RECORDED_READ);
  for (let i = 0; i < length && out.length < page; i++) {
    const id: unknown = results[i];
    if (typeof id !== "string" || seen.has(id)) continue;
    seen.add(id);
    if (admit(id)) out.push(id);
  }
  return out;
}

/** The string entries of a recorded list (bounded), for intersecting with a fresh plan. */
export function recordedSet(list: unknown): ReadonlySet<string> {
  const out = new Set<string>();
  if (!Array.isArray(list)) return out;
  const length = Math.min(list.length, MAX_RECORDED_READ);
  for (let i = 0; i < length; i++) {
    const id: unknown = list[i];
    if (typeof id === "string") out.add(id);
  }
  return out;
}

/** What searches may still add to the menu. */
export interface LoadBudget {
  /** Tools searches loaded so far, and the cap. */
  readonly loaded: number;
  readonly maxLoaded: number;
  /** Characters of the specs searches loaded so far, and the optional cap. */
  readonly chars: number;
  readonly maxChars: number | undefined;
  /** Tools the menu may still take (`deferral.maxTools` minus the menu), only in a session with groups. */
  readonly room?: number;
}

/**
 * Which tools of a page are loaded (DESIGN.md "Session"): in page order, each while fewer than
 * `maxLoaded` tools were loaded by searches and its spec fits the `maxMenuChars` budget.
 * A tool that does not fit is skipped and a later, smaller one may still fit. `size`
 * returns a tool's spec size, or `undefined` when it has no usable spec (never loaded).
 * A pure function of the page and the budget, so a replay re-derives it exactly.
 */
export function planLoaded(page: readonly string[], budget: LoadBudget, size: (id: string) => number | undefined): string[] {
  const loaded: string[] = [];
  let count = budget.loaded;
  let chars = budget.chars;
  for (const id of page) {
    if (count >= budget.maxLoaded || (budget.room !== undefined && loaded.length >= budget.room)) break;
    const cost = size(id);
    if (cost === undefined) continue;
    if (budget.maxChars !== undefined && chars + cost > budget.maxChars) continue;
    loaded.push(id);
    count++;
    chars += cost;
  }
  return loaded;
}
