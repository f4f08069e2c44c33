import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../entry/node.js";
import type { ToolParamDoc, ToolSearchDoc } from "../types.js";
import { documentFields, FieldWriter, MAX_FIELD_UNITS, MAY_CHANGE, prepareField } from "./fields.js";
import { CoreMemory } from "./memory.js";
import { instantiateCore, type CoreExports } from "./module.js";

// Units that NFKC changes or that are not ASCII in other ways (lone surrogates, astral).
const OTHER_UNITS = ["é", "ﬁ", "㍿", "ｆ", "，", "：", "（", "Ａ", "１", "！", "～", "Ⓐ", "😀", "💡", "🄰", "\uD83D", "\uD800", "\uDC00", "\uFFFD", "ё", "搜", "\u0301", "\u0338", "\u00A0", "—", "→", "\uFE0F"];

// ASCII text of about `length` units; words, separators and capitals so the cut falls anywhere.
const asciiArb = (minLength: number, maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom("a", "B", "c", "_", " ", "\n", ".", "x", "Z", "9"), minLength, maxLength });

// Short parts, parts around the cut (MAX_FIELD_UNITS), and either with other units inside.
const partArb: fc.Arbitrary<string> = fc.oneof(
  asciiArb(0, 12),
  asciiArb(28, 40),
  asciiArb(MAX_FIELD_UNITS - 20, MAX_FIELD_UNITS + 20),
  fc
    .tuple(fc.oneof(asciiArb(0, 40), asciiArb(MAX_FIELD_UNITS - 40, MAX_FIELD_UNITS + 5)), fc.constantFrom(...OTHER_UNITS), asciiArb(0, 40))
    .map(([before, other, after]) => before + other + after),
);

const paramArb: fc.Arbitrary<ToolParamDoc> = fc.record(
  { name: partArb, description: fc.oneof(partArb, fc.constant("")) },
  { requiredKeys: ["name"] },
);

const docArb: fc.Arbitrary<ToolSearchDoc> = fc.record(
  {
    id: partArb.map((id) => `t${id}`),
    description: fc.oneof(partArb, fc.tuple(partArb, fc.constantFrom(". ", "。", "\n\n", " (a. b) "), partArb).map((parts) => parts.join(""))),
    // Validation lets holes through (it tests with `some`); `join` reads them as empty parts.
    tags: fc.oneof(fc.array(partArb, { maxLength: 4 }), fc.sparseArray(partArb, { maxLength: 4 })),
    aliases: fc.oneof(fc.array(partArb, { maxLength: 4 }), fc.sparseArray(partArb, { maxLength: 4 })),
    params: fc.oneof(fc.array(paramArb, { maxLength: 6 }), fc.sparseArray(paramArb, { maxLength: 6 })),
  },
  { requiredKeys: ["id", "tags", "aliases"] },
);

describe("FieldWriter", () => {
  // The fields a core is given, as the text it reads: a core whose document calls decode (the
  // real decoder) and split the scratch window by the counts, and whose field calls read it,
  // instead of indexing.
  let memory: CoreMemory;
  let added: Map<number, string>;

  beforeAll(async () => {
    await init();
    const core = instantiateCore();
    const record = (field: number, text: string): void => {
      expect(added.has(field)).toBe(false);
      added.set(field, text);
    };
    const recording: CoreExports = Object.create(core, {
      addStagedDocument: {
        value: (_document: number, bytes: number, check: number, ...counts: number[]): number => {
          const units = core.decodeStaged(0, bytes, check);
          if (units < 0) return units;
          expect(counts.reduce((sum, count) => sum + count, 0)).toBe(units);
          const text = memory.read(units);
          let at = 0;
          counts.forEach((count, field) => {
            if (count > 0) record(field, text.slice(at, at + count));
            at += count;
          });
          return units;
        },
      },
      addField: {
        value: (_document: number, field: number, length: number): void => record(field, memory.read(length)),
      },
    });
    memory = new CoreMemory(recording);
  });

  it("gives the core exactly each non-empty prepared field, ASCII or not, around the cut", () => {
    const writer = new FieldWriter(memory);
    fc.assert(
      fc.property(docArb, (doc) => {
        added = new Map();
        writer.add(0, doc);
        const expected = new Map<number, string>();
        documentFields(doc).forEach((text, field) => {
          const prepared = prepareField(text);
          if (prepared.length > 0) expected.set(field, prepared);
        });
        expect(added).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it("gives the core every fullwidth ASCII unit as its NFKC form, between stable units", () => {
    // The core's decoder folds U+FF01–U+FF5E; the writer stages such text without normalizing it.
    const writer = new FieldWriter(memory);
    const neighbours = ["a", "Z", "_", " ", ":", "\u2014", "\u4e00", "\u3002", "\uD83D\uDCA1", "\uFF0C"];
    const wrong: string[] = [];
    for (let code = 0xff01; code <= 0xff5e; code++) {
      for (const neighbour of neighbours) {
        const text = neighbour + String.fromCharCode(code) + neighbour;
        added = new Map();
        writer.add(0, { id: "t", tags: [], aliases: [], description: text });
        const summary = added.get(3) ?? "";
        const rest = added.get(4) ?? "";
        if (summary + rest !== text.normalize("NFKC")) wrong.push(text);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the core adds nothing from a staged document whose counts miss its units or whose text holds U+FFFD", () => {
    const core = instantiateCore();
    const staging = new CoreMemory(core).staging();
    const stage = (text: string): number => new TextEncoder().encodeInto(text, staging).written;
    core.beginBuild(1);
    expect(core.addStagedDocument(0, stage("ab cd"), 1, 2, 2, 0, 0, 0, 0)).toBe(-1);
    expect(core.addStagedDocument(0, stage("ab\uFFFD"), 1, 3, 0, 0, 0, 0, 0)).toBe(-1);
    expect(core.addStagedDocument(0, stage("ab\u00e9"), 1, 3, 0, 0, 0, 0, 0)).toBe(-2);
    expect(core.termCount()).toBe(0);
    expect(core.addStagedDocument(0, stage("ab\u00e9"), 0, 3, 0, 0, 0, 0, 0)).toBe(3);
    expect(core.addStagedDocument(0, stage("ab cd"), 1, 3, 2, 0, 0, 0, 0)).toBe(5);
    expect(core.termCount()).toBe(3);
  });

  it("the core's decoder refuses exactly the code points the host's NFKC skip does not let through, and fullwidth ASCII", () => {
    // `MAY_CHANGE` with U+FF01–U+FF5E let through (the decoder folds those) is the reference,
    // for every code point of the BMP but the surrogates and U+FFFD, and every astral one
    // from U+1F000 to U+1FFFF.
    const core = instantiateCore();
    const staging = new CoreMemory(core).staging();
    const refused = (text: string): boolean => core.decodeStaged(0, new TextEncoder().encodeInto(text, staging).written, 1) === -2;
    const wrong: number[] = [];
    const check = (code: number): void => {
      const text = String.fromCodePoint(code);
      const expected = code < 0xff01 || code > 0xff5e ? MAY_CHANGE.test(text) : false;
      if (refused(`a${text}b`) !== expected) wrong.push(code);
    };
    for (let code = 0x80; code <= 0xffff; code++) if ((code < 0xd800 || code > 0xdfff) && code !== 0xfffd) check(code);
    for (let code = 0x1f000; code <= 0x1ffff; code++) check(code);
    expect(wrong).toEqual([]);
    expect(core.decodeStaged(0, new TextEncoder().encodeInto("a\u00e9", staging).written, 0)).toBe(2);
  });

  it("prepares every unit of the BMP and every pictograph, between ASCII or other units, as its NFKC form", () => {
    // `prepareField` skips NFKC for text of ASCII and a few units that NFKC leaves alone.
    // Combining marks that compose with a unit before them (`→` + U+0338 is `↛`), too.
    const neighbours = ["a", " ", "\u2014", "\u4e00", "\u0301", "\u0338", "\u3099", "\uD83D\uDCA1"];
    const wrong: string[] = [];
    const check = (unit: string): void => {
      for (const neighbour of neighbours) {
        const text = neighbour + unit + neighbour;
        if (prepareField(text) !== text.normalize("NFKC")) wrong.push(text);
      }
    };
    for (let code = 0x80; code <= 0xffff; code++) if (code < 0xd800 || code > 0xdfff) check(String.fromCharCode(code));
    // The astral plane of pictographs (the skip lets U+1F400–U+1F7FF through; U+1F100's
    // enclosed letters and U+1FBF0's digits change), and lone surrogates.
    for (let code = 0x1f000; code <= 0x1ffff; code++) check(String.fromCodePoint(code));
    for (const lone of ["\uD83D", "\uDCA1", "\uD83C", "\uDFFF"]) check(lone);
    expect(wrong).toEqual([]);
  });
});
