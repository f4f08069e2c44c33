// Workers refuse to compile bytes: the module is imported as a compiled WebAssembly.Module.
import wasm from "../toolsift.wasm";
import { initWith } from "../core/module.js";

export * from "../api.js";

/** Loads the core (Cloudflare Workers). */
export function init(source) {
  return initWith(source ?? wasm);
}
