import { ToolsiftError } from "../../errors.js";
import type { JournalRecord } from "../record.js";
import { admitStored, parseStored, WriteBehindJournal, type WriteBehindOptions } from "./write-behind.js";

/** The part of a Workers KV namespace binding the journal uses. */
export interface KvNamespaceLike {
  get(key: string): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
  /**
   * Workers KV's listing, one page per call. Optional: with it, `open` also refuses a record
   * stored past the run's end however far; without it, only one within the 8 keys read
   * after the last record.
   */
  list?(options: { prefix: string; cursor?: string }): Promise<{ keys: readonly { name: string }[]; list_complete: boolean; cursor?: string }>;
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
    // Listed while the records are read: one round trip more in parallel, not in series.
    const listed = listRun(namespace, prefix, runId);
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
    refuseStrays(await listed, prefix, runId, entries.length);
    return new KvJournal(admitStored(entries), {
      key: (position) => positionKey(prefix, runId, position),
      write: (position: number, record: JournalRecord) => namespace.put(positionKey(prefix, runId, position), JSON.stringify(record)),
    }, options);
  }
}

// The names of the run's keys, or why they could not be listed; none without `list`.
async function listRun(namespace: KvNamespaceLike, prefix: string, runId: string): Promise<{ names: string[] } | { failed: ToolsiftError }> {
  const base = `${prefix}${runId}/`;
  const names: string[] = [];
  try {
    if (typeof namespace.list !== "function") return { names };
    let cursor: string | undefined;
    do {
      const page = await namespace.list(cursor === undefined ? { prefix: base } : { prefix: base, cursor });
      for (const { name } of page.keys) names.push(name);
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor !== undefined);
  } catch (cause) {
    return { failed: new ToolsiftError("invalid_journal", `The journal store could not list ${JSON.stringify(base)}.`, { path: [base], cause }) };
  }
  return { names };
}

// Reads stop at the first empty batch, so a record stored further past the end is not read;
// the listing finds it. Reads stay the source of the records: a KV listing may lag a write
// by up to 60 s, so it can only add a key to refuse, never hide one. A listed key whose rest
// is not a position (it has a slash: a run whose id extends this one's) is another run's.
function refuseStrays(listed: { names: string[] } | { failed: ToolsiftError }, prefix: string, runId: string, count: number): void {
  if ("failed" in listed) throw listed.failed;
  const base = `${prefix}${runId}/`;
  for (const name of listed.names) {
    const rest = name.slice(base.length);
    const position = /^\d+$/u.test(rest) ? Number(rest) : -1;
    if (position < count || positionKey(prefix, runId, position) !== name) continue;
    const last = count === 0 ? "and no record before it" : `past its last record ${JSON.stringify(positionKey(prefix, runId, count - 1))}`;
    throw new ToolsiftError("invalid_journal", `The stored journal has ${JSON.stringify(name)} ${last}.`, { path: [name] });
  }
}
