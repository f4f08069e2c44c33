/**
 * Edit distance counting a swap of two neighbours as one edit (optimal string alignment),
 * since "explian" is one slip from "explain", not two.
 */
function distance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

// Names compared: an option name is short; a longer typed key is no slip of a known one.
const COMPARED_LENGTH = 64;

/**
 * The candidate closest to `typed`, ignoring case: the only one it is a prefix of (`max` for
 * `max-input-bytes`), or within a third of its length in edits (one edit for short words);
 * undefined when none is that close. For a command-line flag or a config key that is not
 * known (`catalog` → `catalogue`).
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
  let bestDistance = Math.max(1, Math.floor(lower.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/**
 * The message of unknown keys among `known`, each with its nearest known key when one is
 * close: `unknown option "catalog"; did you mean "catalogue"?`.
 */
export function unknownKeysMessage(keys: readonly string[], known: readonly string[]): string {
  const shown = keys.map((key) => JSON.stringify(key));
  const near = keys.map((key) => nearest(key, known));
  if (keys.length === 1) return `unknown option ${shown[0]}${near[0] === undefined ? "" : `; did you mean ${JSON.stringify(near[0])}?`}`;
  return `unknown options ${shown.map((key, index) => (near[index] === undefined ? key : `${key} (did you mean ${JSON.stringify(near[index])}?)`)).join(", ")}`;
}
