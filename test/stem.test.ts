// The stemmers of assembly/stem/ against the published Snowball conformance lists
// (test/fixtures/stemmers/README.md): every line of porter/ and russian/, word for word.
// The stemmers are compiled from assembly/stem/test-entry.ts into a module of their own, so
// this test does not depend on the rest of the core.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import asc from "assemblyscript/asc";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const FIXTURES = new URL("./fixtures/stemmers/", import.meta.url);

// The `kind` argument of test-entry.ts's `stem`.
const KIND = { porter: 0, porterSteps: 1, russian: 2 } as const;
type Kind = (typeof KIND)[keyof typeof KIND];

interface StemExports {
  memory: WebAssembly.Memory;
  scratchPointer(): number;
  scratchUnits(): number;
  stem(kind: number, length: number): number;
}

// As the fixtures' README says: split on "\n" only and compare position by position; the one
// empty line (Porter's `s` → "") is an expected output, not something to skip.
function readLines(path: string): string[] {
  const text = readFileSync(new URL(path, FIXTURES), "utf8");
  if (!text.endsWith("\n")) throw new Error(`${path} does not end with a newline`);
  return text.slice(0, -1).split("\n");
}

// Compiled in memory (asc's writeFile hook), so parallel runs never share an output file.
// The explicit --config keeps asc from merging a ./asconfig.json it would otherwise load.
async function compileTestEntry(): Promise<Uint8Array<ArrayBuffer>> {
  const outputs = new Map<string, Uint8Array<ArrayBuffer>>();
  const stderr = asc.createMemoryStream();
  const result = await asc.main(
    [
      "assembly/stem/test-entry.ts",
      "--config",
      "assembly/stem/asconfig.stem-test.json",
      "--outFile",
      "build/stem-test/test-entry.wasm",
      "--baseDir",
      ROOT,
    ],
    {
      stdout: asc.createMemoryStream(),
      stderr,
      writeFile: (name: string, contents: Uint8Array | string) => {
        const text = typeof contents === "string";
        outputs.set(name, text ? new TextEncoder().encode(contents) : new Uint8Array(contents));
      },
    },
  );
  if (result.error) throw new Error(`asc failed: ${result.error.message}\n${stderr.toString()}`);
  const binary = outputs.get("build/stem-test/test-entry.wasm");
  if (binary === undefined) throw new Error(`asc wrote no module; it wrote ${[...outputs.keys()].join(", ")}`);
  return binary;
}

let binary: Uint8Array<ArrayBuffer>;
let module: WebAssembly.Module;
let core: StemExports;

beforeAll(async () => {
  binary = await compileTestEntry();
  module = await WebAssembly.compile(binary);
  core = (await WebAssembly.instantiate(module, {})).exports as unknown as StemExports;
}, 120_000);

/** Stems `word` in the scratch window; also checks that nothing after the token changed. */
function stem(kind: Kind, word: string): string {
  const pointer = core.scratchPointer();
  const units = new Uint16Array(core.memory.buffer, pointer, core.scratchUnits());
  if (word.length + 4 > units.length) throw new Error(`word longer than the scratch window: ${word}`);
  for (let index = 0; index < word.length; index++) units[index] = word.charCodeAt(index);
  for (let index = 0; index < 4; index++) units[word.length + index] = 0xfffd;
  const length = core.stem(kind, word.length);
  if (length < 0 || length > word.length) throw new Error(`stem(${word}) returned length ${length}`);
  for (let index = 0; index < 4; index++) {
    if (units[word.length + index] !== 0xfffd) throw new Error(`stem(${word}) wrote past the token`);
  }
  return String.fromCharCode(...units.subarray(0, length));
}

interface Mismatch {
  line: number;
  input: string;
  got: string;
  want: string;
}

/** Runs every input through `kind`; returns the lines whose output differs from `expected`. */
function mismatches(kind: Kind, inputs: readonly string[], expected: readonly string[]): Mismatch[] {
  const found: Mismatch[] = [];
  inputs.forEach((input, index) => {
    const got = stem(kind, input);
    const want = expected[index]!;
    if (got !== want) found.push({ line: index + 1, input, got, want });
  });
  return found;
}

/** The first few mismatches as readable lines, with the total, for an assertion message. */
function report(found: readonly Mismatch[], total: number): string {
  const shown = found
    .slice(0, 25)
    .map(({ line, input, got, want }) => {
      const [from, to, expected] = [input, got, want].map((word) => JSON.stringify(word));
      return `  line ${line}: ${from} → ${to}, expected ${expected}`;
    });
  return `${found.length} of ${total} lines differ; the first ${shown.length}:\n${shown.join("\n")}`;
}

/** The ids of the sections of a wasm binary, in order. */
function sectionIds(binary: Uint8Array): number[] {
  const ids: number[] = [];
  let offset = 8; // magic and version
  while (offset < binary.length) {
    ids.push(binary[offset++]!);
    let size = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = binary[offset++]!;
      size += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    offset += size;
  }
  return ids;
}

describe("the stemmer test module", () => {
  it("needs no imports, allocates nothing and does not grow its memory while stemming", () => {
    expect(WebAssembly.Module.imports(module)).toEqual([]);
    // With --runtime stub, anything that allocates (a managed string, even a concatenation of
    // literals) brings the bump allocator, whose start function sets its heap offset.
    const START_SECTION = 8;
    expect(sectionIds(binary)).not.toContain(START_SECTION);
    const exported = WebAssembly.Module.exports(module).map(({ name }) => name);
    expect(exported.filter((name) => name.startsWith("__"))).toEqual([]);
    const globals = core as unknown as Record<string, WebAssembly.Global>;
    const kinds = [globals.KIND_PORTER!, globals.KIND_PORTER_STEPS!, globals.KIND_RUSSIAN!];
    expect(kinds.map((kind) => kind.value)).toEqual([KIND.porter, KIND.porterSteps, KIND.russian]);
    const before = core.memory.buffer.byteLength;
    for (const word of ["generalizations", "relational", "важнейшими", "прочитав"]) {
      stem(KIND.porter, word);
      stem(KIND.russian, word);
    }
    expect(core.memory.buffer.byteLength).toBe(before);
  });
});

describe("Porter (1980)", () => {
  const inputs = readLines("porter/voc.txt");
  const outputs = readLines("porter/output.txt");

  it("has the published list intact", () => {
    expect(inputs.length).toBe(42_603);
    expect(outputs.length).toBe(42_603);
    expect(outputs[32_219]).toBe("");
    expect(inputs[32_219]).toBe("s");
  });

  it("passes every line of porter/voc.txt → output.txt word for word (all steps, any length)", () => {
    const found = mismatches(KIND.porterSteps, inputs, outputs);
    expect(found.length, report(found, inputs.length)).toBe(0);
  });

  it("as the analyzer calls it, keeps tokens of one or two units and matches every longer line", () => {
    const found = mismatches(KIND.porter, inputs, outputs);
    // The list follows the paper, which stems these 14 short inputs (README "What each list
    // tests"); stemPorter keeps them, so no token stems to the empty word.
    expect(found.map(({ input }) => input).sort()).toEqual(
      ["'s", "as", "ay", "es", "ey", "is", "ms", "ns", "os", "rs", "s", "ts", "us", "uy"].sort(),
    );
    for (const { input, got } of found) expect(got).toBe(input);
  });

  it.each([
    ["caresses", "caress"],
    ["ponies", "poni"],
    ["ties", "ti"],
    ["caress", "caress"],
    ["cats", "cat"],
    ["feed", "feed"],
    ["agreed", "agre"],
    ["plastered", "plaster"],
    ["bled", "bled"],
    ["sing", "sing"],
    ["troubled", "troubl"],
    ["sized", "size"],
    ["hopping", "hop"],
    ["tanned", "tan"],
    ["falling", "fall"],
    ["hissing", "hiss"],
    ["filing", "file"],
    ["happy", "happi"],
    ["sky", "sky"],
    ["relational", "relat"],
    ["conditional", "condit"],
    ["rational", "ration"],
    ["generalizations", "gener"],
    ["hopefulness", "hope"],
    ["electricity", "electr"],
    ["adoption", "adopt"],
    ["controlling", "control"],
    ["possibly", "possibli"],
    ["archaeology", "archaeologi"],
    ["dying", "dy"],
    ["cry", "cry"],
  ])("stems %s to %s", (word, want) => {
    expect(stem(KIND.porter, word)).toBe(want);
  });

  it.each([
    ["is", "i"],
    ["as", "a"],
    ["s", ""],
  ])("follows the paper for short %s → %s in all-steps mode; the analyzer keeps it", (word, want) => {
    expect(stem(KIND.porterSteps, word)).toBe(want);
    expect(stem(KIND.porter, word)).toBe(word);
  });
});

describe("Snowball Russian", () => {
  const inputs = readLines("russian/voc.txt");
  const outputs = readLines("russian/output.txt");
  // The analyzer folds ё to е before stemming (docs/analyzer.md §A4 step 2), which is exactly the
  // algorithm's own first step, so the list's ё inputs are folded here the same way.
  const folded = inputs.map((word) => word.replaceAll("ё", "е"));

  it("has the published list intact", () => {
    expect(inputs.length).toBe(49_785);
    expect(outputs.length).toBe(49_785);
    expect(inputs.filter((word) => word.includes("ё")).length).toBe(112);
    expect(outputs.some((word) => word === "" || word.includes("ё"))).toBe(false);
  });

  it("passes every line of russian/voc.txt (ё folded to е) → russian/output.txt word for word", () => {
    const found = mismatches(KIND.russian, folded, outputs);
    expect(found.length, report(found, inputs.length)).toBe(0);
  });

  // Each one checked against the list; together they reach every ending group.
  it.each([
    ["прочитав", "прочита"], // perfective gerund, group 1 (а stays)
    ["улыбнувшись", "улыбнувш"], // вшись not after а/я: reflexive, then noun и
    ["рассказывали", "рассказыва"], // verb, group 1
    ["сделаем", "сдела"], // verb, group 1
    ["книгами", "книг"], // noun
    ["бывшими", "бывш"], // adjective
    ["важнейшими", "важн"], // adjective, then superlative
    ["длинный", "длин"], // adjective, then undouble н
    ["возможность", "возможн"], // noun ь, then derivational ост in R2
    ["подробностей", "подробн"], // noun, then derivational
    ["актёр", "актер"], // ё folded
    ["берёза", "берез"], // ё folded
  ])("stems %s to %s", (word, want) => {
    expect(stem(KIND.russian, word.replaceAll("ё", "е"))).toBe(want);
  });
});
