import { initWith, type WasmSource } from "../core/module.js";

export * from "../api.js";

// The packaged module sits next to dist/; in the repository the build writes it to build/.
const CANDIDATES = ["../toolsift.wasm", "../../build/toolsift.wasm"];

async function readModuleFile(): Promise<Uint8Array> {
  const { readFile } = await import("node:fs/promises");
  let lastError: unknown;
  for (const candidate of CANDIDATES) {
    try {
      return await readFile(new URL(candidate, import.meta.url));
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/**
 * Loads the core (Node). Pass a module, bytes or a Response to override the packaged file.
 *
 * @example
 * import { init, Bm25ToolRanker } from "toolsift";
 * await init();
 */
export function init(source?: WasmSource): Promise<void> {
  return initWith(source ?? readModuleFile());
}
