import { beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker, init } from "../index.js";
import { BUNDLED_STOPWORDS } from "./stopwords.js";
import { ENGLISH_SYNONYM_GROUPS, ENGLISH_SYNONYMS, synonymLexicon } from "./synonyms.js";

let core: Bm25ToolRanker;

beforeAll(async () => {
  await init();
  core = new Bm25ToolRanker([{ id: "a", description: "a", tags: [], aliases: [] }], { lexicon: false });
});

describe("ENGLISH_SYNONYM_GROUPS", () => {
  it("is frozen, group by group, and so is the lexicon form", () => {
    expect(Object.isFrozen(ENGLISH_SYNONYM_GROUPS)).toBe(true);
    for (const group of ENGLISH_SYNONYM_GROUPS) expect(Object.isFrozen(group), group.join(" ")).toBe(true);
    expect(Object.isFrozen(ENGLISH_SYNONYMS)).toBe(true);
  });

  // 150–250 groups: the list is hand-written generic vocabulary; a much longer one would be a
  // scraped thesaurus (and grows the bundle), a much shorter one loses the dev gain.
  it("has 150–250 groups of 2–8 distinct lower-case words the analyzer keeps whole", () => {
    expect(ENGLISH_SYNONYM_GROUPS.length).toBeGreaterThanOrEqual(150);
    expect(ENGLISH_SYNONYM_GROUPS.length).toBeLessThanOrEqual(250);
    const bad = ENGLISH_SYNONYM_GROUPS.filter(
      (group) =>
        group.length < 2 ||
        group.length > 8 ||
        new Set(group).size !== group.length ||
        group.some((word) => !/^[a-z]+$/.test(word) || core.analyze(word).length !== 1),
    );
    expect(bad).toEqual([]);
  });

  it("has no duplicate group and no stopword", () => {
    const keys = ENGLISH_SYNONYM_GROUPS.map((group) => group.join(" "));
    expect(new Set(keys).size).toBe(keys.length);
    const stopTerms = new Set(BUNDLED_STOPWORDS.flatMap((entry) => core.analyze(entry)));
    expect(ENGLISH_SYNONYM_GROUPS.flat().filter((word) => stopTerms.has(core.analyze(word)[0]!))).toEqual([]);
  });

  it("keeps every key within the lexicon's 16 words", () => {
    expect(Object.entries(ENGLISH_SYNONYMS).filter(([, words]) => words.length > 16)).toEqual([]);
  });
});

describe("synonymLexicon", () => {
  it("maps each word to the other words of every group it is in", () => {
    const lexicon = synonymLexicon([["a", "b"], ["a", "c"], ["c", "d"]]);
    expect(lexicon["a"]).toEqual(["b", "c"]);
    expect(lexicon["c"]).toEqual(["a", "d"]);
  });

  it("keys the plurals the analyzer does not fold (`cities`, `dishes`) like the word", () => {
    const lexicon = synonymLexicon([["city", "town"], ["dish", "meal"], ["day", "date"]]);
    expect(lexicon["cities"]).toEqual(["town"]);
    expect(lexicon["dishes"]).toEqual(["meal"]);
    expect(lexicon["days"]).toBeUndefined(); // `days` folds to `day` already
  });

  it("expands a plural request word through the ranker", () => {
    const ranker = new Bm25ToolRanker([
      { id: "homes", description: "Find a home to live in", tags: [], aliases: [] },
      { id: "other", description: "Something else entirely", tags: [], aliases: [] },
    ]);
    expect(ranker.rank("list properties for sale", 1).map((hit) => hit.id)).toEqual(["homes"]);
  });
});
