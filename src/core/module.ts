import { ToolsiftError } from "../errors.js";
import { BUILD_ID_SECTION, type CoreExports } from "./abi.js";

export type { CoreExports };

/** What `init` accepts: a compiled module (Workers require this), or bytes / a Response to compile. */
export type WasmSource =
  | WebAssembly.Module
  | ArrayBuffer
  | ArrayBufferView
  | Response
  | PromiseLike<WebAssembly.Module | ArrayBuffer | ArrayBufferView | Response>;

let compiled: WebAssembly.Module | undefined;

async function compile(source: WasmSource): Promise<WebAssembly.Module> {
  const resolved = await source;
  if (resolved instanceof WebAssembly.Module) return resolved;
  if (typeof Response !== "undefined" && resolved instanceof Response) {
    if (typeof WebAssembly.compileStreaming === "function") {
      try {
        return await WebAssembly.compileStreaming(resolved.clone());
      } catch {
        // A server without the application/wasm type: fall back to bytes below.
      }
    }
    return WebAssembly.compile(await resolved.arrayBuffer());
  }
  return WebAssembly.compile(resolved as BufferSource);
}

// The smallest module using simd128: one function returning `v128.const 0`.
const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11];

/** True when this runtime's WebAssembly has simd128, which the shipped core uses. */
export function simdSupported(): boolean {
  return WebAssembly.validate(new Uint8Array(SIMD_PROBE));
}

/**
 * Loads the core once per realm; everything after is synchronous. Each runtime's entry passes
 * its own default source (a file in Node, `fetch` in browsers, a module import in workerd/Deno).
 */
export async function initWith(source: WasmSource): Promise<void> {
  if (compiled !== undefined) return;
  try {
    compiled = await compile(source);
  } catch (cause) {
    // Asked only once compiling failed: a runtime without simd128 cannot compile the core.
    const simd = simdSupported();
    throw new ToolsiftError(simd ? "wasm_load_failed" : "wasm_unsupported", simd ? "the toolsift WebAssembly module could not be compiled" : "this runtime's WebAssembly lacks simd128", {
      path: simd ? [] : ["simd128"],
      cause,
    });
  }
}

/**
 * Tests and benchmarks only (the package does not export it): makes `module`, e.g. the scalar
 * build (build/toolsift.scalar.wasm), the core that rankers made from now on instantiate.
 * Rankers made before keep theirs.
 */
export function useCoreModule(module: WebAssembly.Module): void {
  compiled = module;
  buildId = undefined;
}

export function isInitialized(): boolean {
  return compiled !== undefined;
}

let buildId: number | undefined;

/**
 * The build id of the loaded core, which every artifact records: a digest of the compiled
 * module (scripts/build-id.mjs), read from its custom section, so no instance is needed.
 */
export function coreBuildId(): number {
  // A module without the section (not stamped by the build) throws a TypeError here: a bug.
  buildId ??= new DataView(WebAssembly.Module.customSections(compiledModule(), BUILD_ID_SECTION)[0]!).getUint32(0, true);
  return buildId;
}

function compiledModule(): WebAssembly.Module {
  if (compiled === undefined) {
    throw new ToolsiftError("not_initialized", "call `await init()` before building or loading an index");
  }
  return compiled;
}

/**
 * A fresh core instance: one per index, so indexes never share memory. The core imports only
 * its memory (idf's logarithm is computed inside, assembly/index/log.ts): a new one of a page,
 * or `memory`, which must be all zeros (the core assumes it and writes no zero data).
 */
export function instantiateCore(memory = new WebAssembly.Memory({ initial: 1 })): CoreExports {
  const instance = new WebAssembly.Instance(compiledModule(), { env: { memory } });
  return instance.exports as unknown as CoreExports;
}
