// Unit tests of the oracle itself, against cases computed by hand from the text of docs/analyzer.md and docs/scoring.md.
import { describe, expect, it } from "vitest";
import {
  classOf,
  fdlibmLog,
  oracleFields,
  oracleAnalyzeQuery,
  oracleIndex,
  oracleQueryTerms,
  oracleSplitTerm,
  oracleSurvivingTerms,
  oracleRank,
  oracleSplitSummary,
  oracleTokens,
  oracleVariants,
  prepareField,
  prepareQuery,
  resolveOptions,
  type OracleDoc,
  type OracleOptionsInput,
} from "./index.js";

const tokens = (text: string): string[] => oracleTokens(text, "plural");
const doc = (id: string, extra: Partial<OracleDoc> = {}): OracleDoc => ({ id, tags: [], aliases: [], ...extra });

describe("oracle logarithm (fdlibm e_log.c)", () => {
  it("handles the special values", () => {
    expect(fdlibmLog(1)).toBe(0);
    expect(fdlibmLog(0)).toBe(-Infinity);
    expect(fdlibmLog(-0)).toBe(-Infinity);
    expect(fdlibmLog(-1)).toBeNaN();
    expect(fdlibmLog(Number.NaN)).toBeNaN();
    expect(fdlibmLog(Infinity)).toBe(Infinity);
    expect(fdlibmLog(Math.E)).toBe(1);
    expect(fdlibmLog(2)).toBe(0.6931471805599453);
    expect(fdlibmLog(5e-324)).toBe(-744.4400719213812);
  });

  it("matches V8's Math.log (itself an fdlibm port) on every idf argument of small catalogues", () => {
    for (let n = 1; n <= 400; n++) {
      for (let t = 1; t <= n; t++) {
        const argument = 1 + (n - t + 0.5) / (t + 0.5);
        expect(Object.is(fdlibmLog(argument), Math.log(argument))).toBe(true);
      }
    }
  });
});

describe("oracle §A2 classes", () => {
  it("classifies the listed code points", () => {
    expect(["_", "-", ":", ".", "/"].map((c) => classOf(c.codePointAt(0) as number))).toEqual(Array(5).fill("CONNECTOR"));
    expect(classOf(0x20)).toBe("SEP");
    expect(classOf(0xaa)).toBe("WORD");
    expect(classOf(0xab)).toBe("SEP");
    expect(classOf(0xd7)).toBe("SEP");
    expect(classOf(0x200b)).toBe("SEP");
    expect(classOf(0x3005)).toBe("BIGRAM");
    expect(classOf(0x3001)).toBe("SEP");
    expect(classOf(0x30fb)).toBe("SEP");
    expect(classOf(0x30a2)).toBe("BIGRAM");
    expect(classOf(0xd800)).toBe("SEP");
    expect(classOf(0x1f600)).toBe("SEP");
    expect(classOf(0x20000)).toBe("BIGRAM");
    expect(classOf(0x0e01)).toBe("BIGRAM");
    expect(classOf(0x0561)).toBe("WORD");
    expect(classOf(0x0301)).toBe("WORD");
  });
});

describe("oracle §A3–§A4 tokens", () => {
  it("splits identifiers and keeps the joined form", () => {
    expect(tokens("BrowserOpen")).toEqual(["browser", "open", "browseropen"]);
    expect(tokens("HTTPServer")).toEqual(["http", "server", "httpserver"]);
    expect(tokens("ns:get_items")).toEqual(["ns", "get", "item", "nsgetitem"]);
    expect(tokens("a.b.c")).toEqual(["a", "b", "c", "abc"]);
    expect(tokens("fs/read-file")).toEqual(["fs", "read", "file", "fsreadfile"]);
  });

  it("keeps URLs and IDs whole, then folds the plural", () => {
    expect(tokens("URLs")).toEqual(["url"]);
    expect(tokens("IDs")).toEqual(["ids"]);
    expect(tokens("getURLs")).toEqual(["get", "url", "geturl"]);
    expect(tokens("ABcd")).toEqual(["a", "bcd", "abcd"]);
    expect(tokens("HTTP2Server")).toEqual(["http2", "server", "http2server"]);
  });

  it("folds plurals only on tokens longer than three units ending in a single s", () => {
    expect(tokens("bus class items gas")).toEqual(["bus", "class", "item", "gas"]);
  });

  it("treats a connector not between two word runs as a separator", () => {
    expect(tokens("a..b _c- :d")).toEqual(["a", "b", "c", "d"]);
    expect(tokens("a_.b")).toEqual(["a", "b"]);
  });

  it("emits overlapping bigrams for scripts without spaces", () => {
    expect(tokens("搜索工具")).toEqual(["搜索", "索工", "工具"]);
    expect(tokens("中")).toEqual(["中"]);
    expect(tokens("abc中文def")).toEqual(["abc", "中文", "def"]);
    expect(tokens("ひらがなとカタカナ")).toEqual(["ひら", "らが", "がな", "なと", "とカ", "カタ", "タカ", "カナ"]);
    expect(tokens("한국어 ไทย")).toEqual(["한국", "국어", "ไท", "ทย"]);
    expect(tokens("日々")).toEqual(["日々"]);
    // U+30FB (katakana middle dot) separates.
    expect(tokens("カタ・カナ")).toEqual(["カタ", "カナ"]);
    // Bigrams are not plural-folded even when ASCII-like units follow (none can): a 2-unit token stays.
    expect(tokens("𠀀𠀁")).toEqual(["𠀀𠀁"]);
  });

  it("folds ё to е and final sigma to σ", () => {
    expect(tokens("Ёлка ёж ЁЖИК")).toEqual(["елка", "еж", "ежик"]);
    expect(tokens("ΟΔΟΣ οδος")).toEqual(["οδοσ", "οδοσ"]);
    expect(tokens("İstanbul")).toEqual(["istanbul"]);
  });

  it("case-folds beyond ASCII", () => {
    expect(tokens("ÀÉÎ ŁÓDŹ Ωμέγα ԱՐՄԵՆ")).toEqual(["àéî", "łódź", "ωμέγα", "արմեն"]);
    // A Cyrillic camelCase boundary.
    expect(tokens("ОткрытьФайл")).toEqual(["открыть", "файл", "открытьфайл"]);
  });

  it("never joins words across lone surrogates, zero-width or bidi characters", () => {
    expect(tokens("foo\uD800bar")).toEqual(["foo", "bar"]);
    expect(tokens("\uDC00foo\uDBFF")).toEqual(["foo"]);
    expect(tokens("foo\u200Bbar")).toEqual(["foo", "bar"]);
    expect(tokens("foo\u200Dbar")).toEqual(["foo", "bar"]);
    expect(tokens("foo\u202Ebar")).toEqual(["foo", "bar"]);
    expect(tokens("foo\uFEFFbar😀baz")).toEqual(["foo", "bar", "baz"]);
  });

  it("cuts tokens at 32 units, at 31 when a surrogate pair straddles the cut", () => {
    const astral = "\u{10300}"; // OLD ITALIC LETTER A: WORD, uncased
    expect(tokens("a".repeat(31) + astral + "b")).toEqual(["a".repeat(31)]);
    expect(tokens("a".repeat(30) + astral + "b")).toEqual(["a".repeat(30) + astral]);
    expect(tokens("a".repeat(40))).toEqual(["a".repeat(32)]);
    // Step 3 comes before step 4: the s past the cut is gone, an s at the cut is folded.
    expect(tokens("a".repeat(32) + "s")).toEqual(["a".repeat(32)]);
    expect(tokens("a".repeat(31) + "sx")).toEqual(["a".repeat(31)]);
  });

  it("cuts the joined form after concatenation", () => {
    const left = "a".repeat(20);
    const right = "b".repeat(20);
    expect(tokens(`${left}_${right}s`)).toEqual([left, right, left + "b".repeat(12)]);
    expect(tokens(`${left}_bbbbbbbbbbbs`)).toEqual([left, "bbbbbbbbbbb", left + "bbbbbbbbbbb"]);
  });
});

describe("oracle §A1 preparation", () => {
  it("applies NFKC and the cuts", () => {
    expect(prepareField("ｆｉｌｅ")).toBe("file");
    expect(prepareField("x".repeat(2500)).length).toBe(2000);
    // NFKC after the first cut can grow the text; the second cut bounds it again.
    expect(prepareField("㍿".repeat(1999)).length).toBe(2000);
    expect(prepareQuery("a".repeat(511) + "\u{1F600}")).toBe("a".repeat(511) + "\uD83D");
  });
});

describe("oracle §A8 first sentence", () => {
  it("ends at . ! ? followed by whitespace or the end", () => {
    expect(oracleSplitSummary("Opens a page. Then waits.")).toEqual(["Opens a page.", " Then waits."]);
    expect(oracleSplitSummary("Version 1.2 is out! Yes")).toEqual(["Version 1.2 is out!", " Yes"]);
    expect(oracleSplitSummary("No end here")).toEqual(["No end here", ""]);
    expect(oracleSplitSummary("")).toEqual(["", ""]);
  });

  it("skips abbreviations, unless etc. / т.д. is followed by an upper-case word", () => {
    expect(oracleSplitSummary("Opens a page, e.g. a URL. Then waits.")).toEqual([
      "Opens a page, e.g. a URL.",
      " Then waits.",
    ]);
    expect(oracleSplitSummary("Files, dirs etc. and links. Rest")).toEqual(["Files, dirs etc. and links.", " Rest"]);
    expect(oracleSplitSummary("Files, dirs etc. Rest")).toEqual(["Files, dirs etc.", " Rest"]);
    expect(oracleSplitSummary("Файлы, т.е. папки. Дальше")).toEqual(["Файлы, т.е. папки.", " Дальше"]);
    expect(oracleSplitSummary("Файлы и т.д. Дальше")).toEqual(["Файлы и т.д.", " Дальше"]);
    expect(oracleSplitSummary("Cats vs. dogs. Rest")).toEqual(["Cats vs. dogs.", " Rest"]);
    // `canvs.` is not the abbreviation `vs.`.
    expect(oracleSplitSummary("Draw on canvs. Rest")).toEqual(["Draw on canvs.", " Rest"]);
  });

  it("does not end inside a bracket that closes later", () => {
    expect(oracleSplitSummary("Lists items (files. Or dirs) in a folder. More.")).toEqual([
      "Lists items (files. Or dirs) in a folder.",
      " More.",
    ]);
    expect(oracleSplitSummary("Lists (unclosed. Then more.")).toEqual(["Lists (unclosed.", " Then more."]);
    expect(oracleSplitSummary("A [b (c. d] e. f)")).toEqual(["A [b (c. d] e. f)", ""]);
    expect(oracleSplitSummary("A (b. (c) d. e")).toEqual(["A (b.", " (c) d. e"]);
  });

  it("ends at CJK punctuation and at blank lines", () => {
    expect(oracleSplitSummary("打开网页。然后等待")).toEqual(["打开网页。", "然后等待"]);
    expect(oracleSplitSummary("打开！然后")).toEqual(["打开！", "然后"]);
    expect(oracleSplitSummary("First line\n \nsecond")).toEqual(["First line\n \n", "second"]);
    expect(oracleSplitSummary("One\nline. Two")).toEqual(["One\nline.", " Two"]);
  });
});

describe("oracle fields and query terms", () => {
  it("builds fields as the ranker does", () => {
    const fields = oracleFields(
      doc("browser_open", {
        aliases: ["open tab", "navigate"],
        tags: ["web"],
        description: "Opens a page. Then waits for load events.",
        params: [{ name: "url", description: "Page URLs" }, { name: "timeoutMs" }],
      }),
      "plural",
    );
    expect(fields).toEqual([
      ["browser", "open", "browseropen"],
      ["open", "tab", "navigate"],
      ["web"],
      ["open", "a", "page"],
      ["then", "wait", "for", "load", "event"],
      ["url", "page", "url", "timeout", "ms", "timeoutm"],
    ]);
  });

  it("caps fields", () => {
    const fields = oracleFields(doc("x", { aliases: Array.from({ length: 200 }, (_, i) => `w${i}`) }), "plural");
    expect(fields[1]?.length).toBe(96);
    expect(fields[1]?.[95]).toBe("w95");
  });

  it("dedupes and drops stopwords unless all are stopwords", () => {
    const options = resolveOptions({ stopwords: ["the", "Please give", "files"] });
    expect(oracleQueryTerms("Please give the files the file list", options)).toEqual(["list"]);
    expect(oracleQueryTerms("the THE please", options)).toEqual(["the", "please"]);
  });
});

describe("oracle scoring", () => {
  // The stored saturation: units of 2^−16, rounded to nearest.
  const quantized = (s: number): number => Math.min(Math.floor(s * 65536 + 0.5), 65535) / 65536;
  const docs = [doc("open_page"), doc("close_page"), doc("page")];

  it("computes BM25F with the documented arithmetic", () => {
    // N = 3; "open" is in 1 doc. Name lengths 3, 3, 1 → avg 7/3. Other fields are empty (avg 0).
    const idf = fdlibmLog(1 + (3 - 1 + 0.5) / (1 + 0.5));
    const norm = (1 - 0.75) + (0.75 * 3) / (7 / 3);
    const tfTilde = 0 + (3 * 1) / norm;
    const sum = 0 + (1 * idf) * quantized(tfTilde / (1.8 + tfTilde));
    // Name-coverage bonus: "open_page" has 3 name terms (open, page, openpage), 1 matched.
    const expected = sum * (1 + 0.6 * (1 / 3));
    expect(oracleRank(docs, {}, "open", 10)).toEqual([{ id: "open_page", score: expected }]);
    expect(oracleRank(docs, { nameBonus: 0 }, "open", 10)).toEqual([{ id: "open_page", score: sum }]);
  });

  it("averages a field's length over the documents that have the field", () => {
    // Tags: only "x" has any (length 1), so avg_tags = 1 / 1, not 1 / 2; N = 2 for idf.
    const hits = oracleRank([doc("x", { tags: ["t"] }), doc("y")], {}, "t", 5);
    const tfTilde = 0 + (1 * 1) / ((1 - 0.75) + (0.75 * 1) / 1);
    // "x" has one name term and "t" is not in it: the bonus factor is exactly 1.
    const expected = (0 + (1 * fdlibmLog(1 + (2 - 1 + 0.5) / (1 + 0.5))) * quantized(tfTilde / (1.8 + tfTilde))) * (1 + 0.6 * (0 / 1));
    expect(hits).toEqual([{ id: "x", score: expected }]);
  });

  it("clamps tf at 2 per field", () => {
    const a = oracleRank([doc("x", { tags: ["go go"] }), doc("y", { tags: ["go go go"] }), doc("z")], { b: 0 }, "go", 5);
    expect(a.map((hit) => hit.id)).toEqual(["x", "y"]);
    expect(a[0]?.score).toBe(a[1]?.score);
  });

  it("breaks ties by id in UTF-16 order and applies limits", () => {
    const tied = [doc("b", { tags: ["t"] }), doc("B", { tags: ["t"] }), doc("a", { tags: ["t"] }), doc("\u{1F600}", { tags: ["t"] }), doc("\uFFFF", { tags: ["t"] })];
    const ids = oracleRank(tied, {}, "t", Infinity).map((hit) => hit.id);
    expect(ids).toEqual(["B", "a", "b", "\u{1F600}", "\uFFFF"]);
    expect(oracleRank(tied, {}, "t", 2.9).length).toBe(2);
    expect(oracleRank(tied, {}, "t", -1)).toEqual([]);
    expect(oracleRank(tied, {}, "t", -Infinity)).toEqual([]);
    expect(() => oracleRank(tied, {}, "t", Number.NaN)).toThrow(RangeError);
  });

  it("keeps zero-score hits and drops terms no document contains", () => {
    const hits = oracleRank([doc("a", { tags: ["t"] }), doc("b")], { weights: { tags: 0 } }, "zzz t", 5);
    expect(hits).toEqual([{ id: "a", score: 0 }]);
  });

  it("splits a term no document contains at the longest usable prefix (§A6 step 3)", () => {
    const corpus = [doc("browser"), doc("open_tab"), doc("list"), doc("file")];
    const terms = (query: string, input: OracleOptionsInput = {}): string[] => {
      const options = resolveOptions(input);
      return oracleSurvivingTerms(oracleAnalyzeQuery(query, options), oracleIndex(corpus, options), options);
    };
    expect(terms("browseropen")).toEqual(["browser", "open"]);
    expect(terms("listfiles")).toEqual(["list", "file"]);
    // Halves are deduplicated like any term, first wins, and take the token's place.
    expect(terms("open listfiles browseropen file")).toEqual(["open", "list", "file", "browser"]);
    // Too short a rest, or a half that is no index term: dropped.
    expect(terms("browserop filezzz")).toEqual([]);
    const longest = [doc("abc"), doc("abcd"), doc("defg"), doc("efg")];
    const options = resolveOptions({});
    const index = oracleIndex(longest, options);
    expect(oracleSplitTerm("abcdefg", index, oracleAnalyzeQuery("abcdefg", options), "plural")).toEqual(["abcd", "efg"]);
    const stopAbcd = resolveOptions({ stopwords: ["abcd"] });
    expect(oracleSplitTerm("abcdefg", index, oracleAnalyzeQuery("abcdefg", stopAbcd), "plural")).toEqual(["abc", "defg"]);
    // A query of only stopwords keeps its terms, and its halves may be stopwords.
    const stopAll = resolveOptions({ stopwords: ["abcd", "efg", "abcdefg"] });
    expect(oracleSplitTerm("abcdefg", index, oracleAnalyzeQuery("abcdefg", stopAll), "plural")).toEqual(["abcd", "efg"]);
    expect(oracleRank(corpus, {}, "browseropen", 5).map((hit) => hit.id)).toEqual(["browser", "open_tab"]);
  });

  it("caps query terms by first or rarest", () => {
    const corpus = [doc("common rare1"), doc("common rare2"), doc("common")];
    const first = oracleRank(corpus, { maxQueryTerms: 1, termSelection: "first" }, "common rare2", 5);
    expect(first.map((hit) => hit.id)).toEqual(["common", "common rare1", "common rare2"]);
    const rarest = oracleRank(corpus, { maxQueryTerms: 1, termSelection: "rarest" }, "common rare2", 5);
    expect(rarest.map((hit) => hit.id)).toEqual(["common rare2"]);
  });
});

describe("word-form variants (§A6 step 6)", () => {
  it("lists the candidate forms in order", () => {
    expect(oracleVariants("sending")).toEqual(["send", "sende"]);
    expect(oracleVariants("scheduled")).toEqual(["schedul", "schedule"]);
    expect(oracleVariants("running")).toEqual(["runn", "runne", "run"]);
    expect(oracleVariants("querie")).toEqual(["query"]);
    expect(oracleVariants("sender")).toEqual(["send", "sende"]);
    expect(oracleVariants("create")).toEqual(["creating", "created", "creater"]);
    expect(oracleVariants("stop")).toEqual(["stoping", "stoped", "stopping", "stopped", "stoper"]);
    expect(oracleVariants("copy")).toEqual(["copying", "copyed", "copyer", "copie"]);
    expect(oracleVariants("string")).toEqual([]); // "str" has no vowel
    expect(oracleVariants("need")).toEqual(["needing", "needed", "needer"]);
    expect(oracleVariants("feed")).toEqual(["feeding", "feeded", "feeder"]);
    expect(oracleVariants("ab_c")).toEqual([]);
  });

  it("adds index terms among them at the related weight", () => {
    const docs: OracleDoc[] = [
      { id: "send", description: "send a message", tags: [], aliases: [] },
      { id: "other", description: "sending mail", tags: [], aliases: [] },
    ];
    const plain = oracleRank(docs, { relatedWeight: 0 }, "send", 5).map((hit) => hit.id);
    expect(plain).toEqual(["send"]);
    const related = oracleRank(docs, {}, "send", 5);
    expect(related.map((hit) => hit.id)).toEqual(["send", "other"]);
    expect(related[1]!.score).toBeLessThan(related[0]!.score);
  });
});
