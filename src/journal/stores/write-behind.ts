import { ToolsiftError } from "../../errors.js";
import { InMemoryJournal, checkRecord, type Journal } from "../in-memory.js";
import type { JournalRecord } from "../record.js";

/**
 * Defaults of every asynchronous journal store (docs/edge.md "Journal stores").
 * `attempts`: tries of one record's write before the journal fails, 1 to 10, default 3.
 * 1 gives up at the first error; more ride out a store's brief refusals (Workers KV answers
 * 429 to a second write of one key within a second). A retry writes the same key and value,
 * so one that lands twice stores the record once.
 */
export const WRITE_BEHIND_DEFAULTS = Object.freeze({ attempts: 3 });

/** Options of an asynchronous journal store. */
export interface WriteBehindOptions {
  /** Tries of one record's write, 1 to 10 (see `WRITE_BEHIND_DEFAULTS`). */
  readonly attempts?: number;
  /**
   * Called before each write attempt with the record's storage key; throwing (or rejecting)
   * fails that attempt. The seam for metering writes and for injecting a store's failure.
   */
  readonly beforeWrite?: (key: string, record: JournalRecord) => void | Promise<void>;
}

/** How one store writes and names its records; the position is the record's 0-based order. */
export interface RecordWriter {
  key(position: number): string;
  write(position: number, record: JournalRecord): Promise<void>;
}

export function resolveAttempts(options: WriteBehindOptions | undefined): number {
  const attempts = options?.attempts ?? WRITE_BEHIND_DEFAULTS.attempts;
  if (!Number.isSafeInteger(attempts) || attempts < 1 || attempts > 10) {
    throw new ToolsiftError("invalid_option", "attempts is an integer from 1 to 10.", { path: ["attempts"] });
  }
  return attempts;
}

/**
 * Checks records read from a store, in order: each envelope (`checkRecord`), no id twice.
 * A bad one is `invalid_journal` whose path and message name its storage key.
 */
export function admitStored(entries: readonly { key: string; value: unknown }[]): JournalRecord[] {
  const seen = new Set<string>();
  return entries.map(({ key, value }) => {
    let record: JournalRecord;
    try {
      record = checkRecord(value, [key]);
    } catch (cause) {
      const reason = cause instanceof ToolsiftError ? cause.message : String(cause);
      throw new ToolsiftError("invalid_journal", `The stored journal record at ${key} is refused: ${reason}`, { path: [key], cause });
    }
    if (seen.has(record.id)) {
      throw new ToolsiftError("invalid_journal", `The stored journal record at ${key} repeats the decision id ${JSON.stringify(record.id.slice(0, 120))}.`, {
        path: [key],
      });
    }
    seen.add(record.id);
    return record;
  });
}

/** Parses a record stored as JSON text; text that is not JSON is `invalid_journal` naming the key. */
export function parseStored(key: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ToolsiftError("invalid_journal", `The stored journal record at ${key} is not JSON.`, { path: [key], cause });
  }
}

/**
 * The journal of every asynchronous store: records loaded before the session starts,
 * appended ones kept in memory at once (the session is synchronous) and written behind it,
 * one at a time in their order. A write that fails every attempt stops the writer: the
 * records after it are not written (no hole), `flush()` rejects and every later `append`
 * throws, both `journal_write_failed` naming the record. Nothing is dropped silently.
 */
export class WriteBehindJournal implements Journal {
  readonly #memory: InMemoryJournal;
  readonly #writer: RecordWriter;
  readonly #attempts: number;
  readonly #beforeWrite: WriteBehindOptions["beforeWrite"];
  readonly #stored: number;
  #written: number;
  #queue: Promise<void> = Promise.resolve();
  #failure: ToolsiftError | undefined;

  /** @internal Stores construct it with their loaded records. */
  constructor(loaded: readonly JournalRecord[], writer: RecordWriter, options?: WriteBehindOptions) {
    this.#memory = new InMemoryJournal(loaded);
    this.#writer = writer;
    this.#attempts = resolveAttempts(options);
    this.#beforeWrite = options?.beforeWrite;
    this.#stored = loaded.length;
    this.#written = loaded.length;
  }

  records(): readonly JournalRecord[] {
    return this.#memory.records();
  }

  append(record: JournalRecord): void {
    if (this.#failure !== undefined) throw this.#failure;
    const position = this.#memory.size;
    this.#memory.append(record);
    this.#queue = this.#queue.then(() => this.#write(position, record));
  }

  async #write(position: number, record: JournalRecord): Promise<void> {
    if (this.#failure !== undefined) return;
    const key = this.#writer.key(position);
    let last: unknown;
    for (let attempt = 0; attempt < this.#attempts; attempt++) {
      try {
        await this.#beforeWrite?.(key, record);
        await this.#writer.write(position, record);
        this.#written = position + 1;
        return;
      } catch (cause) {
        last = cause;
      }
    }
    this.#failure = new ToolsiftError(
      "journal_write_failed",
      `The journal store could not write ${JSON.stringify(key)} (${JSON.stringify(record.id.slice(0, 120))}) in ${this.#attempts} attempt(s); it and the records after it are not stored.`,
      { path: [key], cause: last },
    );
  }

  /**
   * Resolves when every appended record is stored; rejects with the writer's
   * `journal_write_failed` if one was not. Await it before acting on a call's result.
   */
  async flush(): Promise<void> {
    await this.#queue;
    if (this.#failure !== undefined) throw this.#failure;
  }

  /** The write failure that stopped this journal, if any. */
  get failure(): ToolsiftError | undefined {
    return this.#failure;
  }

  /** Records loaded from the store when it opened. */
  get loaded(): number {
    return this.#stored;
  }

  /** Records appended and not (yet) stored. */
  get pending(): number {
    return this.#memory.size - this.#written;
  }
}
