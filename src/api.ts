// Everything an entry exports besides `init`. Each runtime entry (src/entry/*) re-exports
// this module and adds an `init` that differs only in how it obtains the WebAssembly module.
export * from "./core/index.js";
export { ToolsiftError, isToolsiftError } from "./errors.js";
export * from "./catalogue/index.js";
export type { ToolsiftErrorCode } from "./errors.js";
export type { RankedHit, ToolParamDoc, ToolRanker, ToolRankerFactory, ToolSearchDoc } from "./types.js";
export { DEFAULT_STOPWORDS } from "./analysis/stopwords.js";
export { DEFAULT_LEXICON } from "./analysis/lexicon.js";
