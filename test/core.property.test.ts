// Property tests: the WASM core against the independent oracle (DESIGN.md "Goals").
// Identical ids, identical order, bit-identical scores (Object.is) on random catalogues,
// queries and options; heap vs sort; limit edge cases; duplicate ids.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { splitSummary } from "../src/core/summary.js";
import { Bm25ToolRanker } from "../src/index.js";
import { CORE_BUILDS, useBuild } from "./helpers/builds.js";
import { ToolsiftError } from "../src/errors.js";
import { soundDistance, soundSpelling } from "../src/analysis/lookalikes.js";
import type { ToolSearchDoc } from "../src/types.js";
import {
  anyCharacterArb,
  caseArb,
  fieldTextArb,
  textArb,
  unicodeCaseArb,
  vocabularyArb,
  type Case,
} from "./oracle/arbitraries.js";
import { oracleLookalikes, oracleRank, oracleSoundDistance, oracleSoundSpelling, oracleSearch, oracleSplitSummary, oracleTokens, prepareField, prepareQuery, type OracleHit } from "./oracle/index.js";

// Case counts: 1,820 random cases per run in total, sized so the file stays well under a
// minute on a shared 2-core machine when everything passes (about 30 s measured under load).
// Each property also has a time budget: it bounds shrinking when a property fails (shrinking a
// catalogue with 2000-unit fields can otherwise take minutes); a passing run never needs it.
const RUNS = {
  analyzer: { numRuns: 400, budget: 5_000 },
  summary: { numRuns: 400, budget: 5_000 },
  parity: { numRuns: 400, budget: 25_000 },
  confidence: { numRuns: 150, budget: 10_000 },
  unicode: { numRuns: 300, budget: 8_000 },
  heapVersusSort: { numRuns: 200, budget: 10_000 },
  limits: { numRuns: 80, budget: 6_000 },
  duplicates: { numRuns: 40, budget: 3_000 },
  lookalikes: { numRuns: 150, budget: 8_000 },
  spelling: { numRuns: 3_000, budget: 4_000 },
} as const;

function runs(name: keyof typeof RUNS): fc.Parameters<unknown> {
  return { numRuns: RUNS[name].numRuns, interruptAfterTimeLimit: RUNS[name].budget };
}

// ---------------------------------------------------------------------------------------------
// Comparison
// ---------------------------------------------------------------------------------------------

function describeHit(hit: { id: string; score?: number } | undefined): string {
  return hit === undefined ? "(none)" : `${JSON.stringify(hit.id)} ${hit.score}`;
}

/** Throws a readable error unless core and oracle agree exactly (ids, order, Object.is scores). */
function assertSame(core: readonly { id: string; score?: number }[], oracle: readonly OracleHit[], what: string): void {
  const length = Math.max(core.length, oracle.length);
  for (let i = 0; i < length; i++) {
    const coreHit = core[i];
    const oracleHit = oracle[i];
    if (coreHit?.id !== oracleHit?.id || !Object.is(coreHit?.score, oracleHit?.score)) {
      throw new Error(
        `${what}: first difference at rank ${i} of core ${core.length} / oracle ${oracle.length}: ` +
          `core ${describeHit(coreHit)} vs oracle ${describeHit(oracleHit)}`,
      );
    }
  }
}

// Query expansion (docs/analyzer.md §A6 step 5) is not in the oracle yet: the core runs without a lexicon.
const WITHOUT_EXPANSION = { lexicon: false } as const;

function buildRanker(testCase: Case): Bm25ToolRanker {
  return new Bm25ToolRanker(testCase.docs, { ...testCase.options, ...WITHOUT_EXPANSION });
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

// Both builds of the core (test/helpers/builds.ts) against the oracle, each the whole suite.
for (const build of CORE_BUILDS) {
  describe(`core vs oracle (property, ${build} build)`, () => {
    beforeAll(() => useBuild(build));
    properties();
  });
}

function properties(): void {
  // The two analyzer-level properties localize a ranking disagreement; the ranking ones are the contract.
  it("analyzes field text like the oracle", () => {
    const ranker = new Bm25ToolRanker([{ id: "x", tags: [], aliases: [] }], { stopwords: [], ...WITHOUT_EXPANSION });
    const textArbitrary = fc.oneof(
      vocabularyArb.chain((vocabulary) => fieldTextArb(vocabulary)),
      fc.string({ unit: anyCharacterArb, maxLength: 200 }),
    );
    fc.assert(
      fc.property(textArbitrary, (text) => {
        expect(ranker.analyze(text)).toEqual(oracleTokens(prepareField(text), "plural"));
      }),
      runs("analyzer"),
    );
  });

  it("splits descriptions into summary and rest like the oracle", () => {
    // The third kind is bracket-heavy (dozens of pairs around sentence ends): the split then
    // tests positions against a depth array instead of a list of pairs.
    const bracketHeavy = fc
      .array(fc.constantFrom("(a)", "[b]", "{c}", "(", ")", "]", ". ", "a", "B", "e.g. ", "\n\n", "。"), { minLength: 60, maxLength: 400 })
      .map((parts) => parts.join(""));
    const textArbitrary = fc.oneof(
      vocabularyArb.chain((vocabulary) => textArb(vocabulary, 30)),
      fc.string({ unit: anyCharacterArb, maxLength: 200 }),
      bracketHeavy,
    );
    fc.assert(
      fc.property(textArbitrary, (text) => {
        expect(splitSummary(text)).toEqual(oracleSplitSummary(text));
      }),
      runs("summary"),
    );
  });

  it("ends a sentence at a stop followed by any unit exactly as the oracle does", () => {
    // Every code unit after ".", "!" and "?": whitespace of every kind ends the sentence, the rest
    // do not (the split tests the unit after a stop without a regular expression for ASCII).
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      for (const stop of [".", "!", "?"]) {
        const text = `Ab${stop}${String.fromCharCode(code)}Cd. Ef`;
        if (splitSummary(text)[0] !== oracleSplitSummary(text)[0]) wrong.push(text);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("spells and measures look-alikes like the oracle (§A10 steps 5–6)", () => {
    // The letters and pairs the sound rules read, often side by side.
    const spellingArb = fc
      .array(fc.constantFrom("t", "i", "o", "n", "p", "h", "c", "k", "q", "x", "w", "z", "j", "y", "a", "e", "u", "s", "d", "tion", "ph", "ck", "ce", "cy", "ya", "yy", "ss"), { maxLength: 10 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(spellingArb, spellingArb, (left, right) => {
        expect(soundSpelling(left)).toBe(oracleSoundSpelling(left));
        expect(soundDistance(soundSpelling(left), soundSpelling(right))).toBe(oracleSoundDistance(oracleSoundSpelling(left), oracleSoundSpelling(right)));
      }),
      runs("spelling"),
    );
  });

  it("ranks Russian requests that name namespaces in Cyrillic exactly like the oracle (§A10)", () => {
    let lookedUp = 0;
    fc.assert(
      fc.property(lookalikeCaseArb, ({ docs, queries, stopwords, lookalikes }) => {
        const options = { stopwords, lookalikes };
        const ranker = new Bm25ToolRanker(docs, { ...options, ...WITHOUT_EXPANSION });
        for (const query of queries) {
          if (oracleLookalikes(prepareQuery(query), docs.map((doc) => doc.id), stopwords).length > 0) lookedUp++;
          assertSame(ranker.rank(query, Infinity), oracleRank(docs, options, query, Infinity), `query ${JSON.stringify(query)}`);
        }
      }),
      runs("lookalikes"),
    );
    // The requests do name namespaces: most cases append something.
    expect(lookedUp).toBeGreaterThan(RUNS.lookalikes.numRuns);
  });

  it("ranks random catalogues exactly like the oracle", () => {
    fc.assert(
      fc.property(caseArb, (testCase) => {
        const ranker = buildRanker(testCase);
        for (const query of testCase.queries) {
          const expected = oracleRank(testCase.docs, testCase.options, query, Infinity);
          assertSame(ranker.rank(query, Infinity), expected, `query ${JSON.stringify(query)}`);
        }
      }),
      runs("parity"),
    );
  });

  // A load derives the idf of frequencies under 256 from a table and computes the rest: both
  // sides of that cut, against the oracle (random catalogues are far smaller).
  it("ranks terms in hundreds of tools exactly like the oracle, built and loaded", () => {
    const docs: ToolSearchDoc[] = Array.from({ length: 700 }, (_, index) => ({
      id: `tool_${index}`,
      description: ["common", index % 2 ? "half" : "", index % 3 ? "" : "third", index % 250 ? "" : "rare", `own${index}`].join(" "),
      tags: [],
      aliases: [],
    }));
    const built = new Bm25ToolRanker(docs, WITHOUT_EXPANSION);
    const loaded = Bm25ToolRanker.load(built.serialize(), WITHOUT_EXPANSION);
    for (const query of ["common", "half third", "rare common own7", "third"]) {
      const expected = oracleRank(docs, {}, query, Infinity);
      assertSame(built.rank(query, Infinity), expected, `built, query ${query}`);
      assertSame(loaded.rank(query, Infinity), expected, `loaded, query ${query}`);
    }
  });

  // docs/scoring.md "No confident match": ceiling and reference bit-identical (floor 0 / share 1 makes
  // the floor the ceiling; floor 1 / share 0 the reference), the same verdict, and the same
  // name fallback, also for queries cut out of tool names (which rarely score).
  it("says confident and falls back on names exactly like the oracle", () => {
    const settings = [{ floor: 0.6, share: 0.05 }, { floor: 0, share: 1 }, { floor: 1, share: 0 }];
    fc.assert(
      fc.property(caseArb, fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 3 }), (testCase, cuts) => {
        const ranker = buildRanker(testCase);
        const ids = testCase.docs.map((doc) => doc.id);
        // Two slices (3–10 units) of two names, upper-cased: fragments of unequal length that
        // are rarely index terms, so the fallback runs and its order matters.
        const slice = (which: number, start: number, length: number): string => {
          const id = ids[which % ids.length]!;
          const from = start % Math.max(1, id.length - 2);
          return id.slice(from, from + 3 + (length % 8)).toUpperCase();
        };
        const pieces = ids.length === 0 ? [] : cuts.map(([which, start, length]) => `${slice(which, start, length)} ${slice(which + 1, length, start)}`);
        for (const query of [...testCase.queries, ...pieces]) {
          for (const confidence of settings) {
            for (const limit of [3, Infinity]) {
              const core = ranker.search(query, limit, confidence);
              const expected = oracleSearch(testCase.docs, testCase.options, query, limit, confidence);
              const what = `query ${JSON.stringify(query)} ${JSON.stringify(confidence)} limit ${limit}`;
              assertSame(core.hits, expected.hits, what);
              expect(core.hits.map((hit) => hit.match), what).toEqual(expected.hits.map((hit) => hit.match));
              expect(Object.is(core.floor, expected.floor), `${what}: floor ${core.floor} vs ${expected.floor}`).toBe(true);
              expect([core.confident, core.fallback], what).toEqual([expected.confident, expected.fallback]);
            }
          }
        }
      }),
      runs("confidence"),
    );
  });

  it("agrees on arbitrary Unicode: lone surrogates, zero-width and bidi characters, emoji, all planes", () => {
    fc.assert(
      fc.property(unicodeCaseArb, (testCase) => {
        const ranker = buildRanker(testCase);
        for (const query of testCase.queries) {
          const expected = oracleRank(testCase.docs, testCase.options, query, Infinity);
          assertSame(ranker.rank(query, Infinity), expected, `query ${JSON.stringify(query)}`);
        }
      }),
      runs("unicode"),
    );
  });

  // Scoring sums a tool's contributions in query order; with three or more terms another order
  // can change a score's last bit (summed largest factor first, it did for 8 of 16 such queries
  // under the default stopwords). Words drawn from a real catalogue, deterministically: long queries of real terms.
  it("adds each tool's contributions in query order like the oracle, on queries of many words", () => {
    const docs = JSON.parse(readFileSync(new URL("fixtures/runtime-catalogue.json", import.meta.url), "utf8")) as ToolSearchDoc[];
    // The oracle's stopword list is always explicit (test/oracle/rank.ts DEFAULTS).
    const options = { stopwords: ["the", "a", "of", "to"] };
    const ranker = new Bm25ToolRanker(docs, { ...options, ...WITHOUT_EXPANSION });
    const words = [...new Set(docs.flatMap((doc) => `${doc.id} ${doc.description ?? ""}`.split(/\s+/)))].filter(Boolean);
    let state = 12345;
    const next = (): number => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 2 ** 32;
    };
    for (let round = 0; round < 16; round++) {
      const query = Array.from({ length: 3 + Math.floor(next() * 5) }, () => words[Math.floor(next() * words.length)]).join(" ");
      assertSame(ranker.rank(query, Infinity), oracleRank(docs, options, query, Infinity), `query ${JSON.stringify(query)}`);
    }
  });

  it("top-k (heap) equals the prefix of the oracle's full sort, for every k", () => {
    fc.assert(
      fc.property(caseArb, (testCase) => {
        const ranker = buildRanker(testCase);
        const query = testCase.queries[0] as string;
        const full = oracleRank(testCase.docs, testCase.options, query, Infinity);
        for (let k = 0; k <= full.length + 1; k++) {
          assertSame(ranker.rank(query, k), full.slice(0, k), `query ${JSON.stringify(query)} limit ${k}`);
        }
      }),
      runs("heapVersusSort"),
    );
  });

  it("clamps negative, fractional and infinite limits and refuses NaN", () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.double({ min: -1e9, max: -Number.MIN_VALUE, noNaN: true }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        (testCase, negative, fractional) => {
          const ranker = buildRanker(testCase);
          const query = testCase.queries[0] as string;
          const full = oracleRank(testCase.docs, testCase.options, query, Infinity);
          expect(() => ranker.rank(query, Number.NaN)).toThrow(expect.objectContaining({ code: "invalid_query" }));
          expect(() => oracleRank(testCase.docs, testCase.options, query, Number.NaN)).toThrow(RangeError);
          assertSame(ranker.rank(query, negative), [], `limit ${negative}`);
          assertSame(ranker.rank(query, -Infinity), [], "limit -Infinity");
          assertSame(ranker.rank(query, -0), [], "limit -0");
          assertSame(ranker.rank(query, Infinity), full, "limit Infinity");
          assertSame(ranker.rank(query, Number.MAX_VALUE), full, "limit MAX_VALUE");
          assertSame(ranker.rank(query, fractional), full.slice(0, Math.floor(fractional)), `limit ${fractional}`);
          assertSame(oracleRank(testCase.docs, testCase.options, query, fractional), full.slice(0, Math.floor(fractional)), "oracle");
        },
      ),
      runs("limits"),
    );
  });

  it("refuses duplicate ids with a typed duplicate_id error", () => {
    fc.assert(
      fc.property(caseArb, fc.nat(), fc.nat(), (testCase, from, to) => {
        fc.pre(testCase.docs.length > 0);
        const docs = [...testCase.docs];
        const source = docs[from % docs.length] as ToolSearchDoc;
        docs.splice(to % (docs.length + 1), 0, { id: source.id, tags: [], aliases: [] });
        let caught: unknown;
        try {
          new Bm25ToolRanker(docs, { ...testCase.options, ...WITHOUT_EXPANSION });
        } catch (error) {
          caught = error;
        }
        expect(caught).toBeInstanceOf(ToolsiftError);
        expect((caught as ToolsiftError).code).toBe("duplicate_id");
      }),
      runs("duplicates"),
    );
  });
}

// Latin letters as a Russian speaker writes them, so that a request names a namespace in Cyrillic
// (`notion` → `нотион`), with a vowel changed now and then and a case ending (§A10).
const CYRILLIC_OF: Readonly<Record<string, string>> = {
  a: "а", b: "б", c: "к", d: "д", e: "е", f: "ф", g: "г", h: "х", i: "и", j: "дж", k: "к", l: "л", m: "м",
  n: "н", o: "о", p: "п", q: "к", r: "р", s: "с", t: "т", u: "у", v: "в", w: "в", x: "кс", y: "й", z: "з",
};
const latinWordArb = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: 2, maxLength: 10 });
// A word and the same word with one vowel changed: two candidates the same distance from a
// request, for the tie-break.
const VOWELS = "aeiou";
const sibling = (word: string, pick: number): string => {
  const at = [...word].findIndex((letter, index) => index >= pick % word.length && VOWELS.includes(letter));
  return at < 0 ? word : word.slice(0, at) + VOWELS[(VOWELS.indexOf(word[at]!) + 1 + (pick % 4)) % 5] + word.slice(at + 1);
};
const lookalikeCaseArb = fc
  .tuple(fc.uniqueArray(latinWordArb, { minLength: 1, maxLength: 6 }), fc.uniqueArray(latinWordArb, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 3 }))
  .map(([namespaces, words, picks]): [string[], string[]] => [[...new Set([...namespaces, ...picks.map((pick) => sibling(namespaces[pick % namespaces.length]!, pick))])], words])
  .chain(([namespaces, words]) => {
    const namespaceArb = fc.oneof(
      fc.constantFrom(...namespaces),
      fc.tuple(fc.constantFrom(...namespaces), fc.constantFrom(...namespaces)).map(([a, b]) => `${a}${b[0]!.toUpperCase()}${b.slice(1)}`),
    );
    const idArb = fc.oneof(
      fc.tuple(namespaceArb, fc.constantFrom("__", ":", "/", "."), fc.constantFrom(...words)).map(([ns, separator, word]) => ns + separator + word),
      fc.constantFrom(...words),
    );
    const spokenArb = fc
      .tuple(fc.constantFrom(...namespaces), fc.array(fc.tuple(fc.nat(), fc.nat(6)), { maxLength: 2 }), fc.constantFrom("", "", "е", "у", "ом", "ами", "ой", "ь"), fc.boolean())
      .map(([word, edits, ending, capital]) => {
        let spoken = [...word].map((letter) => CYRILLIC_OF[letter]!).join("");
        // Up to two vowels said otherwise (o → а, е → и …) or not at all (6).
        for (const [at, vowel] of edits) {
          const vowels = [...spoken].map((letter, index) => ("аеиоуы".includes(letter) ? index : -1)).filter((index) => index >= 0);
          if (vowels.length === 0) break;
          const index = vowels[at % vowels.length]!;
          spoken = spoken.slice(0, index) + (vowel === 6 ? "" : "аеиоуы"[vowel]) + spoken.slice(index + 1);
        }
        spoken += ending;
        return capital ? spoken[0]!.toUpperCase() + spoken.slice(1) : spoken;
      });
    const pieceArb = fc.oneof(
      { weight: 4, arbitrary: spokenArb },
      { weight: 2, arbitrary: fc.constantFrom(...words) },
      { weight: 2, arbitrary: fc.constantFrom("создай", "в", "покажи", "задачу", "ёлка", "данные", "Отчёт") },
    );
    const queryArb = fc.array(pieceArb, { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join(" "));
    return fc.record({
      docs: fc.uniqueArray(idArb, { minLength: 1, maxLength: 12 }).map((ids) => ids.map((id): ToolSearchDoc => ({ id, tags: [], aliases: [], description: `${id} tool` }))),
      queries: fc.array(queryArb, { minLength: 1, maxLength: 4 }),
      stopwords: fc.oneof(fc.constant([] as string[]), fc.subarray(["в", "покажи", "данные", "отчет", "Ёлка нужна"])),
      lookalikes: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    });
  });
