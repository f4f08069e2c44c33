// KvJournal over a Workers KV namespace kept in a Map: a record stored out of place, however
// far past the run's end, is invalid_journal naming its key when the namespace can list.
import { describe, expect, it } from "vitest";
import { isToolsiftError } from "../../errors.js";
import { journalRecord } from "../record.js";
import { KvJournal, positionKey, type KvNamespaceLike } from "./kv.js";

const PREFIX = "toolsift/journal/";
const record = (run: string, turn: number) => journalRecord(`${run}#turn:${turn}:tool:0:search`, { ranker: "bm25", query: `q${turn}`, results: [], loaded: [] });

/** A namespace in a Map; `page` keys per `list` page, as Workers KV pages by `cursor`. */
function mapKv(page = 1000): KvNamespaceLike & { map: Map<string, string>; lists: number } {
  const map = new Map<string, string>();
  const kv = {
    map,
    lists: 0,
    get: async (key: string) => map.get(key) ?? null,
    put: async (key: string, value: string) => void map.set(key, value),
    list: async ({ prefix, cursor }: { prefix: string; cursor?: string }) => {
      kv.lists++;
      const names = [...map.keys()].filter((name) => name.startsWith(prefix)).sort();
      const start = cursor === undefined ? 0 : Number(cursor);
      const keys = names.slice(start, start + page).map((name) => ({ name }));
      const done = start + page >= names.length;
      return done ? { keys, list_complete: true as const } : { keys, list_complete: false as const, cursor: String(start + page) };
    },
  };
  return kv;
}

function store(kv: { map: Map<string, string> }, run: string, positions: readonly number[]): void {
  for (const position of positions) kv.map.set(positionKey(PREFIX, run, position), JSON.stringify(record(run, position)));
}

async function refusal(open: Promise<unknown>): Promise<{ message: string; path: readonly (string | number)[] }> {
  const error = await open.then(() => undefined, (caught: unknown) => caught);
  if (!isToolsiftError(error, "invalid_journal")) throw new Error(`not invalid_journal: ${String(error)}`);
  return { message: error.message, path: error.path };
}

describe("KvJournal.open", () => {
  it("refuses a record stored 9 or more positions past the run's end, naming its key", async () => {
    const kv = mapKv(2);
    store(kv, "run", [0, 1, 2, 12]);
    expect(await refusal(KvJournal.open(kv, "run"))).toEqual({
      message: 'The stored journal has "toolsift/journal/run/000012" past its last record "toolsift/journal/run/000002".',
      path: ["toolsift/journal/run/000012"],
    });
    const far = mapKv();
    store(far, "run", [0, 5000]);
    expect((await refusal(KvJournal.open(far, "run"))).path).toEqual(["toolsift/journal/run/005000"]);
    const empty = mapKv();
    store(empty, "run", [40]);
    expect((await refusal(KvJournal.open(empty, "run"))).message).toBe('The stored journal has "toolsift/journal/run/000040" and no record before it.');
  });

  it("reads the run's records by key and lists only to find strays; another run's keys are not strays", async () => {
    const kv = mapKv(2);
    store(kv, "run", [0, 1, 2]);
    // A run whose id extends this one's with a slash keeps its keys under this run's prefix.
    store(kv, "run/000007", [0, 1]);
    kv.map.set(`${PREFIX}run/notes`, "not a record");
    const journal = await KvJournal.open(kv, "run");
    expect(journal.records().map((stored) => stored.id)).toEqual(["run#turn:0:tool:0:search", "run#turn:1:tool:0:search", "run#turn:2:tool:0:search"]);
    expect(kv.lists).toBeGreaterThan(1);
  });

  it("a list that fails is invalid_journal with the store's error as cause", async () => {
    const kv = mapKv();
    store(kv, "run", [0]);
    const failure = new Error("KV LIST failed: 500");
    const error = await KvJournal.open({ ...kv, list: () => Promise.reject(failure) }, "run").then(() => undefined, (caught: unknown) => caught);
    expect(isToolsiftError(error, "invalid_journal")).toBe(true);
    expect((error as Error).message).toBe('The journal store could not list "toolsift/journal/run/".');
    expect((error as Error).cause).toBe(failure);
  });

  it("without list (a { get, put } adapter) finds a stray only within the batch of 8 it reads past the end", async () => {
    const kv = mapKv();
    store(kv, "run", [0, 1, 2, 12]);
    const { get, put } = kv;
    expect((await KvJournal.open({ get, put }, "run")).records()).toHaveLength(3);
    store(kv, "run", [7]);
    expect((await refusal(KvJournal.open({ get, put }, "run"))).path).toEqual(["toolsift/journal/run/000003"]);
  });
});
