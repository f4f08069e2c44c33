// The shipped core uses WebAssembly simd128 (docs/performance.md "Query: SIMD"); the scalar
// build (asconfig.json "scalar") is the same source without it. Both rank bit for bit alike
// (ids, order, Object.is scores) on random catalogues and on a fixed sample of every benchmark
// query set; the shipped build really holds SIMD instructions; a runtime without simd128 gets
// a typed error naming it.
import { readFileSync } from "node:fs";
import type Binaryen from "binaryen";
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadCatalogue, replicateCatalogue } from "../bench/lib/datasets.js";
import type { CoreExports } from "../src/core/abi.js";
import { useCoreModule } from "../src/core/module.js";
import { ToolsiftError } from "../src/errors.js";
import { Bm25ToolRanker, init } from "../src/index.js";
import type { ToolSearchDoc } from "../src/types.js";
import { buildBytes, compileBuild, type CoreBuild } from "./helpers/builds.js";
import { caseArb, docArb, queryArb, vocabularyArb } from "./oracle/arbitraries.js";

type Hits = readonly { id: string; score: number }[];
type Options = ConstructorParameters<typeof Bm25ToolRanker>[1];

/** Throws a readable error unless both lists hold the same ids in order with Object.is scores. */
function assertSame(simd: Hits, scalar: Hits, what: string): void {
  const length = Math.max(simd.length, scalar.length);
  for (let rank = 0; rank < length; rank++) {
    const left = simd[rank];
    const right = scalar[rank];
    if (left?.id !== right?.id || !Object.is(left?.score, right?.score)) {
      throw new Error(`${what}: rank ${rank} of ${simd.length}/${scalar.length}: simd ${left?.id} ${left?.score}, scalar ${right?.id} ${right?.score}`);
    }
  }
}

const modules = {} as Record<CoreBuild, WebAssembly.Module>;

// What binaryen's validator printed. binaryen prints through the console.error it finds when it
// loads (it keeps its own bound copy), so the module is loaded with that pointed here.
const validatorOutput: string[] = [];
async function loadBinaryen(): Promise<typeof Binaryen> {
  const original = console.error;
  console.error = (...args: unknown[]) => void validatorOutput.push(args.map(String).join(" "));
  try {
    return (await import("binaryen")).default;
  } finally {
    console.error = original;
  }
}

/** The same catalogue indexed by each build. */
function rankers(docs: readonly ToolSearchDoc[], options?: Options): Record<CoreBuild, Bm25ToolRanker> {
  const made = {} as Record<CoreBuild, Bm25ToolRanker>;
  for (const build of ["simd", "scalar"] as const) {
    useCoreModule(modules[build]);
    made[build] = new Bm25ToolRanker(docs, options);
  }
  useCoreModule(modules.simd);
  return made;
}

function compare(pair: Record<CoreBuild, Bm25ToolRanker>, query: string, limit: number, what: string): void {
  for (const mode of ["off", "always"] as const) {
    assertSame(pair.simd.setPruning(mode).rank(query, limit), pair.scalar.setPruning(mode).rank(query, limit), `${what}, pruning ${mode}`);
  }
}

// Copies of a few random tools, so that postings run long enough for whole vectors and blocks.
const replicatedArb = vocabularyArb.chain((vocabulary) =>
  fc.record({
    tools: fc.uniqueArray(docArb(vocabulary), { selector: (doc) => doc.id, minLength: 1, maxLength: 8 }),
    copies: fc.integer({ min: 1, max: 120 }),
    queries: fc.array(queryArb(vocabulary), { minLength: 1, maxLength: 4 }),
    limit: fc.integer({ min: 1, max: 40 }),
  }),
);

describe("SIMD and scalar builds", () => {
  beforeAll(async () => {
    await init();
    modules.simd = await compileBuild("simd");
    modules.scalar = await compileBuild("scalar");
  });

  it("are two builds: one with SIMD instructions, one without", async () => {
    // binaryen validates a module against the features it is told: without simd the shipped
    // build must fail (it holds v128 instructions), the scalar one must pass.
    const binaryen = await loadBinaryen();
    const withoutSimd = binaryen.Features.All & ~(binaryen.Features.SIMD128 | binaryen.Features.RelaxedSIMD);
    const validWithout = async (build: CoreBuild) => {
      const module = binaryen.readBinary(await buildBytes(build));
      try {
        module.setFeatures(withoutSimd);
        return module.validate() === 1;
      } finally {
        module.dispose();
      }
    };
    expect(await validWithout("simd")).toBe(false);
    // The validator says why, once per offending function (over a thousand lines): held here, not printed.
    expect(validatorOutput.join("\n")).toContain("SIMD operations require SIMD [--enable-simd]");
    validatorOutput.length = 0;
    expect(await validWithout("scalar")).toBe(true);
    expect(validatorOutput).toEqual([]);
    const flag = (build: CoreBuild) => (new WebAssembly.Instance(modules[build], { env: { memory: new WebAssembly.Memory({ initial: 1 }) } }).exports.SIMD_BUILD as WebAssembly.Global).value;
    expect([flag("simd"), flag("scalar")]).toEqual([1, 0]);
  });

  it("scan host vectors to the same dot products (property)", () => {
    const vectorsArb = fc.integer({ min: 1, max: 70 }).chain((dims) =>
      fc.array(fc.array(fc.integer({ min: -128, max: 127 }), { minLength: dims, maxLength: dims }), { minLength: 2, maxLength: 12 }),
    );
    const scan = (build: CoreBuild, rows: readonly (readonly number[])[]): number[] => {
      const core = new WebAssembly.Instance(modules[build], { env: { memory: new WebAssembly.Memory({ initial: 1 }) } }).exports as unknown as CoreExports;
      const dims = rows[0]!.length;
      const stride = (dims + 15) & ~15;
      const block = core.prepareVectors(rows.length - 1, dims);
      const bytes = new Int8Array(core.memory.buffer, block, rows.length * stride);
      rows.forEach((row, index) => bytes.set(row, index * stride));
      core.scanVectors();
      return [...new Int32Array(core.memory.buffer, block + rows.length * stride, rows.length - 1)];
    };
    fc.assert(
      fc.property(vectorsArb, (rows) => {
        const expected = rows.slice(0, -1).map((row) => row.reduce((sum, value, at) => sum + value * rows.at(-1)![at]!, 0));
        expect(scan("simd", rows)).toEqual(expected);
        expect(scan("scalar", rows)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it("rank random catalogues bit for bit alike (property)", () => {
    fc.assert(
      fc.property(caseArb, (testCase) => {
        const pair = rankers(testCase.docs, testCase.options);
        for (const query of testCase.queries) compare(pair, query, Infinity, `query ${JSON.stringify(query)}`);
      }),
      { numRuns: 150, interruptAfterTimeLimit: 15_000 },
    );
    fc.assert(
      fc.property(replicatedArb, ({ tools, copies, queries, limit }) => {
        const docs: ToolSearchDoc[] = [];
        for (let copy = 0; copy < copies; copy++) for (const tool of tools) docs.push({ ...tool, id: `c${copy}_${tool.id}` });
        const pair = rankers(docs);
        for (const query of queries) for (const cut of [limit, Infinity]) compare(pair, query, cut, `${docs.length} tools, limit ${cut}, query ${JSON.stringify(query)}`);
      }),
      { numRuns: 60, interruptAfterTimeLimit: 15_000 },
    );
  });

  it("rank a sample of every benchmark query set bit for bit alike", () => {
    const mcp = loadCatalogue("mcp-catalogue");
    if (!mcp.ok) throw new Error(mcp.reason);
    const files = [
      "bench/data/livemcpbench/queries.json",
      "bench/data/metatool/queries.json",
      "bench/data/seal-tools/queries.json",
      "bench/data/toolbench-stable/queries.json",
      "test/fixtures/queries-en.json",
      "test/fixtures/queries-ru.json",
      "test/fixtures/queries-zh.json",
    ];
    // Every 1 in `step` of each set, about 30 queries per set, plus the tool ids as short queries.
    const queries: string[] = [];
    for (const file of files) {
      const set = JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), "utf8")) as { query: string }[];
      const step = Math.max(1, Math.floor(set.length / 30));
      for (let index = 0; index < set.length; index += step) queries.push(set[index]!.query);
    }
    for (let index = 0; index < mcp.value.length; index += 61) queries.push(mcp.value[index]!.id.replace(/__|_/g, " "));
    let compared = 0;
    // 70,000 tools: wide (u32) posting entries.
    for (const size of [mcp.value.length, 10_000, 70_000]) {
      const pair = rankers(replicateCatalogue(mcp.value, size));
      for (const query of queries) {
        for (const limit of [1, 10, 50]) compare(pair, query, limit, `${size} tools, limit ${limit}, query ${JSON.stringify(query)}`);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(3 * 200);
  }, 120_000);
});

describe("a runtime without simd128", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  // A fresh copy of the module loader (init compiles once per realm), whose compile fails as a
  // runtime without simd128 fails it.
  async function initFailing(validate: boolean): Promise<unknown> {
    vi.resetModules();
    const fresh = await import("../src/core/module.js");
    vi.spyOn(WebAssembly, "compile").mockRejectedValue(new WebAssembly.CompileError("invalid type: v128"));
    const probe = vi.spyOn(WebAssembly, "validate").mockReturnValue(validate);
    try {
      await fresh.initWith(await buildBytes("simd"));
    } catch (error) {
      expect(probe).toHaveBeenCalledTimes(1);
      return error;
    }
    throw new Error("init succeeded");
  }

  it("gets a typed wasm_unsupported error naming simd128", async () => {
    const error = await initFailing(false);
    // A fresh copy of the errors module too: its class, not this file's.
    expect((error as ToolsiftError).name).toBe("ToolsiftError");
    expect((error as ToolsiftError).code).toBe("wasm_unsupported");
    expect((error as ToolsiftError).path).toEqual(["simd128"]);
    expect((error as ToolsiftError).message).toContain("simd128");
  });

  it("while a runtime with it that cannot compile the module gets wasm_load_failed", async () => {
    const error = await initFailing(true);
    expect((error as ToolsiftError).code).toBe("wasm_load_failed");
  });

  it("is told apart by the probe, which this runtime validates", async () => {
    const { simdSupported } = await import("../src/core/module.js");
    expect(simdSupported()).toBe(true);
  });
});
