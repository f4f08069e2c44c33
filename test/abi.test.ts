// The boundary as both sides declare it: the compiled core's exports are exactly
// CORE_EXPORTS (names, kinds and order; `CoreExports` is held to that list by its type), and
// every constant of assembly/abi.ts, compiled alone, has the same value in src/core/abi.ts.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import asc from "assemblyscript/asc";
import { beforeAll, describe, expect, it } from "vitest";
import * as abi from "../src/core/abi.js";
import { Bm25ToolRanker, init } from "../src/index.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

// Constants of the host alone (the artifact format, the options record): no twin in the core.
const HOST_ONLY = /^(BUILD_ID_SECTION$|HEADER_|FLAG_|HOST_SECTION_|OPTIONS_|TABLE_ROW_BYTES$|CHECKSUM_BYTES$)/;

/** assembly/abi.ts compiled as an entry of its own: its constants become exported globals. */
async function compileAbi(): Promise<Record<string, number>> {
  const outputs = new Map<string, Uint8Array>();
  const stderr = asc.createMemoryStream();
  // The stemmer test's config: an explicit one keeps asc from merging ./asconfig.json.
  const result = await asc.main(
    ["assembly/abi.ts", "--config", "assembly/stem/asconfig.stem-test.json", "--outFile", "build/abi-test/abi.wasm", "--baseDir", ROOT],
    {
      stdout: asc.createMemoryStream(),
      stderr,
      writeFile: (name: string, contents: Uint8Array | string) => {
        outputs.set(name, typeof contents === "string" ? new TextEncoder().encode(contents) : new Uint8Array(contents));
      },
    },
  );
  if (result.error) throw new Error(`asc failed: ${result.error.message}\n${stderr.toString()}`);
  const binary = outputs.get("build/abi-test/abi.wasm");
  if (binary === undefined) throw new Error(`asc wrote no module; it wrote ${[...outputs.keys()].join(", ")}`);
  const { exports } = await WebAssembly.instantiate(await WebAssembly.compile(binary as Uint8Array<ArrayBuffer>), {});
  return Object.fromEntries(
    Object.entries(exports)
      .filter((entry): entry is [string, WebAssembly.Global] => entry[1] instanceof WebAssembly.Global)
      .map(([name, global]) => [name, global.value as number]),
  );
}

let coreConstants: Record<string, number>;

beforeAll(async () => {
  coreConstants = await compileAbi();
}, 120_000);

describe("boundary ABI", () => {
  it("the compiled core exports exactly CORE_EXPORTS: names, kinds, order", async () => {
    const module = await WebAssembly.compile(await readFile(new URL("../dist/toolsift.wasm", import.meta.url)));
    const expected = Object.entries(abi.CORE_EXPORTS).map(([name, kind]) => ({ name, kind }));
    expect(WebAssembly.Module.exports(module)).toEqual(expected);
  });

  it("the module carries its build id in one custom section, the one artifacts record", async () => {
    const module = await WebAssembly.compile(await readFile(new URL("../dist/toolsift.wasm", import.meta.url)));
    const sections = WebAssembly.Module.customSections(module, abi.BUILD_ID_SECTION);
    expect(sections.map((section) => section.byteLength)).toEqual([4]);
    await init();
    const artifact = new Bm25ToolRanker([{ id: "a_tool", tags: [], aliases: [] }]).serialize();
    const recorded = new DataView(artifact.buffer, artifact.byteOffset).getUint32(abi.HEADER_BUILD_ID, true);
    expect(recorded).toBe(new DataView(sections[0]!).getUint32(0, true));
  });

  it("every constant of assembly/abi.ts has the same value in src/core/abi.ts", () => {
    const names = Object.keys(coreConstants);
    expect(names.length).toBeGreaterThan(40);
    const host = abi as unknown as Record<string, unknown>;
    for (const name of names) expect([name, host[name]]).toEqual([name, coreConstants[name]]);
  });

  it("every shared constant of src/core/abi.ts is one of the core's", () => {
    const shared = Object.entries(abi).filter(([name, value]) => typeof value === "number" && !HOST_ONLY.test(name));
    expect(shared.length).toBeGreaterThan(40);
    for (const [name, value] of shared) expect([name, coreConstants[name]]).toEqual([name, value]);
  });
});
