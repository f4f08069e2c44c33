import { ToolsiftError } from "../../errors.js";
import type { JournalRecord } from "../record.js";
import { admitStored, WriteBehindJournal, type WriteBehindOptions } from "./write-behind.js";

/** Options of `IndexedDbJournal.open`. */
export interface IndexedDbJournalOptions extends WriteBehindOptions {
  /** Database name, default `"toolsift-journal"`. */
  readonly database?: string;
  /** The `IDBFactory`, default `globalThis.indexedDB`. */
  readonly factory?: IDBFactory;
}

const STORE = "records";

function request<T>(action: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    action.onsuccess = () => resolve(action.result);
    action.onerror = () => reject(action.error);
  });
}

/** Resolves when the transaction commits, rejects when it fails or aborts. */
function completed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const opening = factory.open(name, 1);
  opening.onupgradeneeded = () => {
    // Keys are [runId, position]: one store holds every run, a run's records sort in order.
    opening.result.createObjectStore(STORE);
  };
  return request(opening);
}

const keyText = (runId: string, position: number): string => JSON.stringify([runId, position]);

const runRange = (runId: string): IDBKeyRange => IDBKeyRange.bound([runId, 0], [runId, Number.MAX_SAFE_INTEGER]);

function checkRunId(runId: unknown): asserts runId is string {
  if (typeof runId !== "string" || runId.length === 0) throw new ToolsiftError("invalid_option", "runId is a non-empty string.", { path: ["runId"] });
}

/**
 * A session's journal in the browser's IndexedDB (key `[runId, position]`), so a page reload
 * keeps the run: loaded before the session starts, written behind it in order, each write
 * a `put` of a fixed key and value in its own transaction (idempotent on retry; a tab's
 * writes to one run are serialized by this journal, not across tabs).
 *
 * @example
 * const journal = await IndexedDbJournal.open("run-1");
 * const session = createToolSearchSession({ runId: "run-1", journal, toolSearch: { catalogue } });
 */
export class IndexedDbJournal extends WriteBehindJournal {
  /** Loads the run's stored records; a corrupt one is `invalid_journal` naming its key. */
  static async open(runId: string, options?: IndexedDbJournalOptions): Promise<IndexedDbJournal> {
    checkRunId(runId);
    const factory = options?.factory ?? globalThis.indexedDB;
    const name = options?.database ?? "toolsift-journal";
    let database: IDBDatabase;
    let keys: IDBValidKey[];
    let values: unknown[];
    try {
      database = await openDatabase(factory, name);
      const range = runRange(runId);
      const store = database.transaction(STORE, "readonly").objectStore(STORE);
      [keys, values] = await Promise.all([request(store.getAllKeys(range)), request(store.getAll(range))]);
    } catch (cause) {
      throw new ToolsiftError("invalid_journal", `The journal database ${JSON.stringify(name)} could not be read.`, { path: [name], cause });
    }
    const entries = keys.map((key, position) => {
      const stored = (key as [string, number])[1];
      if (stored !== position) {
        throw new ToolsiftError("invalid_journal", `The stored journal lacks ${keyText(runId, position)}.`, { path: [keyText(runId, position)] });
      }
      return { key: keyText(runId, position), value: values[position] };
    });
    return new IndexedDbJournal(admitStored(entries), {
      key: (position) => keyText(runId, position),
      write: async (position: number, record: JournalRecord) => {
        const transaction = database.transaction(STORE, "readwrite");
        transaction.objectStore(STORE).put(record, [runId, position]);
        await completed(transaction);
      },
    }, options);
  }

  /**
   * Deletes the run's stored records in one transaction (other runs are kept); resolves when
   * they are gone. Flush or drop the run's open journal first: a write still queued in it
   * would store its record again. A store that refuses is `journal_write_failed`.
   */
  static async clear(runId: string, options?: Pick<IndexedDbJournalOptions, "database" | "factory">): Promise<void> {
    checkRunId(runId);
    const name = options?.database ?? "toolsift-journal";
    try {
      const database = await openDatabase(options?.factory ?? globalThis.indexedDB, name);
      try {
        const transaction = database.transaction(STORE, "readwrite");
        transaction.objectStore(STORE).delete(runRange(runId));
        await completed(transaction);
      } finally {
        database.close();
      }
    } catch (cause) {
      throw new ToolsiftError("journal_write_failed", `The journal database ${JSON.stringify(name)} could not delete run ${JSON.stringify(runId)}.`, { path: [name], cause });
    }
  }
}
