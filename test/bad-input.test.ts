// No input crashes the module or corrupts later results. Every case
// runs against one long-lived ranker: a fixed probe query must return identical hits before
// and after the bad input, and identical to a freshly built ranker.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker, ToolsiftError, init, type ScoredHit, type ToolSearchDoc } from "../src/index.js";

const docs = JSON.parse(readFileSync(new URL("fixtures/runtime-catalogue.json", import.meta.url), "utf8")) as ToolSearchDoc[];
const PROBES = ["create a pull request on github", "погода в Москве", "查询天气", "browserOpen"];
const MEGABYTE = 1 << 20;

let shared: Bm25ToolRanker;
let expected: ScoredHit[][];

const probe = (ranker: Bm25ToolRanker) => PROBES.map((query) => ranker.rank(query, 10));

function doc(id: string, description?: string, extra: Partial<ToolSearchDoc> = {}): ToolSearchDoc {
  return { id, ...(description === undefined ? {} : { description }), tags: [], aliases: [], ...extra };
}

function words(count: number, seed: number): string {
  const vocabulary = ["alpha", "beta", "gamma", "delta", "repository", "issue", "погода", "天气预报", "browserOpen", "ns:get_items"];
  let state = seed;
  const out: string[] = [];
  for (let index = 0; index < count; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out.push(vocabulary[state % vocabulary.length]!);
  }
  return out.join(" ");
}

/** A string of exactly `length` code units built from `unit`. */
function sized(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

beforeAll(async () => {
  await init();
  shared = new Bm25ToolRanker(docs);
  expected = probe(shared);
  expect(expected[0]![0]!.id).toBe("github__create_pull_request");
});

/** The long-lived ranker and a fresh one still agree with the results from before. */
function expectUncorrupted(): void {
  expect(probe(shared)).toEqual(expected);
  expect(probe(new Bm25ToolRanker(docs))).toEqual(expected);
}

describe("bad catalogues", () => {
  it("an empty catalogue builds and finds nothing", () => {
    const empty = new Bm25ToolRanker([]);
    expect(empty.size).toBe(0);
    for (const query of ["", "anything", "create a pull request", "\ud800"]) expect(empty.rank(query, 10)).toEqual([]);
    expectUncorrupted();
  });

  it("1 MB descriptions (Latin, Cyrillic, CJK) are cut, not crashed on", () => {
    const huge = [
      doc("huge__latin", `Huge latin tool. ${words(MEGABYTE / 6, 1)}`),
      doc("huge__cjk", sized("天气预报查询服务", MEGABYTE)),
      doc("huge__mixed", `Mixed. ${sized("погода repository 天气 🚀 ", MEGABYTE)}`, {
        params: [{ name: "payload", description: sized("beta gamma ", MEGABYTE) }],
      }),
    ];
    for (const entry of huge) expect(entry.description!.length).toBeGreaterThanOrEqual(MEGABYTE);
    const withHuge = new Bm25ToolRanker([...docs, ...huge]);
    // Only the first 2000 code units of a field are read (docs/analyzer.md §A1): the same docs cut to
    // 10,000 units must rank identically, bit for bit.
    const cut = new Bm25ToolRanker([
      ...docs,
      ...huge.map((entry) => ({
        ...entry,
        description: entry.description!.slice(0, 10_000),
        ...(entry.params ? { params: entry.params.map((param) => ({ ...param, description: param.description!.slice(0, 10_000) })) } : {}),
      })),
    ]);
    for (const query of ["huge latin tool", "天气预报", "погода repository", "beta gamma payload", ...PROBES]) {
      expect(withHuge.rank(query, 20)).toEqual(cut.rank(query, 20));
    }
    // The lexicon also expands 天气预报 to weather forecast, so weather tools compete: look past the top 3.
    expect(withHuge.rank("天气预报", 10).map((hit) => hit.id)).toContain("huge__cjk");
    expectUncorrupted();
  });

  it("lone surrogates, zero-width and bidi characters separate words like a space", () => {
    const odd = new Bm25ToolRanker([
      ...docs,
      doc("odd__lone\ud800surrogate", "orphan\udc00high\ud83d and low \ud800 surrogates \udfff", {
        params: [{ name: "x\ud800", description: "\udbff\udbff" }],
      }),
      doc("odd__zero\u200bwidth", "zero\u200bwidth\u200cnon\u200djoiner\ufeffbom\u2060word"),
      doc("odd__bidi\u202eevil", "right\u202eto\u202dleft\u2066isolate\u2069marks\u200f\u200e"),
    ]);
    const spaced = new Bm25ToolRanker([
      ...docs,
      doc("odd__lone surrogate", "orphan high and low surrogates", { params: [{ name: "x", description: " " }] }),
      doc("odd__zero width", "zero width non joiner bom word"),
      doc("odd__bidi evil", "right to left isolate marks"),
    ]);
    const scores = (hits: ScoredHit[]) => hits.map((hit) => hit.score);
    for (const query of ["orphan surrogates", "zero width joiner", "right to left marks", "lone surrogate", "bidi evil"]) {
      expect(scores(odd.rank(query, 10))).toEqual(scores(spaced.rank(query, 10)));
    }
    expect(odd.rank("orphan surrogates", 1)[0]!.id).toBe("odd__lone\ud800surrogate");
    // The same characters in queries: they split words and nothing else.
    for (const [hostile, plain] of [
      ["create\u200ba\u200dpull\ufeffrequest\u2060on github", "create a pull request on github"],
      ["\u202ecreate\u202c a \u2066pull\u2069 request\u200f on github", "create a pull request on github"],
      ["create\ud800pull\udc00request\udbff", "create pull request"],
      ["\udc00\udc00\ud800\ud800", ""],
    ] as const) {
      expect(shared.rank(hostile, 10)).toEqual(shared.rank(plain, 10));
    }
    expectUncorrupted();
  });

  it("10,000-character identifiers in ids, names and queries", () => {
    const camel = sized("SegmentName", 10_000);
    const snake = sized("segment_name_", 10_000);
    const longIds = [
      doc(`long__${camel}`, "a tool with a very long camel case identifier"),
      doc(sized("x", 10_000), undefined, { aliases: [snake], tags: [sized("ns:tag", 10_000)] }),
      doc("long__params", "long parameter names", { params: [{ name: camel, description: snake }] }),
    ];
    const ranker = new Bm25ToolRanker([...docs, ...longIds]);
    expect(ranker.size).toBe(docs.length + 3);
    expect(ranker.rank("segment name", 5).length).toBeGreaterThan(0);
    expect(ranker.rank("long camel case identifier", 1)[0]!.id).toBe(`long__${camel}`);
    for (const query of [camel, snake, sized("x", 10_000), `${camel} ${snake}`]) {
      const hits = ranker.rank(query, 10);
      for (const hit of hits) expect(Number.isFinite(hit.score)).toBe(true);
      // The core reads at most 512 query code units (docs/analyzer.md §A1): the rest cannot matter.
      expect(hits).toEqual(ranker.rank(query.slice(0, 512), 10));
    }
    expectUncorrupted();
  });

  it("duplicate ids are a typed error naming the id, and leave nothing broken", () => {
    const duplicateId = docs[7]!.id;
    let thrown: unknown;
    try {
      new Bm25ToolRanker([...docs, doc(duplicateId, "a second tool with the same id")]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolsiftError);
    const error = thrown as ToolsiftError;
    expect(error.code).toBe("duplicate_id");
    expect(error.message).toContain(duplicateId);
    expect(error.path).toEqual([docs.length, "id"]);
    expect(() => new Bm25ToolRanker([doc("same"), doc("same")])).toThrow(/"same"/);
    // Ids that differ only by normalization or invisible characters are different ids.
    expect(new Bm25ToolRanker([doc("ﬁle"), doc("file"), doc("file\u200b")]).size).toBe(3);
    expectUncorrupted();
  });

  it("malformed catalogues are typed errors, not crashes", () => {
    const malformed: unknown[] = [
      null,
      "not an array",
      [null],
      [{ id: 42, tags: [], aliases: [] }],
      [{ id: "", tags: [], aliases: [] }],
      [{ id: "a", tags: "x", aliases: [] }],
      [{ id: "a", tags: [], aliases: [], description: 7 }],
      [{ id: "a", tags: [], aliases: [], params: [{ name: 1 }] }],
    ];
    for (const catalogue of malformed) {
      expect(() => new Bm25ToolRanker(catalogue as ToolSearchDoc[])).toThrow(ToolsiftError);
    }
    expectUncorrupted();
  });

  it("ranks tools as people have them ({ id, description }: no tags or aliases) like the same docs with empty labels", () => {
    const plain = [
      { id: "send_email", description: "Send an email to a contact." },
      { id: "create_issue", description: "Open an issue in a repository." },
    ];
    const labelled = plain.map((tool) => ({ ...tool, tags: [], aliases: [] }));
    const ranker = new Bm25ToolRanker(plain);
    expect(ranker.rank("email someone", 2)).toEqual(new Bm25ToolRanker(labelled).rank("email someone", 2));
    expect(ranker.rank("email someone", 2)[0]!.id).toBe("send_email");
    expectUncorrupted();
  });
});

describe("a catalogue past the distinct-term limit", () => {
  // A build record keeps 20 bits of term: 2^20 distinct terms at most. About 330 new words a
  // tool: 3,150 tools stay under the limit, 3,400 pass it.
  function manyWords(tools: number): ToolSearchDoc[] {
    let counter = 0;
    const words = (count: number) => Array.from({ length: count }, () => `w${(counter++).toString(36)}`).join(" ");
    return Array.from({ length: tools }, (_, index) => ({
      id: `t${index}`,
      name: words(30),
      aliases: [words(90)],
      tags: [words(60)],
      description: words(120),
      params: [{ name: "p", description: words(120) }],
    }));
  }

  it("builds just under the limit, and finds a tool by a term numbered near 2^20", () => {
    const docs = manyWords(3_150);
    const ranker = new Bm25ToolRanker(docs);
    expect(ranker.termCount).toBeGreaterThan(1_000_000);
    expect(ranker.termCount).toBeLessThanOrEqual(1 << 20);
    // The last tool's last parameter word is the last term numbered.
    const last = docs.at(-1)!;
    const word = last.params![0]!.description!.split(" ").at(-1)!;
    expect(ranker.rank(word, 3).map((hit) => hit.id)).toEqual([last.id]);
  }, 30_000);

  it("is a typed invalid_catalogue error past it", () => {
    const error = (() => {
      try {
        new Bm25ToolRanker(manyWords(3_400));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ToolsiftError);
    expect((error as ToolsiftError).code).toBe("invalid_catalogue");
    expect((error as ToolsiftError).message).toMatch(/at most 1,048,576 distinct terms/);
  }, 30_000);
});

describe("bad queries", () => {
  it("empty, blank and separator-only queries find nothing", () => {
    for (const query of ["", " ", "\t\n\r", "!!! ??? ...", "---", "\u200b\u200b", "\ud800", "🚀🎉"]) {
      expect(shared.rank(query, 10)).toEqual([]);
    }
    expectUncorrupted();
  });

  it("a 1 MB query is cut to 512 code units", () => {
    const query = `create a pull request on github ${words(MEGABYTE / 6, 7)}`;
    expect(query.length).toBeGreaterThan(MEGABYTE);
    expect(shared.rank(query, 10)).toEqual(shared.rank(query.slice(0, 512), 10));
    expect(shared.rank(sized("天气", MEGABYTE), 10)).toEqual(shared.rank(sized("天气", 512), 10));
    expectUncorrupted();
  });

  it("non-string queries are typed errors", () => {
    for (const query of [undefined, null, 42, {}, ["create"]]) {
      expect(() => shared.rank(query as unknown as string, 10)).toThrow(ToolsiftError);
    }
    expectUncorrupted();
  });
});
