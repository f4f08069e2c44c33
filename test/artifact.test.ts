import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CHECKSUM_BYTES,
  FLAG_BUNDLED_LEXICON,
  FLAG_BUNDLED_STOPWORDS,
  FLAG_BYTE_TERMS,
  FLAG_FREQUENCY_PATTERNS,
  HEADER_BYTES,
  HEADER_FLAGS,
  HEADER_POSTINGS,
  HEADER_RESERVED,
  HEADER_SECTION_COUNT,
  HEADER_TERMS,
  HEADER_TERM_POOL_UNITS,
  HOST_SECTION_LEXICON,
  HOST_SECTION_OPTIONS,
  HOST_SECTION_STOPWORDS,
  LEXICON_HEADER_BYTES,
  LEXICON_KEY_TABLE_BYTES_AT,
  LEXICON_WORD_TABLE_BYTES_AT,
  OPTIONS_FLAGS,
  SECTION_LEXICON_TABLES,
  SECTION_POSTING_ENTRIES,
  SECTION_POSTING_STARTS,
  SECTION_SATURATIONS,
  SECTION_STOPWORD_TABLE,
  SECTION_TERM_LENGTHS,
  SECTION_TERM_POOL,
  TABLE_ROW_BYTES,
} from "../src/core/abi.js";
import { CORE_CHECKSUM_MIN_BYTES } from "../src/core/artifact.js";
import { CHECKSUM_BLOCK, artifactChecksum } from "../src/core/checksum.js";
import { Bm25ToolRanker, init, isToolsiftError, type ToolSearchDoc } from "../src/index.js";
import { errorCode, toolsiftError } from "./helpers/errors.js";

beforeAll(async () => {
  await init();
});

const small: ToolSearchDoc[] = [
  { id: "github__create_pull_request", description: "Create a pull request. Opens it for review.", tags: ["git"], aliases: ["open pr"], params: [{ name: "title", description: "PR title" }] },
  { id: "slack__post_message", description: "Post a message to a channel", tags: [], aliases: [] },
  { id: "погода", description: "Прогноз погоды 天气预报", tags: [], aliases: [] },
];
const queries = ["create pull request", "post message", "погода", "天气", "open pr review", "", "zzz"];

/** Sections start on 64-byte boundaries (the checksum's blocks). */
const pad = (length: number): number => Math.ceil(length / CHECKSUM_BLOCK) * CHECKSUM_BLOCK;

/** Where each section of an artifact starts, by section id. */
function sectionStarts(bytes: Uint8Array): Map<number, number> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sectionCount = view.getUint32(HEADER_SECTION_COUNT, true);
  const starts = new Map<number, number>();
  let at = pad(HEADER_BYTES + TABLE_ROW_BYTES * sectionCount);
  for (let index = 0; index < sectionCount; index++) {
    starts.set(view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index, true), at);
    at += pad(view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index + 4, true));
  }
  return starts;
}

/** The first posting of a term with at least two postings (from the posting starts, section 5). */
function firstPostingOfLongList(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const starts = sectionStarts(bytes);
  const postingStart = (term: number): number => view.getUint32(starts.get(SECTION_POSTING_STARTS)! + 4 * term, true);
  const term = Array.from({ length: view.getUint32(HEADER_TERMS, true) }, (_, index) => index).find((index) => postingStart(index + 1) - postingStart(index) >= 2);
  expect(term).toBeDefined();
  return postingStart(term!);
}

/** The byte length of section `id` (0 when the artifact has no such section). */
function sectionLength(bytes: Uint8Array, id: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let index = 0; index < view.getUint32(HEADER_SECTION_COUNT, true); index++) {
    if (view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index, true) === id) return view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index + 4, true);
  }
  return 0;
}

const flagsOf = (bytes: Uint8Array): number => new DataView(bytes.buffer, bytes.byteOffset).getUint16(HEADER_FLAGS, true);

/** Edits a copy, recomputes its checksum and loads it: "loaded" or the error code. */
function craftedLoad(bytes: Uint8Array, edit: (copy: DataView) => void): string {
  const copy = bytes.slice();
  const copyView = new DataView(copy.buffer);
  edit(copyView);
  copyView.setUint32(copy.length - CHECKSUM_BYTES, artifactChecksum(copy.subarray(0, copy.length - CHECKSUM_BYTES)), true);
  return errorCode(() => Bm25ToolRanker.load(copy)) ?? "loaded";
}

function answers(ranker: Bm25ToolRanker): unknown[] {
  return queries.map((query) => ranker.rank(query, 10));
}

describe("index artifact", () => {
  it("round-trips: load(serialize(x)) answers exactly like x", () => {
    const ranker = new Bm25ToolRanker(small, { stopwords: ["a", "the"] });
    const loaded = Bm25ToolRanker.load(ranker.serialize());
    expect(answers(loaded)).toEqual(answers(ranker));
    expect(loaded.options).toEqual(ranker.options);
    expect(loaded.serialize()).toEqual(ranker.serialize());
  });

  it("loads an ArrayBuffer (fetch().arrayBuffer(), a Workers Data module) and a view at an offset; refuses what is no byte array", () => {
    const ranker = new Bm25ToolRanker(small);
    const bytes = ranker.serialize();
    const buffer = bytes.slice().buffer;
    expect(answers(Bm25ToolRanker.load(buffer))).toEqual(answers(ranker));
    // The artifact in the middle of a larger buffer, as a Buffer of a pooled read may be.
    const padded = new Uint8Array(bytes.length + 16);
    padded.set(bytes, 8);
    expect(answers(Bm25ToolRanker.load(new DataView(padded.buffer, 8, bytes.length) as unknown as ArrayBuffer))).toEqual(answers(ranker));
    for (const wrong of ["bytes", [1, 2, 3], null, undefined, { length: 40 }]) {
      const error = toolsiftError(() => Bm25ToolRanker.load(wrong as unknown as Uint8Array));
      expect(error.code).toBe("artifact_not_bytes");
      expect(error.message).toMatch(/^not a byte array \(/);
    }
  });

  it("keeps every id exactly: ASCII, below 256 (one byte per unit), astral and lone surrogates (two)", () => {
    const sets = [
      ["plain_tool", "other.tool"],
      ["café_tool", "naïve×tool", "plain_tool"],
      ["weather_天气", "emoji_😀_tool", "lone_\ud800_high", "lone_\udc00_low"],
    ];
    for (const ids of sets) {
      const ranker = new Bm25ToolRanker(ids.map((id) => ({ id, description: `tool ${id}`, tags: [], aliases: [] })));
      const bytes = ranker.serialize();
      // Serialize decodes the whole table at once, before any result has named an id.
      expect(Bm25ToolRanker.load(bytes).serialize()).toEqual(bytes);
      const loaded = Bm25ToolRanker.load(bytes);
      for (const id of ids) expect(loaded.rank(id, 1)[0]!.id).toBe(id);
    }
  });

  it("a loaded index explains like the built one, and serializes the same before and after explaining", () => {
    const ranker = new Bm25ToolRanker(small);
    const bytes = ranker.serialize();
    const loaded = Bm25ToolRanker.load(bytes);
    // The field frequencies stay on the host until needed: serialize first, then explain.
    expect(loaded.serialize()).toEqual(bytes);
    const again = Bm25ToolRanker.load(bytes);
    for (const query of queries) expect(again.explain(query, 5)).toEqual(ranker.explain(query, 5));
    expect(again.explain("create pull request", 1)[0]!.terms.some((term) => term.fields.name > 0)).toBe(true);
    expect(again.serialize()).toEqual(bytes);
  });

  it("stores field frequencies as a byte per posting up to 256 distinct values, else two bytes; both explain alike after a load", () => {
    // Every combination of 0–2 occurrences of "zeta" in the six fields: 728 distinct values.
    const repeat = (count: number, text: string): string => Array.from({ length: count }, () => text).join(" ");
    const docs = Array.from({ length: 728 }, (_, index) => {
      const [name, aliases, tags, summary, description, params] = Array.from({ length: 6 }, (_, field) => Math.floor((index + 1) / 3 ** field) % 3);
      return {
        id: `t${index}${"_zeta".repeat(name!)}`,
        aliases: aliases ? [repeat(aliases, "zeta")] : [],
        tags: Array.from({ length: tags! }, () => "zeta"),
        description: `Tool ${repeat(summary!, "zeta")}. More ${repeat(description!, "zeta")}`,
        params: params ? [{ name: "p", description: repeat(params, "zeta") }] : [],
      };
    });
    for (const [catalogue, patterns] of [[small, true], [docs, false]] as const) {
      const ranker = new Bm25ToolRanker(catalogue);
      const bytes = ranker.serialize();
      expect((new DataView(bytes.buffer, bytes.byteOffset).getUint16(HEADER_FLAGS, true) & FLAG_FREQUENCY_PATTERNS) !== 0).toBe(patterns);
      const loaded = Bm25ToolRanker.load(bytes);
      for (const query of ["zeta", "create pull request", "tool more"]) expect(loaded.explain(query, 20)).toEqual(ranker.explain(query, 20));
      expect(loaded.serialize()).toEqual(bytes);
    }
  });

  it("names the bundled stopwords and lexicon by a flag instead of storing them; other lists are stored and round-trip", () => {
    const bytes = new Bm25ToolRanker(small).serialize();
    expect(flagsOf(bytes) & (16 | 32)).toBe(16 | 32);
    expect([sectionLength(bytes, HOST_SECTION_STOPWORDS), sectionLength(bytes, HOST_SECTION_LEXICON)]).toEqual([0, 0]);
    const lexicon = { "созвон": ["meeting", "call"], "天气": ["weather"] };
    const cases = [
      { options: { analyzer: "stem" as const }, flags: 16 | 32 },
      { options: { lexicon: false as const }, flags: 16 },
      { options: { lexicon }, flags: 16 },
      { options: { stopwords: ["the", "a"] }, flags: 32 },
      { options: { stopwords: [], lexicon }, flags: 0 },
    ];
    for (const { options, flags } of cases) {
      const ranker = new Bm25ToolRanker(small, options);
      const stored = ranker.serialize();
      expect(flagsOf(stored) & (16 | 32), JSON.stringify(options)).toBe(flags);
      expect(sectionLength(stored, HOST_SECTION_STOPWORDS) === 0).toBe((flags & FLAG_BUNDLED_STOPWORDS) !== 0);
      expect(sectionLength(stored, HOST_SECTION_LEXICON) === 0).toBe((flags & FLAG_BUNDLED_LEXICON) !== 0);
      for (const loaded of [Bm25ToolRanker.load(stored), Bm25ToolRanker.load(stored, options)]) {
        expect(loaded.options).toEqual(ranker.options);
        expect(answers(loaded)).toEqual(answers(ranker));
        expect(loaded.rank("созвон про погоду", 3)).toEqual(ranker.rank("созвон про погоду", 3));
        expect(loaded.serialize()).toEqual(stored);
      }
    }
    // A flag and a stored list together are refused, as is a list missing without its flag.
    const starts = sectionStarts(bytes);
    expect(craftedLoad(bytes, (copy) => copy.setUint16(HEADER_FLAGS, flagsOf(bytes) & ~FLAG_BUNDLED_LEXICON, true))).toBe("artifact_corrupt");
    const custom = new Bm25ToolRanker(small, { stopwords: ["the"] }).serialize();
    expect(craftedLoad(custom, (copy) => copy.setUint16(HEADER_FLAGS, flagsOf(custom) | FLAG_BUNDLED_STOPWORDS, true))).toBe("artifact_corrupt");
    expect(starts.get(HOST_SECTION_STOPWORDS)).toBe(starts.get(HOST_SECTION_LEXICON));
  });

  it("stores term text a byte per code unit with the units from 256 listed apart, or two bytes when that is not smaller", () => {
    const latin = Array.from({ length: 40 }, (_, index) => ({ id: `tool_${index}`, description: `create issue number${index} in the tracker`, tags: [], aliases: [] }));
    const cases = [
      { catalogue: latin, wide: 0 },
      // Mostly Latin with a few wide units: "naïve" is below 256, Cyrillic and CJK are not.
      { catalogue: [...latin, ...small, { id: "café", description: "naïve café ☕ weather", tags: [], aliases: [] }], wide: -1 },
      // Text that is mostly wide: two bytes per unit.
      { catalogue: small.map((doc, index) => ({ ...doc, id: `инструмент${index}`, description: "погода прогноз дождь 天气预报 雨" })), wide: undefined },
    ];
    for (const { catalogue, wide } of cases) {
      const ranker = new Bm25ToolRanker(catalogue);
      const bytes = ranker.serialize();
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const units = view.getUint32(HEADER_TERM_POOL_UNITS, true);
      const length = sectionLength(bytes, SECTION_TERM_POOL);
      if (wide === undefined) {
        expect(flagsOf(bytes) & FLAG_BYTE_TERMS).toBe(0);
        expect(length).toBe(2 * units);
      } else {
        expect(flagsOf(bytes) & FLAG_BYTE_TERMS).toBe(FLAG_BYTE_TERMS);
        const aligned = (units + 3) & ~3;
        if (wide === 0) expect(length).toBe(aligned);
        else expect(length - aligned).toBeGreaterThan(0);
        expect((length - aligned) % 8).toBe(0);
      }
      const loaded = Bm25ToolRanker.load(bytes);
      for (const query of [...queries, "naïve café", "☕", "погода дождь", "天气预报", "number7 tracker"]) {
        expect(loaded.rank(query, 10), query).toEqual(ranker.rank(query, 10));
      }
      expect(loaded.serialize()).toEqual(bytes);
    }
  });

  it("derives term offsets, term table and idf at load: a term length that does not fill the text, or a listed unit out of range, is refused", () => {
    const latin = Array.from({ length: 20 }, (_, index) => ({ id: `tool_${index}`, description: `create issue number${index} in the tracker`, tags: [], aliases: [] }));
    const catalogue = [...latin, ...small, { id: "café", description: "naïve café ☕ weather", tags: [], aliases: [] }];
    const bytes = new Bm25ToolRanker(catalogue, { lexicon: false }).serialize();
    expect(flagsOf(bytes) & FLAG_BYTE_TERMS).toBe(FLAG_BYTE_TERMS);
    const starts = sectionStarts(bytes);
    const units = new DataView(bytes.buffer, bytes.byteOffset).getUint32(HEADER_TERM_POOL_UNITS, true);
    const lengths = starts.get(SECTION_TERM_LENGTHS)!;
    const listed = starts.get(SECTION_TERM_POOL)! + ((units + 3) & ~3);
    expect(sectionLength(bytes, SECTION_TERM_POOL)).toBeGreaterThan((units + 3) & ~3);
    expect(craftedLoad(bytes, () => undefined)).toBe("loaded");
    expect(craftedLoad(bytes, (copy) => copy.setUint8(lengths, copy.getUint8(lengths) + 1))).toBe("artifact_corrupt");
    expect(craftedLoad(bytes, (copy) => copy.setUint8(lengths, 0))).toBe("artifact_corrupt");
    // Two lengths traded keep the total: terms change, nothing is read outside the text.
    const pair = lengths + bytes.subarray(lengths).findIndex((length, index) => length >= 2 && bytes[lengths + index + 1]! >= 2);
    expect(craftedLoad(bytes, (copy) => {
      copy.setUint8(pair, copy.getUint8(pair) + 1);
      copy.setUint8(pair + 1, copy.getUint8(pair + 1) - 1);
    })).toBe("loaded");
    expect(craftedLoad(bytes, (copy) => copy.setUint32(listed, units, true))).toBe("artifact_corrupt");
    expect(craftedLoad(bytes, (copy) => copy.setUint32(listed + 4, 0x10000, true))).toBe("artifact_corrupt");
    // Header word HEADER_RESERVED (the term table size of format 4) is reserved: a load sizes the table itself.
    expect(craftedLoad(bytes, (copy) => copy.setUint32(HEADER_RESERVED, 512, true))).toBe("artifact_corrupt");
  });

  it("past 32,768 tools a posting entry takes four bytes, round-trips and is checked the same way", () => {
    const words = ["create", "issue", "pull", "request", "browser", "open", "send", "email", "list", "files"];
    const docs = Array.from({ length: 33_000 }, (_, index) => ({
      id: `t${index}`,
      tags: [],
      aliases: [],
      description: `${words[index % words.length]} ${words[(index * 3 + 1) % words.length]} item${index % 5000}`,
    }));
    const ranker = new Bm25ToolRanker(docs);
    const bytes = ranker.serialize();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const starts = sectionStarts(bytes);
    expect(starts.get(SECTION_SATURATIONS)! - starts.get(SECTION_POSTING_ENTRIES)!).toBe(pad(4 * view.getUint32(HEADER_POSTINGS, true)));
    const loaded = Bm25ToolRanker.load(bytes);
    for (const query of ["send email item4999", "pull request", "t32999 open"]) {
      expect(loaded.rank(query, 20)).toEqual(ranker.rank(query, 20));
      expect(loaded.explain(query, 3)).toEqual(ranker.explain(query, 3));
    }
    expect(loaded.rank("item2999", 10).map((hit) => hit.id)).toContain("t32999");
    // A document past the last tool, or a list out of order, is refused as with narrow entries.
    const entries = starts.get(SECTION_POSTING_ENTRIES)!;
    const first = entries + 4 * firstPostingOfLongList(bytes);
    const last = entries + 4 * (view.getUint32(HEADER_POSTINGS, true) - 1);
    expect(craftedLoad(bytes, (copy) => copy.setUint32(last, 33_000 << 1, true))).toBe("artifact_corrupt");
    expect(craftedLoad(bytes, (copy) => copy.setUint32(first + 4, copy.getUint32(first, true), true))).toBe("artifact_corrupt");
    expect(craftedLoad(bytes, (copy) => copy.setUint32(last, copy.getUint32(last, true) ^ 1, true))).toBe("loaded");
  });

  it("round-trips random catalogues (property)", () => {
    const word = fc.constantFrom("create", "issue", "pull", "request", "BrowserOpen", "погода", "天气预报", "send_email", "list", "files", "a", "x.y:z");
    const text = fc.array(word, { maxLength: 12 }).map((words) => words.join(" "));
    const doc = fc.record({ description: text, tags: fc.array(word, { maxLength: 3 }), aliases: fc.array(word, { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 20 }), fc.array(text, { minLength: 1, maxLength: 5 }), (raw, qs) => {
        const docs = raw.map((entry, index) => ({ id: `tool_${index}_${entry.tags[0] ?? "x"}`, ...entry }));
        const ranker = new Bm25ToolRanker(docs);
        const loaded = Bm25ToolRanker.load(ranker.serialize());
        for (const query of qs) expect(loaded.rank(query, 50)).toEqual(ranker.rank(query, 50));
      }),
      { numRuns: 100 },
    );
  });

  it("refuses every single-bit flip and every truncation with a typed error", () => {
    // Small on purpose (no lexicon, two stopwords): every bit of it is flipped.
    const ranker = new Bm25ToolRanker(small, { lexicon: false, stopwords: ["a", "the"] });
    const bytes = ranker.serialize();
    const codes = new Set<string>();
    for (let bit = 0; bit < bytes.length * 8; bit++) {
      const copy = bytes.slice();
      copy[bit >> 3]! ^= 1 << (bit & 7);
      try {
        Bm25ToolRanker.load(copy);
        throw new Error(`bit ${bit} was accepted`);
      } catch (error) {
        if (!isToolsiftError(error)) throw error;
        codes.add(error.code);
      }
    }
    for (let length = 0; length < bytes.length; length++) {
      try {
        Bm25ToolRanker.load(bytes.subarray(0, length));
        throw new Error(`truncation to ${length} was accepted`);
      } catch (error) {
        if (!isToolsiftError(error)) throw error;
        expect(["artifact_truncated", "artifact_bad_magic", "artifact_version"]).toContain(error.code);
      }
    }
    expect([...codes].every((code) => code.startsWith("artifact_"))).toBe(true);
    // The ranker that produced the bytes is untouched.
    expect(Bm25ToolRanker.load(bytes).rank("create pull request", 3)).toEqual(ranker.rank("create pull request", 3));
  });

  it("names a wrong magic, a future version and an analyzer mismatch", () => {
    const bytes = new Bm25ToolRanker(small).serialize();
    const code = (mutate: (copy: Uint8Array) => void, options?: object): string => {
      const copy = bytes.slice();
      mutate(copy);
      return errorCode(() => Bm25ToolRanker.load(copy, options)) ?? "accepted";
    };
    expect(code((copy) => (copy[0] = 0x50))).toBe("artifact_bad_magic");
    expect(code((copy) => (copy[4] = copy[4]! + 1))).toBe("artifact_version");
    expect(code(() => undefined, { analyzer: "stem" })).toBe("artifact_analyzer_mismatch");
    expect(code(() => undefined, { k1: 1.5 })).toBe("artifact_analyzer_mismatch");
    expect(code(() => undefined, {})).toBe("accepted");
    expect(code(() => undefined, { stopwords: ["x"] })).toBe("artifact_analyzer_mismatch");
    expect(code(() => undefined, { lookalikes: false })).toBe("artifact_analyzer_mismatch");
  });

  it("keeps lookalikes: false in the options record's flag byte, and refuses an unknown flag", () => {
    const off = new Bm25ToolRanker(small, { lookalikes: false }).serialize();
    const options = sectionStarts(off).get(HOST_SECTION_OPTIONS)!;
    expect(off[options + OPTIONS_FLAGS]).toBe(1);
    expect(Bm25ToolRanker.load(off).options.lookalikes).toBe(false);
    expect(Bm25ToolRanker.load(off, { lookalikes: false }).options.lookalikes).toBe(false);
    // The default record keeps 0 there, so the default fingerprint did not change.
    const on = new Bm25ToolRanker(small).serialize();
    expect(on[sectionStarts(on).get(HOST_SECTION_OPTIONS)! + OPTIONS_FLAGS]).toBe(0);
    expect(craftedLoad(off, (copy) => copy.setUint8(options + OPTIONS_FLAGS, 2))).toBe("artifact_corrupt");
    expect(craftedLoad(off, (copy) => copy.setUint8(options + OPTIONS_FLAGS, 0))).toBe("artifact_corrupt");
  });

  it("a crafted artifact (damaged, checksum recomputed) loads with odd answers or fails typed, never traps", () => {
    // The checksum catches accidents; this is what a deliberate edit meets: the layout checks
    // in TypeScript and the structural checks in the core (posting bounds and order, the
    // query tables' chains and indexes). With the default lexicon, so its tables are crafted too.
    const bytes = new Bm25ToolRanker(small).serialize();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const sectionCount = view.getUint32(HEADER_SECTION_COUNT, true);
    const spans: [number, number][] = [];
    let at = pad(HEADER_BYTES + TABLE_ROW_BYTES * sectionCount);
    for (let index = 0; index < sectionCount; index++) {
      const length = view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index + 4, true);
      if (view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index, true) < HOST_SECTION_OPTIONS && length > 0) spans.push([at, length]);
      at += pad(length);
    }
    const outcomes = new Set<string>();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: spans.length - 1 }),
        fc.nat(),
        fc.constantFrom(0, 1, 0x7f, 0x80, 0xff, 0x7fffffff, 0xffffffff, -2),
        fc.boolean(),
        (span, position, value, word) => {
          const copy = bytes.slice();
          const [start, length] = spans[span]!;
          const copyView = new DataView(copy.buffer);
          const offset = start + ((position % length) & (word ? ~3 : ~0));
          if (word && offset + 4 <= start + length) copyView.setInt32(offset, value, true);
          else copy[offset] = value & 0xff;
          copyView.setUint32(copy.length - CHECKSUM_BYTES, artifactChecksum(copy.subarray(0, copy.length - CHECKSUM_BYTES)), true);
          let loaded: Bm25ToolRanker;
          try {
            loaded = Bm25ToolRanker.load(copy);
          } catch (error) {
            if (!isToolsiftError(error)) throw error;
            outcomes.add(error.code);
            return;
          }
          outcomes.add("loaded");
          for (const query of [...queries, "пулреквест", "выкати релиз", "созвон"]) loaded.rank(query, 10);
        },
      ),
      { numRuns: 400 },
    );
    expect(outcomes).toContain("artifact_corrupt");
    expect(outcomes).toContain("loaded");
  });

  it("crafted query tables (every word of the stopword and lexicon sections) never trap or hang", () => {
    const lexicon = { "пулреквест": ["pull", "request"], "выкати релиз": ["deploy", "release"], "созвон": ["meeting", "call"], "天气": ["weather"], "open pr": ["pull", "request"] };
    const bytes = new Bm25ToolRanker(small, { lexicon, stopwords: ["a", "the", "please"] }).serialize();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const sectionCount = view.getUint32(HEADER_SECTION_COUNT, true);
    let at = pad(HEADER_BYTES + TABLE_ROW_BYTES * sectionCount);
    const words: number[] = [];
    let entryArrays = 0;
    for (let index = 0; index < sectionCount; index++) {
      const id = view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index, true);
      const length = view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index + 4, true);
      if (id === SECTION_STOPWORD_TABLE || id === SECTION_LEXICON_TABLES) for (let word = 0; word + 4 <= length; word += 4) words.push(at + word);
      // The lexicon section: a header, the two dictionaries, then the entry arrays.
      if (id === SECTION_LEXICON_TABLES) entryArrays = at + LEXICON_HEADER_BYTES + view.getInt32(at + LEXICON_KEY_TABLE_BYTES_AT, true) + view.getInt32(at + LEXICON_WORD_TABLE_BYTES_AT, true);
      at += pad(length);
    }
    expect(words.length).toBeGreaterThan(100);
    const probes = [...Object.keys(lexicon), "please open pr", "созвон выкати релиз пулреквест", "天气 a the"];
    const outcome = (offset: number, change: (word: number) => number): string => {
      const copy = bytes.slice();
      const copyView = new DataView(copy.buffer);
      copyView.setInt32(offset, change(copyView.getInt32(offset, true)), true);
      copyView.setUint32(copy.length - CHECKSUM_BYTES, artifactChecksum(copy.subarray(0, copy.length - CHECKSUM_BYTES)), true);
      try {
        const loaded = Bm25ToolRanker.load(copy);
        for (const query of probes) loaded.rank(query, 10);
        return "loaded";
      } catch (error) {
        if (!isToolsiftError(error)) throw new Error(`word at ${offset}: ${String(error)}`);
        return error.code;
      }
    };
    // Every entry-array word and every fourth dictionary word (their hash tables are mostly empty slots).
    for (const offset of words.filter((offset, index) => offset >= entryArrays || index % 4 === 0)) {
      // Every entry-array word is an index, a count or a link: far out of range is refused.
      const far = outcome(offset, (word) => word + 0x40000000);
      if (offset >= entryArrays) expect(far, `entry word at ${offset}`).toBe("artifact_corrupt");
      // Small in-range values (0 makes an entry its own successor) may load, but must end.
      outcome(offset, () => 0);
      outcome(offset, (word) => word - 2);
    }
  });

  it("a large artifact is summed by the core as it copies: every section's damage is still refused", () => {
    const words = ["create", "issue", "pull", "request", "browser", "open", "send", "email", "list", "files", "погода", "天气预报", "calendar", "event"];
    const docs = Array.from({ length: 3000 }, (_, index) => ({
      id: `server${index % 37}__tool_${index}`,
      tags: [],
      aliases: [],
      description: Array.from({ length: 12 }, (_, word) => words[(index * 7 + word * 3) % words.length]).join(" ") + ` item${index}`,
    }));
    const ranker = new Bm25ToolRanker(docs);
    const bytes = ranker.serialize();
    expect(bytes.length).toBeGreaterThan(CORE_CHECKSUM_MIN_BYTES);
    expect(Bm25ToolRanker.load(bytes).rank("send email item42", 5)).toEqual(ranker.rank("send email item42", 5));
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const sectionCount = view.getUint32(HEADER_SECTION_COUNT, true);
    let at = pad(HEADER_BYTES + TABLE_ROW_BYTES * sectionCount);
    const positions: number[] = [];
    for (let index = 0; index < sectionCount; index++) {
      const length = view.getUint32(HEADER_BYTES + TABLE_ROW_BYTES * index + 4, true);
      if (length > 0) positions.push(at, at + (length >> 1), at + length - 1);
      if (pad(length) > length) positions.push(at + length);
      at += pad(length);
    }
    for (const position of positions) {
      for (const bit of [0, 7]) {
        const copy = bytes.slice();
        copy[position]! ^= 1 << bit;
        let code = "accepted";
        try {
          Bm25ToolRanker.load(copy);
        } catch (error) {
          if (!isToolsiftError(error)) throw error;
          code = error.code;
        }
        expect(code, `byte ${position} bit ${bit}`).toMatch(/^artifact_(checksum|corrupt)$/);
      }
    }
  });

  it("refuses postings out of order within a term or past the last tool, even with a recomputed checksum", () => {
    const bytes = new Bm25ToolRanker([...small, { id: "zz_pull_request", description: "pull request tools", tags: [], aliases: [] }], { lexicon: false }).serialize();
    // Up to 32,768 tools an entry is a u16: the document shifted left once, the name flag in bit 0.
    const first = sectionStarts(bytes).get(SECTION_POSTING_ENTRIES)! + 2 * firstPostingOfLongList(bytes);
    expect(craftedLoad(bytes, (copy) => {
      const a = copy.getUint16(first, true);
      copy.setUint16(first, copy.getUint16(first + 2, true), true);
      copy.setUint16(first + 2, a, true);
    })).toBe("artifact_corrupt");
    expect(craftedLoad(bytes, (copy) => copy.setUint16(first + 2, copy.getUint16(first, true), true))).toBe("artifact_corrupt");
    expect(craftedLoad(bytes, (copy) => copy.setUint16(first, (small.length + 1) << 1, true))).toBe("artifact_corrupt");
    // The name flag is not checked: flipping it changes a score, not what is read.
    expect(craftedLoad(bytes, (copy) => copy.setUint16(first, copy.getUint16(first, true) ^ 1, true))).toBe("loaded");
    expect(craftedLoad(bytes, () => undefined)).toBe("loaded");
  });
});

