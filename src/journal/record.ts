import { cutCodeUnits } from "../trust/labels.js";

/** Format name written on every persisted record. */
export const JOURNAL_FORMAT = "toolsift.journal";

/** Version of the record envelope and of the search decision it carries. Readers refuse others. */
export const JOURNAL_VERSION = 1;

/** Code units of the query kept in a record (DESIGN.md "Journal"). */
export const RECORDED_QUERY_LENGTH = 200;

/**
 * One recorded search decision (DESIGN.md "Journal"): which ranker decided, on which query (its first
 * 200 code units), which tools it returned and which of them were loaded. `skills` is
 * written only when skill discovery is on (DESIGN.md "Skills").
 */
export interface SearchDecision {
  readonly ranker: string;
  readonly query: string;
  /** Written only when the search had them: its other phrasings, each cut like `query`. */
  readonly alternatives?: readonly string[];
  readonly results: readonly string[];
  readonly loaded: readonly string[];
  readonly skills?: readonly string[];
  /** Written only as `false`: the search found no confident match (docs/scoring.md "No confident match"). */
  readonly confident?: false;
  /** Written only as `true`: the results came from the name fallback. */
  readonly fallback?: true;
  /** Written only when the search held its tools (`loadUnconfident: false`): the words of the request no tool matches. */
  readonly unmatched?: readonly string[];
  /** Written only when not empty: matches the ranker put among the page that were on the menu already (the note names them). */
  readonly onMenu?: readonly string[];
  /** Written only for a call that named groups (docs/groups.md "Loading"): the groups asked for, in order. */
  readonly groups?: readonly string[];
  /** With `groups`: the tools the group loads added, in menu order. */
  readonly groupLoaded?: readonly string[];
}

/**
 * A record as stored. `value` is typed `unknown` on purpose: a journal is untrusted input
 * (edited, truncated, forged), and every reader re-checks it against the live session.
 */
export interface JournalRecord {
  readonly format: typeof JOURNAL_FORMAT;
  readonly v: typeof JOURNAL_VERSION;
  /** The decision id, `<run>#turn:<i>:tool:<j>:search`. */
  readonly id: string;
  /** Fingerprint of the session configuration that decided (see `sessionFingerprint`). */
  readonly fingerprint?: string;
  readonly value: unknown;
}

/**
 * The id of the search decided by the `index`-th tool call of turn `turn` (DESIGN.md "Journal"). It is
 * a pure function of the model's recorded response, so a replay asks for the same ids.
 *
 * @example
 * searchDecisionId("run-42", 3, 0) // "run-42#turn:3:tool:0:search"
 */
export function searchDecisionId(run: string, turn: number, index: number): string {
  return `${run}#turn:${turn}:tool:${index}:search`;
}

/** The id of the deferral decision of a run with groups (docs/groups.md "Journal"): one per run, first. */
export function deferralDecisionId(run: string): string {
  return `${run}#deferral`;
}

/** The id of a blind call (a held-back tool called by its exact name) at that call. */
export function blindDecisionId(run: string, turn: number, index: number): string {
  return `${run}#turn:${turn}:tool:${index}:blind`;
}

/**
 * The recorded deferral decision (docs/groups.md "Journal"): the held-back groups and the
 * advertised ones, the groups whose rules the catalogue block gave, and the run's rules mark.
 * On replay a floor, never the whole answer.
 */
export interface DeferralRecord {
  readonly held: readonly string[];
  readonly advertised: readonly string[];
  readonly given?: readonly string[];
  readonly mark?: string;
}

/** A recorded blind call: the tool called, what it loaded, and the group when it loaded the whole group for its rules. */
export interface BlindCallRecord {
  readonly tool: string;
  readonly loaded: readonly string[];
  readonly group?: string;
  readonly rules?: readonly string[];
}

/** The recorded activation (DESIGN.md "Journal"): digest and bytes pin what was delivered; a refusal records its verdict. */
export type SkillDecision =
  | { readonly skill: string; readonly digest: string; readonly bytes: number }
  | { readonly skill: string; readonly refused: "instructions_refused" | "instructions_too_large" };

/** What a `used` record holds: the tool the model called, the search that found it, the turn. */
export interface UsedRecord {
  readonly used: string;
  /** The decision id of the search of this run that returned the tool (its latest one). */
  readonly search: string;
  readonly turn: number;
  /**
   * The search's ranking returned the tool for its query; false when the call named it in
   * `select` or it came with a group. Only a ranked use teaches (`usesFromJournal`).
   */
  readonly ranked: boolean;
}

const USED_SUFFIX = ":used";

/**
 * The id of the `used` record of the `index`-th tool call of turn `turn`. It is not a decision:
 * a replay never asks for it (`isUsedRecordId`).
 *
 * @example
 * usedRecordId("run-42", 4, 1) // "run-42#turn:4:tool:1:used"
 */
export function usedRecordId(run: string, turn: number, index: number): string {
  return `${run}#turn:${turn}:tool:${index}${USED_SUFFIX}`;
}

/** True for the id of a `used` record, which replay leaves alone. */
export function isUsedRecordId(id: string): boolean {
  return id.endsWith(USED_SUFFIX);
}

/** A recorded field read defensively: a getter that throws, or a non-object, reads as absent. */
export function recordField(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** The id of the skill activation decided by the `index`-th tool call of turn `turn`. */
export function skillDecisionId(run: string, turn: number, index: number): string {
  return `${run}#turn:${turn}:tool:${index}:skill`;
}

/** The query as a record keeps it: its first 200 code units (never half a surrogate pair). */
export function recordedQuery(query: string): string {
  return cutCodeUnits(query, RECORDED_QUERY_LENGTH);
}

/** A new record envelope around a decision. */
export function journalRecord(id: string, value: object, fingerprint?: string): JournalRecord {
  const record: JournalRecord =
    fingerprint === undefined
      ? { format: JOURNAL_FORMAT, v: JOURNAL_VERSION, id, value }
      : { format: JOURNAL_FORMAT, v: JOURNAL_VERSION, id, fingerprint, value };
  return Object.freeze(record);
}

/** The fields of a stored decision, read defensively (a getter that throws reads as absent). */
export interface StoredDecision {
  readonly query: unknown;
  readonly alternatives?: unknown;
  readonly results: unknown;
  readonly loaded: unknown;
  readonly confident: unknown;
  readonly fallback: unknown;
  readonly unmatched?: unknown;
  readonly skills?: unknown;
  readonly onMenu: unknown;
  readonly groups?: unknown;
  readonly groupLoaded?: unknown;
}

export function readStoredDecision(value: unknown): StoredDecision {
  if (typeof value !== "object" || value === null) {
    return { query: undefined, results: undefined, loaded: undefined, confident: undefined, fallback: undefined, onMenu: undefined };
  }
  const field = (key: string): unknown => {
    try {
      return (value as Record<string, unknown>)[key];
    } catch {
      return undefined;
    }
  };
  return {
    query: field("query"),
    alternatives: field("alternatives"),
    results: field("results"),
    loaded: field("loaded"),
    confident: field("confident"),
    fallback: field("fallback"),
    unmatched: field("unmatched"),
    skills: field("skills"),
    onMenu: field("onMenu"),
    groups: field("groups"),
    groupLoaded: field("groupLoaded"),
  };
}
