// The write-behind core every store shares, over a writer that keeps what it was given:
// order, retries that store a record once, a failed writer that stops and says so, and
// stored records that are refused by key.
import { describe, expect, it } from "vitest";
import { isToolsiftError } from "../../errors.js";
import { journalRecord, type JournalRecord } from "../record.js";
import { admitStored, WriteBehindJournal, type RecordWriter } from "./write-behind.js";

const record = (turn: number): JournalRecord => journalRecord(`run#turn:${turn}:tool:0:search`, { ranker: "bm25", query: `q${turn}`, results: [], loaded: [] });

function memoryWriter(stored: Map<string, string>, delay = () => Promise.resolve()): RecordWriter {
  return {
    key: (position) => `k${position}`,
    write: async (position, value) => {
      await delay();
      stored.set(`k${position}`, JSON.stringify(value));
    },
  };
}

describe("WriteBehindJournal", () => {
  it("writes records in their order even when earlier writes are slower", async () => {
    const stored = new Map<string, string>();
    const order: string[] = [];
    let slow = 30;
    const writer = memoryWriter(stored, () => new Promise((resolve) => setTimeout(resolve, (slow = Math.max(0, slow - 10)))));
    const journal = new WriteBehindJournal([], { key: writer.key, write: async (position, value) => (await writer.write(position, value), void order.push(`k${position}`)) });
    for (let turn = 0; turn < 4; turn++) journal.append(record(turn));
    expect(journal.pending).toBe(4);
    await journal.flush();
    expect(order).toEqual(["k0", "k1", "k2", "k3"]);
    expect(journal.pending).toBe(0);
    expect([...stored.keys()]).toEqual(["k0", "k1", "k2", "k3"]);
  });

  it("retries a failed write with the same key and value, storing the record once", async () => {
    const stored = new Map<string, string>();
    const attempts: string[] = [];
    const journal = new WriteBehindJournal([], memoryWriter(stored), {
      attempts: 3,
      beforeWrite: (key) => {
        attempts.push(key);
        if (attempts.length < 3) throw new Error("429 Too Many Requests");
      },
    });
    journal.append(record(0));
    await journal.flush();
    expect(attempts).toEqual(["k0", "k0", "k0"]);
    expect(stored.size).toBe(1);
  });

  it("a writer that fails every attempt stops: flush and later appends are journal_write_failed naming the key", async () => {
    const stored = new Map<string, string>();
    const journal = new WriteBehindJournal([record(0)], memoryWriter(stored), {
      attempts: 2,
      beforeWrite: (key) => {
        if (key === "k1") throw new Error("KV PUT failed: 500");
      },
    });
    journal.append(record(1));
    journal.append(record(2));
    const failure = await journal.flush().then(() => undefined, (error: unknown) => error);
    expect(isToolsiftError(failure, "journal_write_failed")).toBe(true);
    expect((failure as { path: unknown }).path).toEqual(["k1"]);
    // Neither the failed record nor the one after it is stored: no hole in the order.
    expect([...stored.keys()]).toEqual([]);
    expect(journal.pending).toBe(2);
    expect(() => journal.append(record(3))).toThrow(failure as Error);
  });

  it("refuses a corrupt stored record with invalid_journal naming its key", () => {
    const good = { key: "toolsift/journal/run/000000", value: record(0) };
    const bad = { key: "toolsift/journal/run/000001", value: { ...record(1), v: 99 } };
    let error: unknown;
    try {
      admitStored([good, bad]);
    } catch (caught) {
      error = caught;
    }
    expect(isToolsiftError(error, "invalid_journal")).toBe(true);
    expect((error as { path: unknown }).path).toEqual([bad.key]);
    expect((error as Error).message).toContain(bad.key);
    expect(() => admitStored([good, { ...good, key: "again" }])).toThrow(/at again repeats the decision id/);
  });
});
