import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../entry/node.js";
import type { ToolParamDoc, ToolSearchDoc } from "../types.js";
import { documentFields, FieldWriter, MAX_FIELD_UNITS, prepareField } from "./fields.js";
import { CoreMemory } from "./memory.js";
import { instantiateCore, type CoreExports } from "./module.js";

// Units that NFKC changes or that are not ASCII in other ways (lone surrogates, astral).
const OTHER_UNITS = ["é", "ﬁ", "㍿", "ｆ", "Ⓐ", "😀", "\uD800", "\uDC00", "\uFFFD", "ё", "搜", "\u0301", "\u00A0", "—"];

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
  // The fields a core is given, as the text it reads: a core whose field calls decode (the real
  // decoder) and read back the scratch window instead of indexing.
  let memory: CoreMemory;
  let added: Map<number, string>;

  beforeAll(async () => {
    await init();
    const core = instantiateCore();
    const recording: CoreExports = Object.create(core, {
      addStagedField: {
        value: (_document: number, field: number, offset: number, length: number): number => {
          const units = core.decodeStaged(offset, length);
          if (units > 0) recording.addField(0, field, units);
          return units;
        },
      },
      addField: {
        value: (_document: number, field: number, length: number): void => {
          expect(added.has(field)).toBe(false);
          added.set(field, memory.read(length));
        },
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
});
