// IndexedDbJournal in Chromium's own IndexedDB: records written behind in order come back when
// the run is opened again, and clear() deletes one run's records and keeps the others.
import { describe, expect, it } from "vitest";
import { IndexedDbJournal } from "toolsift/journal-stores";

const record = (runId: string, turn: number) => ({ format: "toolsift.journal", v: 1, id: `${runId}#turn:${turn}:tool:0:search`, value: { ranker: "bm25", query: `q${turn}`, results: [], loaded: [] } }) as const;

describe("IndexedDbJournal", () => {
  it("reopens a run with its records in order, and clear() deletes that run alone", async () => {
    const database = `toolsift-test-${Math.random().toString(36).slice(2)}`;
    const first = await IndexedDbJournal.open("a", { database });
    const other = await IndexedDbJournal.open("b", { database });
    for (let turn = 0; turn < 3; turn++) first.append(record("a", turn));
    other.append(record("b", 0));
    await Promise.all([first.flush(), other.flush()]);

    const again = await IndexedDbJournal.open("a", { database });
    expect(again.loaded).toBe(3);
    expect(again.records().map((stored) => stored.id)).toEqual(["a#turn:0:tool:0:search", "a#turn:1:tool:0:search", "a#turn:2:tool:0:search"]);

    await IndexedDbJournal.clear("a", { database });
    expect((await IndexedDbJournal.open("a", { database })).records()).toEqual([]);
    expect((await IndexedDbJournal.open("b", { database })).records().map((stored) => stored.id)).toEqual(["b#turn:0:tool:0:search"]);
    await expect(IndexedDbJournal.clear("", { database })).rejects.toMatchObject({ code: "invalid_option" });
  });
});
