// Deno's source-phase import yields a compiled WebAssembly.Module without permissions.
import source wasm from "../toolsift.wasm";
import { initWith } from "../core/module.js";

export * from "../api.js";

/** Loads the core (Deno). */
export function init(source) {
  return initWith(source ?? wasm);
}
