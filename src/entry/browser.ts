import { initWith, type WasmSource } from "../core/module.js";
import { wasmUrl } from "./wasm-url.js";

export * from "../api.js";

/**
 * Loads the core (browsers and other `fetch` runtimes). Pass a module, bytes or a Response
 * to override the packaged file.
 *
 * @example
 * import { init, Bm25ToolRanker } from "toolsift";
 * await init();
 */
export function init(source?: WasmSource): Promise<void> {
  return initWith(source ?? fetch(wasmUrl()));
}
