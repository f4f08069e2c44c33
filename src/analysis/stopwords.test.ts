import { beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker, init } from "../index.js";
import { resolveRankerOptions } from "../core/options.js";
import { BUNDLED_STOPWORDS } from "./stopwords.js";

// Words docs/analyzer.md §A6 keeps out of the list: they change what a request asks for.
const NEGATIONS = ["not", "no", "without", "never", "none", "не", "нет", "без", "ни", "никогда"];
const QUESTION_WORDS = [
  "what", "where", "when", "how", "who", "whom", "whose", "which", "why",
  "что", "где", "когда", "как", "кто", "какой", "какие", "какая", "почему", "зачем", "сколько",
  "куда", "откуда", "чей",
];
const ACTION_VERBS = [
  "get", "list", "create", "find", "show", "send", "search", "open", "delete", "update", "make", "add",
  "покажи", "найди", "создай", "отправь", "удали", "открой", "добавь",
];
const SCOPE_WORDS = ["all", "new", "last", "все", "всё", "новый", "последний"];

// One catalogue holding every word used below, so no query term is dropped for being unknown
// (docs/analyzer.md §A6 step 3) and what remains shows exactly what the stopwords removed.
const DOCS = [
  { id: "issues__list", description: "list open issues, not without a label", tags: [], aliases: [] },
  { id: "tasks__find", description: "найти открытые задачи, не без метки", tags: [], aliases: [] },
];

function ranker(analyzer: "plural" | "stem"): Bm25ToolRanker {
  // No lexicon: queryTerms then shows only the query's own words.
  return new Bm25ToolRanker(DOCS, { analyzer, stopwords: [...BUNDLED_STOPWORDS], lexicon: false });
}

beforeAll(async () => {
  await init();
});

describe("BUNDLED_STOPWORDS", () => {
  it("is a frozen list of distinct lower-case strings within the 256-entry bound", () => {
    expect(Object.isFrozen(BUNDLED_STOPWORDS)).toBe(true);
    expect(BUNDLED_STOPWORDS.length).toBeGreaterThan(100);
    expect(BUNDLED_STOPWORDS.length).toBeLessThanOrEqual(256);
    expect(new Set(BUNDLED_STOPWORDS).size).toBe(BUNDLED_STOPWORDS.length);
    for (const entry of BUNDLED_STOPWORDS) {
      expect(entry, entry).toBe(entry.toLowerCase());
      expect(entry, entry).toBe(entry.trim());
      expect(entry, entry).not.toMatch(/ё/);
    }
  });

  it("is accepted by the ranker options schema", () => {
    expect(resolveRankerOptions({ stopwords: BUNDLED_STOPWORDS }).stopwords).toEqual([...BUNDLED_STOPWORDS]);
  });

  it("covers articles, prepositions and conversational fillers in English and Russian", () => {
    for (const word of ["the", "a", "of", "please", "could you", "i want", "в", "на", "пожалуйста", "мне нужно", "подскажи"]) {
      expect(BUNDLED_STOPWORDS, word).toContain(word);
    }
  });

  it.each(["plural", "stem"] as const)("never removes a negation, question word, action verb or scope word (%s)", (analyzer) => {
    // Compared after analysis, where it matters: a stopword whose folded form equals a kept
    // word's folded form would drop that word from every query.
    const core = ranker(analyzer);
    const stopTerms = new Set(BUNDLED_STOPWORDS.flatMap((entry) => core.analyze(entry)));
    for (const word of [...NEGATIONS, ...QUESTION_WORDS, ...ACTION_VERBS, ...SCOPE_WORDS]) {
      for (const term of core.analyze(word)) expect(stopTerms.has(term), `${word} → ${term}`).toBe(false);
    }
  });

  it("every entry still yields at least one token after analysis", () => {
    const core = ranker("plural");
    for (const entry of BUNDLED_STOPWORDS) expect(core.analyze(entry).length, entry).toBeGreaterThan(0);
  });

  it("leaves the words that carry the request, in both languages", () => {
    const core = ranker("plural");
    expect(core.queryTerms("Could you please list the open issues for me?")).toEqual(["list", "open", "issue"]);
    expect(core.queryTerms("list issues without a label, not open")).toEqual(["list", "issue", "without", "label", "not", "open"]);
    expect(core.queryTerms("Подскажи, пожалуйста, мне нужно найти открытые задачи")).toEqual(["найти", "открытые", "задачи"]);
    expect(core.queryTerms("найти задачи не без метки")).toEqual(["найти", "задачи", "не", "без", "метки"]);
  });
});
