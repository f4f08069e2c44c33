/**
 * Levenshtein distance, or `undefined` when it exceeds `bound`. Banded: only cells within
 * `bound` of the diagonal are computed (the others exceed it), O(n · bound) and `cells`
 * counts them.
 */
export function boundedDistance(left: string, right: string, bound: number, cells: { count: number }): number | undefined {
  if (Math.abs(left.length - right.length) > bound) return undefined;
  const outside = bound + 1;
  let previous = new Array<number>(right.length + 1).fill(outside);
  let current = new Array<number>(right.length + 1).fill(outside);
  for (let j = 0; j <= Math.min(right.length, bound); j++) previous[j] = j;
  for (let i = 1; i <= left.length; i++) {
    const from = Math.max(1, i - bound);
    const to = Math.min(right.length, i + bound);
    current[from - 1] = from === 1 ? (i <= bound ? i : outside) : outside;
    let rowBest = current[from - 1]!;
    for (let j = from; j <= to; j++) {
      const substitution = previous[j - 1]! + (left.charCodeAt(i - 1) === right.charCodeAt(j - 1) ? 0 : 1);
      const value = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1, outside);
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (to < right.length) current[to + 1] = outside;
    cells.count += to - from + 1;
    if (rowBest > bound) return undefined;
    [previous, current] = [current, previous];
  }
  const distance = previous[right.length]!;
  return distance <= bound ? distance : undefined;
}

// Names compared: an option name is short; a longer typed key is no slip of a known one.
const COMPARED_LENGTH = 64;

/**
 * The candidate closest to `typed`, ignoring case: the only one it is a prefix of (`max` for
 * `max-input-bytes`), or within a third of its length in edits (two for short words; the
 * first of the nearest); undefined when none is that close. For a command-line flag or a
 * config key that is not known (`catalog` → `catalogue`).
 *
 * @example
 * nearest("catalog", ["catalogue", "annotations"]) // "catalogue"
 */
export function nearest(typed: string, candidates: readonly string[]): string | undefined {
  if (typed.length > COMPARED_LENGTH) return undefined;
  const lower = typed.toLowerCase();
  if (lower.length >= 3) {
    const prefixed = candidates.filter((candidate) => candidate.toLowerCase().startsWith(lower));
    if (prefixed.length === 1) return prefixed[0];
  }
  let best: string | undefined;
  // Each hit narrows the bound, so a later candidate wins only when it is nearer.
  // At least two, so a swap of two letters (`nmae`) is near: Levenshtein counts it as two.
  let bound = Math.max(2, Math.floor(lower.length / 3));
  for (const candidate of candidates) {
    const distance = boundedDistance(lower, candidate.toLowerCase(), bound, { count: 0 });
    if (distance !== undefined) [best, bound] = [candidate, distance - 1];
  }
  return best;
}

/**
 * The message of unknown keys among `known`, a single one with its nearest known key when one
 * is close: `unknown option "catalog"; did you mean "catalogue"?`.
 */
export function unknownKeysMessage(keys: readonly string[], known: readonly string[]): string {
  // Several unknown keys are rarely slips of one known key each: only a single one is matched.
  const near = keys.length === 1 ? nearest(keys[0]!, known) : undefined;
  return `unknown option${keys.length > 1 ? "s" : ""} ${keys.map((key) => JSON.stringify(key)).join(", ")}${near === undefined ? "" : `; did you mean ${JSON.stringify(near)}?`}`;
}
