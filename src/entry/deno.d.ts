import type { WasmSource } from "../core/module.js";

export * from "../api.js";

/** Loads the core; pass a module to override the packaged one. */
export declare function init(source?: WasmSource): Promise<void>;
