import { ToolsiftError } from "../errors.js";
import { JOURNAL_FORMAT, JOURNAL_VERSION, type JournalRecord } from "./record.js";

/** Longest decision id accepted from storage. */
export const MAX_RECORD_ID_LENGTH = 1024;

/**
 * Where a session's decisions live (DESIGN.md "Journal"). Synchronous, like everything after `init()`:
 * an asynchronous store (IndexedDB, Workers KV, Deno KV) loads its records before the
 * session starts and writes appended ones behind it.
 */
export interface Journal {
  /** The records in the order they were decided. */
  records(): readonly JournalRecord[];
  /** Stores a new decision after the existing ones. */
  append(record: JournalRecord): void;
}

/**
 * Checks a record read from storage: the envelope only (format, version, a string id).
 * The decision inside stays untrusted and is re-admitted by the session on replay.
 */
export function checkRecord(record: unknown, path: readonly (string | number)[]): JournalRecord {
  if (typeof record !== "object" || record === null || Array.isArray(record)) {
    throw new ToolsiftError("invalid_journal", "A journal record is a JSON object.", { path });
  }
  const { format, v, id, fingerprint } = record as Record<string, unknown>;
  if (format !== JOURNAL_FORMAT) {
    throw new ToolsiftError("invalid_journal", `Not a toolsift journal record (format ${JSON.stringify(format)}).`, { path });
  }
  if (v !== JOURNAL_VERSION) {
    throw new ToolsiftError(
      "invalid_journal",
      `Journal record version ${JSON.stringify(v)} is not understood (this toolsift reads version ${JOURNAL_VERSION}).`,
      { path },
    );
  }
  if (typeof id !== "string" || id.length === 0 || id.length > MAX_RECORD_ID_LENGTH) {
    throw new ToolsiftError("invalid_journal", `A journal record needs a string id of 1 to ${MAX_RECORD_ID_LENGTH} characters.`, {
      path,
    });
  }
  if (fingerprint !== undefined && typeof fingerprint !== "string") {
    throw new ToolsiftError("invalid_journal", "A journal record's fingerprint is a string.", { path });
  }
  return record as JournalRecord;
}

/**
 * The built-in journal: records in memory, optionally seeded with records of an earlier
 * run (from `journalFromJsonLines`, or a host store). Seeded records are checked; two
 * records with one id are refused (a decision is made once).
 *
 * @example
 * const journal = new InMemoryJournal();
 * const session = createToolSearchSession({ runId: "run-1", journal, toolSearch: { catalogue } });
 * // … later: replay the same run
 * const replay = createToolSearchSession({ runId: "run-1", journal: new InMemoryJournal(journal.records()), toolSearch: { catalogue } });
 */
export class InMemoryJournal implements Journal {
  readonly #records: JournalRecord[] = [];
  readonly #ids = new Set<string>();

  constructor(records: Iterable<unknown> = []) {
    let index = 0;
    for (const record of records) {
      this.#add(checkRecord(record, [index]), [index]);
      index++;
    }
  }

  #add(record: JournalRecord, path: readonly (string | number)[]): void {
    if (this.#ids.has(record.id)) {
      throw new ToolsiftError("invalid_journal", `The journal repeats the decision id ${JSON.stringify(record.id.slice(0, 120))}.`, {
        path,
      });
    }
    this.#ids.add(record.id);
    this.#records.push(record);
  }

  records(): readonly JournalRecord[] {
    return Object.freeze(this.#records.slice());
  }

  append(record: JournalRecord): void {
    this.#add(checkRecord(record, [this.#records.length]), [this.#records.length]);
  }

  get size(): number {
    return this.#records.length;
  }
}
