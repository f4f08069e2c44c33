import { boundedDistance } from "../core/nearest.js";
import { WorkBudget } from "../core/work-budget.js";

/** Suggestions given for a call of a tool that is not on the menu (DESIGN.md "Session"). */
export const MAX_SUGGESTIONS = 3;

/** Code units of a name compared; longer names are compared by this prefix. */
const COMPARED_LENGTH = 64;

/**
 * Work one `unknown_tool` answer may spend, in code units read and edit-distance cells
 * computed (and one unit per catalogue id looked at). 3,000,000 covers every candidate of a
 * catalogue of ~20,000 tools of 20-unit names (results unchanged there; a few ms); past it
 * the suggestions are the nearest of the candidates compared so far (menu first, then the
 * catalogue in order). At 200,000 tools, comparing them all took 1.4 s.
 */
export const NEAR_NAMES_BUDGET = 3_000_000;

// Bag distance over folded code units: the larger of what either name has that the other
// lacks, a lower bound of the edit distance (one edit fixes at most one unit on each side).
// Hashing units into buckets only merges counts, so the bound stays a lower bound.
const BUCKETS = 64;

function bagCounts(text: string): Int16Array {
  const counts = new Int16Array(BUCKETS);
  for (let i = 0; i < text.length; i++) counts[text.charCodeAt(i) & (BUCKETS - 1)]!++;
  return counts;
}

function bagDistance(wanted: Int16Array, text: string, scratch: Int16Array): number {
  scratch.set(wanted);
  let extra = 0;
  for (let i = 0; i < text.length; i++) {
    const bucket = text.charCodeAt(i) & (BUCKETS - 1);
    if (scratch[bucket]! > 0) scratch[bucket]!--;
    else extra++;
  }
  let missing = 0;
  for (let bucket = 0; bucket < BUCKETS; bucket++) missing += scratch[bucket]!;
  return Math.max(extra, missing);
}

// The `server__` of a server-qualified name (the gateway's ids, DESIGN.md "Trust"), folded:
// the name up to its first "__", which a server name (1 to 64 units) never holds; none without
// such a prefix in the first 66 units (the only ones read).
function serverPrefix(name: string): string | undefined {
  const at = name.slice(0, 66).indexOf("__");
  return at > 0 ? name.slice(0, at + 2).toLowerCase() : undefined;
}

/**
 * Up to three names near `name`, case-insensitive, drawn only from `candidates` (the tools
 * the session may show). A candidate is near when it equals the name ignoring case, when
 * one contains the other, or when it is within an edit distance of a third of the name's
 * length (at least 2). Best first: equal ignoring case, then containment, then distance,
 * then id order. Candidates are compared while `budget` lasts (see `NEAR_NAMES_BUDGET`).
 * A server-qualified name (`server__tool`) is compared only with candidates of that server
 * (the same prefix, ignoring case): a call of a tool of a server that is down never suggests
 * another server's tool of the same name.
 *
 * @example
 * nearNames("github_create_isue", ["github__create_issue", "slack__post"]) // ["github__create_issue"]
 */
export function nearNames(name: string, candidates: Iterable<string>, budget = new WorkBudget(NEAR_NAMES_BUDGET)): string[] {
  const wanted = name.slice(0, COMPARED_LENGTH).toLowerCase();
  if (wanted.length === 0) return [];
  const bound = Math.max(2, Math.floor(wanted.length / 3));
  const wantedBag = bagCounts(wanted);
  const scratch = new Int16Array(BUCKETS);
  const cells = { count: 0 };
  const scored: { name: string; rank: number }[] = [];
  const scope = serverPrefix(name);
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const compared = Math.min(candidate.length, COMPARED_LENGTH);
    // Folding, containment and the bag each read the candidate once.
    if (!budget.take(3 * compared)) break;
    if (scope !== undefined && serverPrefix(candidate) !== scope) continue;
    const folded = candidate.slice(0, COMPARED_LENGTH).toLowerCase();
    let rank: number | undefined;
    if (folded === wanted) rank = 0;
    else if (Math.min(wanted.length, folded.length) >= 4 && (folded.includes(wanted) || wanted.includes(folded))) rank = 1;
    else if (Math.abs(folded.length - wanted.length) <= bound && bagDistance(wantedBag, folded, scratch) <= bound) {
      cells.count = 0;
      const distance = boundedDistance(wanted, folded, bound, cells);
      budget.force(cells.count);
      if (distance !== undefined) rank = 1 + distance;
    }
    if (rank !== undefined) scored.push({ name: candidate, rank });
  }
  scored.sort((left, right) => left.rank - right.rank || (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  return scored.slice(0, MAX_SUGGESTIONS).map((entry) => entry.name);
}
