import { ToolsiftError } from "../../errors.js";
import type { JournalRecord } from "../record.js";
import { admitStored, parseStored, WriteBehindJournal, type WriteBehindOptions } from "./write-behind.js";

/** The part of a Workers KV namespace binding the journal uses. */
export interface KvNamespaceLike {
  get(key: string): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
}

/** Options of `KvJournal.open`. */
export interface KvJournalOptions extends WriteBehindOptions {
  /** Prefix of every key, default `"toolsift/journal/"`. */
  readonly prefix?: string;
}

// Reads run this many keys at once: a run of 40 records loads in 5 round trips, not 41,
// and stays far under the 1,000 KV operations one invocation may make.
const READ_BATCH = 8;
// Workers KV refuses keys over 512 bytes; the run id (≤ 128 characters) and the prefix must fit.
const MAX_KEY_BYTES = 512;

export function positionKey(prefix: string, runId: string, position: number): string {
  // Zero-padded so a listing sorts in decision order.
  return `${prefix}${runId}/${String(position).padStart(6, "0")}`;
}

/**
 * A session's journal in Workers KV, one key per record (`<prefix><runId>/000000`, …):
 * loaded before the session starts, written behind it in order, each write a `put` of a
 * fixed key and value (idempotent on retry). Guarantees: one writer per run at a time;
 * KV is eventually consistent across locations (a read elsewhere may lag by up to 60 s),
 * so two isolates serving one run at once can interleave. Use a Durable Object in front of
 * it when one run's requests may arrive concurrently (docs/edge.md "Journal stores").
 *
 * @example
 * const journal = await KvJournal.open(env.JOURNAL, runId);
 * const session = createToolSearchSession({ runId, journal, toolSearch: { catalogue } });
 * const outcome = session.handleToolCall(call);
 * await journal.flush(); // a failed write rejects with journal_write_failed
 */
export class KvJournal extends WriteBehindJournal {
  /** Loads the run's stored records; a corrupt one is `invalid_journal` naming its key. */
  static async open(namespace: KvNamespaceLike, runId: string, options?: KvJournalOptions): Promise<KvJournal> {
    const prefix = options?.prefix ?? "toolsift/journal/";
    if (typeof runId !== "string" || runId.length === 0) throw new ToolsiftError("invalid_option", "runId is a non-empty string.", { path: ["runId"] });
    if (new TextEncoder().encode(positionKey(prefix, runId, 0)).length > MAX_KEY_BYTES) {
      throw new ToolsiftError("invalid_option", `The prefix and run id make a key over Workers KV's ${MAX_KEY_BYTES} bytes.`, { path: ["prefix"] });
    }
    const entries: { key: string; value: unknown }[] = [];
    for (let done = false; !done; ) {
      const keys = Array.from({ length: READ_BATCH }, (_, offset) => positionKey(prefix, runId, entries.length + offset));
      let texts: (string | null)[];
      try {
        texts = await Promise.all(keys.map((key) => namespace.get(key)));
      } catch (cause) {
        throw new ToolsiftError("invalid_journal", `The journal store could not be read at ${JSON.stringify(keys[0])}.`, { path: [keys[0]!], cause });
      }
      for (let index = 0; index < texts.length; index++) {
        const text = texts[index];
        if (text === null || text === undefined) {
          const after = texts.findIndex((later, at) => at > index && later !== null && later !== undefined);
          if (after !== -1) throw new ToolsiftError("invalid_journal", `The stored journal has ${JSON.stringify(keys[after])} but not ${JSON.stringify(keys[index])}.`, { path: [keys[index]!] });
          done = true;
          break;
        }
        entries.push({ key: keys[index]!, value: parseStored(keys[index]!, text) });
      }
    }
    return new KvJournal(admitStored(entries), {
      key: (position) => positionKey(prefix, runId, position),
      write: (position: number, record: JournalRecord) => namespace.put(positionKey(prefix, runId, position), JSON.stringify(record)),
    }, options);
  }
}
