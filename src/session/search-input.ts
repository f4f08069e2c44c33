import { cutCodeUnits } from "../trust/labels.js";
import { invalidInput, type SearchErrorResult } from "./results.js";

/** Code units of a query passed to a ranker (docs/analyzer.md §A1: cut before anything else). */
export const MAX_QUERY_LENGTH = 512;

/** Code units of one name in `select`. */
export const MAX_SELECT_NAME_LENGTH = 256;

/** A valid `search_tools` input. */
export interface SearchInput {
  /** The query cut to 512 code units; `""` when the call only selects. */
  readonly query: string;
  /** Tools this call may return: the model's `limit`, at most `maxPerSearch`. */
  readonly page: number;
  /** Exact names asked for, in order, deduplicated. */
  readonly select: readonly string[];
  /** The model's `limit` when it was above `maxPerSearch` (and `page` is the cap): the note says so. */
  readonly clampedFrom?: number;
  /** Groups to load whole (`group`, then `select`'s `group:<name>` entries), deduplicated; only in a session with groups. */
  readonly groups?: readonly string[];
}

/** The `select` entry that names a group: `group:<name>`. */
export const GROUP_SELECT_PREFIX = "group:";

export type ParsedSearchInput = { readonly ok: true; readonly input: SearchInput } | { readonly ok: false; readonly error: SearchErrorResult };

function fail(message: string, path: readonly (string | number)[]): ParsedSearchInput {
  return { ok: false, error: invalidInput(message, path) };
}

/**
 * Reads a model's `search_tools` arguments (DESIGN.md "Data flow of one `search_tools` call", "Session"): `{ query?, limit?, select? }`,
 * at least a non-blank query or one selected name. A `limit` above `maxPerSearch` is
 * clamped (the model asked for more than it may have, not for something wrong: the result's
 * note says so); a limit
 * that is not a positive integer is invalid. Unknown fields are ignored.
 */
export function parseSearchInput(raw: unknown, maxPerSearch: number, grouped = false): ParsedSearchInput {
  try {
    return parseOnce(raw, maxPerSearch, grouped);
  } catch {
    // A getter or proxy trap in the input threw (a host handing the model's arguments through
    // a Proxy); the model gets a plain error result and the host's error goes no further.
    return fail("search_tools input could not be read.", []);
  }
}

function parseOnce(raw: unknown, maxPerSearch: number, grouped: boolean): ParsedSearchInput {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return fail("search_tools takes an object: { query: string, limit?: integer, select?: string[] }.", []);
  }
  const { query, limit, select } = raw as Record<string, unknown>;
  // Without groups `group` is an unknown field, ignored as before; with them it is read once.
  const group: unknown = grouped ? (raw as Record<string, unknown>)["group"] : undefined;
  const groups: string[] = [];
  if (group !== undefined) {
    if (typeof group !== "string" || group.length === 0 || group.length > MAX_SELECT_NAME_LENGTH) return fail(`group must be a group name (1 to ${MAX_SELECT_NAME_LENGTH} characters).`, ["group"]);
    groups.push(group);
  }
  if (query !== undefined && typeof query !== "string") return fail("query must be a string.", ["query"]);
  if (limit !== undefined && !(typeof limit === "number" && Number.isInteger(limit) && limit >= 1)) {
    return fail(`limit must be an integer from 1 to ${maxPerSearch}.`, ["limit"]);
  }
  const names: string[] = [];
  if (select !== undefined) {
    if (!Array.isArray(select)) return fail("select must be an array of tool names.", ["select"]);
    if (select.length > maxPerSearch) return fail(`select names at most ${maxPerSearch} tools.`, ["select"]);
    for (let i = 0; i < select.length; i++) {
      const name: unknown = select[i];
      if (typeof name !== "string" || name.length === 0 || name.length > MAX_SELECT_NAME_LENGTH) {
        return fail(`select[${i}] must be a tool name (1 to ${MAX_SELECT_NAME_LENGTH} characters).`, ["select", i]);
      }
      if (grouped && name.startsWith(GROUP_SELECT_PREFIX)) {
        const named = name.slice(GROUP_SELECT_PREFIX.length);
        if (named.length > 0 && !groups.includes(named)) groups.push(named);
      } else if (!names.includes(name)) names.push(name);
    }
  }
  const cut = typeof query === "string" ? cutCodeUnits(query, MAX_QUERY_LENGTH) : "";
  const text = cut.trim().length === 0 ? "" : cut;
  if (text.length === 0 && names.length === 0 && groups.length === 0) {
    return fail("Give a query (what you want to do, in a few words) or select (exact tool names).", ["query"]);
  }
  const page = Math.min(typeof limit === "number" ? limit : maxPerSearch, maxPerSearch);
  const input: SearchInput = groups.length > 0 ? { query: text, page, select: names, groups } : { query: text, page, select: names };
  return { ok: true, input: typeof limit === "number" && limit > maxPerSearch ? { ...input, clampedFrom: limit } : input };
}
