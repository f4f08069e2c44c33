import { beforeAll, describe, expect, it } from "vitest";
import { Bm25ToolRanker, init } from "../index.js";
import { TRANSLATION_LEXICON, unpackRussian } from "./lexicon.js";
import { RUSSIAN_LEXICON_PACKED } from "./russian-lexicon-packed.js";
import { RUSSIAN_LEXICON_TABLE } from "./russian-lexicon.js";
import { BUNDLED_STOPWORDS } from "./stopwords.js";

const CYRILLIC_WORD = /^[а-я]+$/; // `ё` is absent on purpose: the analyzer folds it to `е`
const HAN_WORD = /^\p{Script=Han}{2,4}$/u;

// The lexicon is generic: no tool, server or product names on either side (docs/analyzer.md §A6).
const BANNED_VALUES = [
  "github", "gitlab", "bitbucket", "slack", "jira", "confluence", "notion", "linear", "asana", "trello",
  "todoist", "monday", "outlook", "gmail", "google", "microsoft", "onedrive", "onenote", "excel", "sentry",
  "datadog", "figma", "postman", "airtable", "hubspot", "supabase", "neon", "mongodb", "postgres",
  "postgresql", "kubernetes", "kubectl", "helm", "docker", "lark", "feishu", "wechat", "telegram", "zoom",
  "yandex", "baidu", "amap", "mapbox", "airbnb", "reddit", "stripe", "circleci", "argocd", "playwright",
  "puppeteer", "chrome", "firecrawl", "tavily", "brave", "perplexity", "hostinger", "cloudbase",
];
const BANNED_KEY_PARTS = [
  "гитхаб", "гитлаб", "битбакет", "слак", "джир", "конфлюенс", "ноушн", "асан", "трелл", "гугл",
  "гмейл", "аутлук", "эксел", "телеграм", "телег", "зум", "яндекс", "докер", "кубер", "хелм", "постгр",
  "монг", "сентри", "датадог", "фигм",
  "飞书", "钉钉", "微信", "高德", "百度", "腾讯", "谷歌", "微软", "阿里",
];

const entries = Object.entries(TRANSLATION_LEXICON);
const russianKeys = entries.map(([key]) => key).filter((key) => CYRILLIC_WORD.test(key));
const chineseKeys = entries.map(([key]) => key).filter((key) => HAN_WORD.test(key));

let core: Bm25ToolRanker;

beforeAll(async () => {
  await init();
  core = new Bm25ToolRanker([{ id: "a", description: "a", tags: [], aliases: [] }]);
});

describe("TRANSLATION_LEXICON", () => {
  it("is frozen, and so is every list of English words", () => {
    expect(Object.isFrozen(TRANSLATION_LEXICON)).toBe(true);
    for (const [key, english] of entries) expect(Object.isFrozen(english), key).toBe(true);
  });

  it("bundles the Russian table packed, unpacking to the table as written (else run `npm run update-lexicon`)", () => {
    expect(unpackRussian(RUSSIAN_LEXICON_PACKED)).toBe(RUSSIAN_LEXICON_TABLE);
    // One byte per letter: no Cyrillic is left in the packed keys.
    expect(RUSSIAN_LEXICON_PACKED).toMatch(/^[a-z0-5 =\n]+$/);
    const forms = RUSSIAN_LEXICON_TABLE.split("\n").flatMap((line) => line.split("=")[0]!.split(" "));
    expect(forms.every((form) => form in TRANSLATION_LEXICON)).toBe(true);
  });

  it("has no prototype, so an arbitrary looked-up word finds nothing", () => {
    expect(TRANSLATION_LEXICON["constructor"]).toBeUndefined();
    expect(TRANSLATION_LEXICON["toString"]).toBeUndefined();
  });

  it("has 300–600 Russian keys, 200–350 Chinese keys and no other keys", () => {
    expect(russianKeys.length).toBeGreaterThanOrEqual(300);
    expect(russianKeys.length).toBeLessThanOrEqual(600);
    expect(chineseKeys.length).toBeGreaterThanOrEqual(200);
    expect(chineseKeys.length).toBeLessThanOrEqual(350);
    expect(russianKeys.length + chineseKeys.length).toBe(entries.length);
  });

  it("keys Russian words exactly as the query analyzer emits them", () => {
    expect(russianKeys.filter((key) => core.analyze(key).join(" ") !== key)).toEqual([]);
  });

  it("maps every key to distinct lower-case English words the analyzer keeps whole", () => {
    const bad = entries.filter(
      ([, english]) =>
        english.length === 0 ||
        new Set(english).size !== english.length ||
        english.some((word) => !/^[a-z]+$/.test(word) || core.analyze(word).length !== 1),
    );
    expect(bad).toEqual([]);
  });

  it("neither keys nor expands to a stopword", () => {
    const stopTerms = new Set(BUNDLED_STOPWORDS.flatMap((entry) => core.analyze(entry)));
    const bad = entries.filter(
      ([key, english]) => stopTerms.has(key) || english.some((word) => core.analyze(word).some((term) => stopTerms.has(term))),
    );
    expect(bad).toEqual([]);
  });

  it("keys no Russian word whose stem a stopword shares: the core matches keys by stem, so `меню` would fire on `меня`", () => {
    // As the core matches them (docs/analyzer.md §A6 step 5): doubled letters once, then stemmed.
    const stemmer = new Bm25ToolRanker([{ id: "a", description: "a", tags: [], aliases: [] }], { analyzer: "stem", stopwords: [] });
    const matched = (word: string): string[] => stemmer.analyze(word.replace(/(.)\1+/g, "$1"));
    const stopStems = new Set(BUNDLED_STOPWORDS.filter((entry) => CYRILLIC_WORD.test(entry)).flatMap(matched));
    expect(stopStems.has(matched("меня")[0]!)).toBe(true);
    expect(russianKeys.filter((key) => matched(key).some((stem) => stopStems.has(stem)))).toEqual([]);
  });

  it("meets a Russian word spelt with a letter doubled or not (`аппрувни` as `апрувни`)", () => {
    const ranker = new Bm25ToolRanker([{ id: "review__approve", description: "Approve a change.", tags: [], aliases: [] }], { stopwords: [] });
    for (const spelling of ["апрувни", "аппрувни", "апрууувни"]) expect(ranker.queryTerms(spelling)).toContain("approve");
    // Only Cyrillic tokens: an English word with a double letter is matched as written.
    const english = new Bm25ToolRanker([{ id: "bar__order", description: "Order a drink.", tags: [], aliases: [] }], { lexicon: { coffee: ["drink"] }, stopwords: [] });
    expect(english.queryTerms("coffee")).toContain("drink");
    expect(english.queryTerms("cofee")).not.toContain("drink");
  });

  it("names no product, server or catalogue", () => {
    const banned = new Set(BANNED_VALUES);
    const bad = entries.filter(
      ([key, english]) => BANNED_KEY_PARTS.some((part) => key.includes(part)) || english.some((word) => banned.has(word)),
    );
    expect(bad).toEqual([]);
  });

  it("carries the examples of docs/analyzer.md §A6 and several forms of common words", () => {
    expect(TRANSLATION_LEXICON["пулреквест"]).toEqual(["pull", "request"]);
    expect(TRANSLATION_LEXICON["выкати"]).toEqual(["deploy", "release"]);
    expect(TRANSLATION_LEXICON["таска"]).toEqual(["task"]);
    expect(TRANSLATION_LEXICON["созвон"]).toEqual(["meeting", "call"]);
    expect(TRANSLATION_LEXICON["合并请求"]).toEqual(["merge", "request"]);
    for (const form of ["задача", "задачу", "задачи", "задач", "создай", "создать", "письмо", "письма", "ветку", "ветки"]) {
      expect(TRANSLATION_LEXICON[form], form).toBeDefined();
    }
  });
});

// docs/analyzer.md §A6 steps 1 and 5: the words a translation covers, and the translation's synonyms.
describe("translations in a query", () => {
  const docs = [
    { id: "cn", description: "查询数据库日历", tags: [], aliases: [] },
    { id: "en", description: "Query the database", tags: [], aliases: [] },
    { id: "lookup", description: "Lookup a record", tags: [], aliases: [] },
  ];
  const weights = (ranker: Bm25ToolRanker, query: string) =>
    new Map(ranker.weightedQueryTerms(query).map(({ term, weight }) => [term, weight]));

  it("lets the tokens of one translated word share one unit of weight; the English gets the expansion weight", () => {
    const terms = weights(new Bm25ToolRanker(docs), "数据库 日历");
    expect(terms.get("数据")).toBe(0.5);
    expect(terms.get("据库")).toBe(0.5);
    expect(terms.get("日历")).toBe(1);
    expect(terms.get("database")).toBe(1);
  });

  it("finds both the tool described in the request's language and the one that matches its English", () => {
    expect(new Bm25ToolRanker(docs).rank("数据库", 5).map((hit) => hit.id).sort()).toEqual(["cn", "en"]);
  });

  it("adds the English synonyms of a translation, as if the request had said the English word", () => {
    // `найди` → find, search (no tool has them); `find` → lookup, a synonym, at 0.3.
    const terms = weights(new Bm25ToolRanker(docs), "найди");
    expect(terms.get("lookup")).toBe(0.3);
    expect(new Bm25ToolRanker(docs, { relatedWeight: 0 }).weightedQueryTerms("найди")).toEqual([]);
  });
});
