import { ToolsiftError } from "../../errors.js";
import type { JournalRecord } from "../record.js";
import { admitStored, WriteBehindJournal, type WriteBehindOptions } from "./write-behind.js";

type DenoKvKey = readonly (string | number)[];

/** The part of a `Deno.Kv` the journal uses (`await Deno.openKv()`). */
export interface DenoKvLike {
  get(key: DenoKvKey): Promise<{ value: unknown; versionstamp: string | null }>;
  list(selector: { prefix: DenoKvKey }): AsyncIterable<{ key: readonly unknown[]; value: unknown }>;
  atomic(): {
    check(...checks: { key: DenoKvKey; versionstamp: string | null }[]): unknown;
    set(key: DenoKvKey, value: unknown): unknown;
    commit(): Promise<{ ok: boolean }>;
  };
}

/** Options of `DenoKvJournal.open`. */
export interface DenoKvJournalOptions extends WriteBehindOptions {
  /** Key prefix, default `["toolsift", "journal"]`. */
  readonly prefix?: readonly string[];
}

const keyText = (key: readonly unknown[]): string => JSON.stringify(key);

/**
 * A session's journal in Deno KV, one entry per record (`[...prefix, runId, position]`):
 * listed before the session starts (Deno KV reads are strongly consistent), written behind
 * it in order. Each write is an atomic insert-if-absent: a retry whose first attempt landed
 * finds its own record and succeeds; a second writer that stored another record at that
 * position fails the write (`journal_write_failed`), so one run's journal is strictly ordered
 * even when two processes serve it.
 *
 * @example
 * const journal = await DenoKvJournal.open(await Deno.openKv(), runId);
 * const session = createToolSearchSession({ runId, journal, toolSearch: { catalogue } });
 * session.handleToolCall(call);
 * await journal.flush();
 */
export class DenoKvJournal extends WriteBehindJournal {
  /** Loads the run's stored records; a corrupt one is `invalid_journal` naming its key. */
  static async open(kv: DenoKvLike, runId: string, options?: DenoKvJournalOptions): Promise<DenoKvJournal> {
    if (typeof runId !== "string" || runId.length === 0) throw new ToolsiftError("invalid_option", "runId is a non-empty string.", { path: ["runId"] });
    const base: DenoKvKey = [...(options?.prefix ?? ["toolsift", "journal"]), runId];
    const entries: { key: string; value: unknown }[] = [];
    try {
      for await (const entry of kv.list({ prefix: base })) {
        const position = entry.key[base.length];
        const key = keyText(entry.key);
        if (position !== entries.length || entry.key.length !== base.length + 1) {
          throw new ToolsiftError("invalid_journal", `The stored journal record ${key} is out of place (expected position ${entries.length}).`, { path: [key] });
        }
        entries.push({ key, value: entry.value });
      }
    } catch (cause) {
      if (cause instanceof ToolsiftError) throw cause;
      throw new ToolsiftError("invalid_journal", `The journal store could not be read at ${keyText(base)}.`, { path: [keyText(base)], cause });
    }
    const at = (position: number): DenoKvKey => [...base, position];
    return new DenoKvJournal(admitStored(entries), {
      key: (position) => keyText(at(position)),
      write: async (position: number, record: JournalRecord) => {
        const key = at(position);
        const operation = kv.atomic();
        operation.check({ key, versionstamp: null });
        operation.set(key, record);
        if ((await operation.commit()).ok) return;
        // The position is taken: by this record (an earlier attempt landed) or by another writer.
        const existing = await kv.get(key);
        if (JSON.stringify(existing.value) !== JSON.stringify(record)) {
          throw new ToolsiftError("journal_write_failed", `Another writer stored a different record at ${keyText(key)}.`, { path: [keyText(key)] });
        }
      },
    }, options);
  }
}
