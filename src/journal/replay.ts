import { ToolsiftError, isToolsiftError } from "../errors.js";
import { safeWarn, type WarningHook } from "../shared/warnings.js";
import { checkRecord, type Journal } from "./in-memory.js";
import {
  isUsedRecordId,
  journalRecord,
  type BlindCallRecord,
  type DeferralRecord,
  type JournalRecord,
  type SearchDecision,
  type SkillDecision,
  type UsedRecord,
} from "./record.js";

/**
 * What a replay that goes another way than its journal does (DESIGN.md "Journal"): `"fail"` throws a
 * `journal_divergence` error; `"warn"` emits a `TOOLSIFT_JOURNAL_DIVERGENCE` warning and
 * carries on, serving what it can (still clipped, never widened).
 */
export type DivergenceMode = "fail" | "warn";

// A record as the session keeps it: every field read once, so a getter in a host store cannot
// show the replay one value and the check another, nor throw later.
function snapshot(record: unknown, position: number): JournalRecord {
  if (typeof record !== "object" || record === null || Array.isArray(record)) return checkRecord(record, [position]);
  const { format, v, id, fingerprint, value } = record as Record<string, unknown>;
  const copy = fingerprint === undefined ? { format, v, id, value } : { format, v, id, fingerprint, value };
  return Object.freeze(checkRecord(copy, [position]));
}

/**
 * A host journal's records, each checked (`checkRecord`) and read once. A `records()` that
 * throws or does not return a list, or a record whose getter throws, is `invalid_journal`
 * with the host's error as `cause`.
 */
function readRecords(journal: Journal): readonly JournalRecord[] {
  let position = 0;
  try {
    const records: unknown = journal.records();
    if (!Array.isArray(records)) throw new ToolsiftError("invalid_journal", "The journal's records() must return an array of records.");
    const copies: JournalRecord[] = [];
    for (; position < records.length; position++) copies.push(snapshot(records[position], position));
    return Object.freeze(copies);
  } catch (cause) {
    if (isToolsiftError(cause)) throw cause;
    throw new ToolsiftError("invalid_journal", "The journal's records could not be read.", { path: [position], cause });
  }
}

/** How a decision id is to be answered. */
export type DecisionLookup =
  /** Recorded: serve it (after re-admission); the ranker is not called. */
  | { readonly kind: "replay"; readonly record: JournalRecord }
  /** Past the journal's end: decide live and record. */
  | { readonly kind: "live" }
  /**
   * Not recorded although later records exist: the recorded run made this call and it
   * recorded nothing, so it was refused there. The only refusal a replay cannot recompute
   * from the call itself is `search_unavailable`, and that is what it must answer.
   */
  | { readonly kind: "unrecorded" };

/**
 * A session's cursor over its journal. Records are served in their order; asking for a
 * later one skips the ones between (a divergence); every decision id is decided at most
 * once per session.
 */
export class DecisionLog {
  readonly #journal: Journal;
  readonly #mode: DivergenceMode;
  readonly #warn: WarningHook;
  readonly #records: readonly JournalRecord[];
  readonly #positions = new Map<string, number>();
  readonly #decided = new Set<string>();
  readonly #usageIds = new Set<string>();
  #cursor = 0;

  constructor(journal: Journal, mode: DivergenceMode, warn: WarningHook) {
    this.#journal = journal;
    this.#mode = mode;
    this.#warn = warn;
    // `used` records are not decisions: a replay neither serves nor waits for them.
    const records = readRecords(journal);
    this.#records = records.filter((record) => !isUsedRecordId(record.id));
    for (const record of records) if (isUsedRecordId(record.id)) this.#usageIds.add(record.id);
    this.#records.forEach((record, position) => {
      if (this.#positions.has(record.id)) {
        throw new ToolsiftError("invalid_journal", `The journal repeats the decision id ${JSON.stringify(record.id.slice(0, 120))}.`, {
          path: [position],
        });
      }
      this.#positions.set(record.id, position);
    });
  }

  /** True when the journal holds a record of decision `id`. */
  has(id: string): boolean {
    return this.#positions.has(id);
  }

  /** Records this session has not served yet. */
  get pending(): number {
    return this.#records.length - this.#cursor;
  }

  /** True while recorded decisions remain to be served. */
  get replaying(): boolean {
    return this.#cursor < this.#records.length;
  }

  /** Reports a divergence: throws in `"fail"` mode, warns in `"warn"` mode. */
  diverged(message: string, path: readonly (string | number)[]): void {
    if (this.#mode === "fail") throw new ToolsiftError("journal_divergence", message, { path });
    safeWarn(this.#warn, { code: "TOOLSIFT_JOURNAL_DIVERGENCE", message });
  }

  /**
   * How to answer decision `id`. Marks it decided: the same id asked twice in one session
   * is a host error (`invalid_tool_call`), since it would decide one call twice.
   */
  lookup(id: string): DecisionLookup {
    if (this.#decided.has(id)) {
      throw new ToolsiftError("invalid_tool_call", `The tool call ${JSON.stringify(id)} was already handled in this session.`, {
        path: [id],
      });
    }
    this.#decided.add(id);
    const position = this.#positions.get(id);
    if (position === undefined) return this.replaying ? { kind: "unrecorded" } : { kind: "live" };
    if (position > this.#cursor) {
      const skipped = this.#records.slice(this.#cursor, position).map((record) => record.id);
      this.diverged(
        `Replay asked for ${JSON.stringify(id)} before the recorded ${skipped.length === 1 ? "decision" : "decisions"} ${skipped
          .slice(0, 3)
          .map((skippedId) => JSON.stringify(skippedId))
          .join(", ")}${skipped.length > 3 ? ", …" : ""}.`,
        [id],
      );
    }
    this.#cursor = Math.max(this.#cursor, position + 1);
    return { kind: "replay", record: this.#records[position]! };
  }

  /**
   * Gives back a decision id that `lookup` marked decided when the call then failed before
   * anything was recorded (a store that threw, a ranker that could not be built): the host
   * may retry the same call.
   */
  release(id: string): void {
    this.#decided.delete(id);
  }

  /**
   * Appends a live decision to the journal. A store that throws (or whose `append` cannot
   * be read) is a `journal_write_failed` error with the store's error as `cause`.
   */
  record(id: string, decision: SearchDecision | SkillDecision | DeferralRecord | BlindCallRecord, fingerprint?: string): void {
    const record = journalRecord(id, decision, fingerprint);
    try {
      this.#journal.append(record);
    } catch (cause) {
      throw new ToolsiftError("journal_write_failed", `The journal could not store ${JSON.stringify(id)}; nothing was decided.`, {
        path: [id],
        cause,
      });
    }
  }

  /**
   * Appends a `used` record, unless the journal holds one of this id already (a replay of
   * the run that wrote it). Throws what the store throws.
   */
  recordUsage(id: string, usage: UsedRecord): void {
    if (this.#usageIds.has(id)) return;
    this.#journal.append(journalRecord(id, usage));
    this.#usageIds.add(id);
  }

  /**
   * Checks that a replay asked for every recorded decision (DESIGN.md "Journal": skipping recorded
   * ones is a divergence). Call it when the run ends.
   */
  checkComplete(): void {
    if (this.pending === 0) return;
    const next = this.#records[this.#cursor]!;
    this.diverged(`The run ended with ${this.pending} recorded decisions never asked for, from ${JSON.stringify(next.id)}.`, [next.id]);
  }
}
