/** Suggestions given for a call of a tool that is not on the menu (SPEC §6.8). */
export const MAX_SUGGESTIONS = 3;

/** Code units of a name compared; longer names are compared by this prefix. */
const COMPARED_LENGTH = 64;

/**
 * Levenshtein distance, or `undefined` when it exceeds `bound` (banded: O(n · bound)).
 */
function boundedDistance(left: string, right: string, bound: number): number | undefined {
  if (Math.abs(left.length - right.length) > bound) return undefined;
  let previous = new Array<number>(right.length + 1);
  let current = new Array<number>(right.length + 1);
  for (let j = 0; j <= right.length; j++) previous[j] = j;
  for (let i = 1; i <= left.length; i++) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= right.length; j++) {
      const substitution = previous[j - 1]! + (left.charCodeAt(i - 1) === right.charCodeAt(j - 1) ? 0 : 1);
      const value = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > bound) return undefined;
    [previous, current] = [current, previous];
  }
  const distance = previous[right.length]!;
  return distance <= bound ? distance : undefined;
}

/**
 * Up to three names near `name`, case-insensitive, drawn only from `candidates` (the tools
 * the session may show). A candidate is near when it equals the name ignoring case, when
 * one contains the other, or when it is within an edit distance of a third of the name's
 * length (at least 2). Best first: equal ignoring case, then containment, then distance,
 * then id order.
 *
 * @example
 * nearNames("github_create_isue", ["github__create_issue", "slack__post"]) // ["github__create_issue"]
 */
export function nearNames(name: string, candidates: Iterable<string>): string[] {
  const wanted = name.slice(0, COMPARED_LENGTH).toLowerCase();
  if (wanted.length === 0) return [];
  const bound = Math.max(2, Math.floor(wanted.length / 3));
  const scored: { name: string; rank: number }[] = [];
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const folded = candidate.slice(0, COMPARED_LENGTH).toLowerCase();
    let rank: number | undefined;
    if (folded === wanted) rank = 0;
    else if (Math.min(wanted.length, folded.length) >= 4 && (folded.includes(wanted) || wanted.includes(folded))) rank = 1;
    else {
      const distance = boundedDistance(wanted, folded, bound);
      if (distance !== undefined) rank = 1 + distance;
    }
    if (rank !== undefined) scored.push({ name: candidate, rank });
  }
  scored.sort((left, right) => left.rank - right.rank || (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  return scored.slice(0, MAX_SUGGESTIONS).map((entry) => entry.name);
}
