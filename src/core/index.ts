export { Bm25ToolRanker, MAX_DOCUMENTS, clampLimit } from "./ranker.js";
export type { BuildHooks, HitExplanation, ScoredHit, TermExplanation } from "./ranker.js";
export { DEFAULT_RANKER_OPTIONS, FIELDS, rankerOptionsSchema, resolveRankerOptions } from "./options.js";
export type { FieldName, RankerOptions, ResolvedRankerOptions } from "./options.js";
export { initWith, isInitialized } from "./module.js";
export type { WasmSource } from "./module.js";
export { splitSummary } from "./summary.js";
