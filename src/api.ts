// The package's public surface besides `init`: every name is listed here on purpose (no
// `export *`), and test/exports.test.ts fails on any name added or removed without updating
// its snapshot. Each runtime entry (src/entry/*) re-exports this module and adds an `init`
// that differs only in how it obtains the WebAssembly module.
export { Bm25ToolRanker } from "./core/ranker.js";
export type { BuildHooks, HitExplanation, PruningMode, ScoredHit, SearchHit, SearchOptions, TermExplanation, ToolSearchResult } from "./core/ranker.js";
export { VECTOR_FUSION_DEFAULTS } from "./core/vectors.js";
export type { HostVectors, VectorWeights } from "./core/vectors.js";
export { CONFIDENCE_DEFAULTS } from "./core/confidence.js";
export type { ConfidenceOptions } from "./core/confidence.js";
export { RANKER_DEFAULTS, FIELDS } from "./core/options.js";
export type { FieldName, RankerOptions, ResolvedRankerOptions } from "./core/options.js";
export { isInitialized } from "./core/module.js";
export type { WasmSource } from "./core/module.js";
export { ToolsiftError, isToolsiftError } from "./errors.js";
export type { ToolsiftErrorCode } from "./errors.js";
export type { RankedHit, RankedSearch, ToolParamDoc, ToolRanker, ToolRankerFactory, ToolSearchDoc, ToolSearchDocInput } from "./types.js";
export { BUNDLED_STOPWORDS } from "./analysis/stopwords.js";
export { TRANSLATION_LEXICON } from "./analysis/lexicon.js";
export { ENGLISH_SYNONYMS, ENGLISH_SYNONYM_GROUPS } from "./analysis/synonyms.js";
export { LABEL_LIMITS, WITHHELD_DESCRIPTION, skillSearchDocs, tainted, toolSearchDocs } from "./trust/index.js";
export type {
  Catalogue,
  McpToolsList,
  McpToolsListResponse,
  SkillDefinition,
  SkillSearchDocsOptions,
  TaintedText,
  ToolAnnotation,
  ToolAnnotations,
  ToolDefinition,
  ToolSearchDocsOptions,
  ToolSpec,
  TrustJsonSchemaText,
} from "./trust/index.js";
export { FUSION_DEFAULTS, MAX_RANK_ASK, bm25RankerFactory, fuseRankers, withQueryVectors } from "./rankers/index.js";
export type { FusionOptions, RankerInput } from "./rankers/index.js";
export type { ToolsiftWarning, ToolsiftWarningCode, WarningHook } from "./shared/warnings.js";
export {
  GROUP_DEFAULTS,
  SESSION_DEFAULTS,
  TOOL_SEARCH_CEILINGS,
  TOOL_SEARCH_DEFAULTS,
  createToolSearchSession,
} from "./session/index.js";
export type {
  DeferralConfig,
  GroupLoad,
  MenuToolCallOutcome,
  OffMenuCallOutcome,
  SearchCallOutcome,
  SearchGroupHit,
  SearchErrorCode,
  SearchErrorResult,
  SearchToolsHit,
  SearchToolsResult,
  SessionStats,
  SkillActivationResult,
  SkillCallOutcome,
  SkillEngine,
  SkillErrorCode,
  SkillErrorResult,
  ToolCall,
  ToolCallErrorCode,
  ToolCallErrorResult,
  ToolCallOutcome,
  ToolGroupConfig,
  ToolSearchConfig,
  ToolSearchSession,
  ToolSearchSessionConfig,
} from "./session/index.js";
// Types only: the engine itself ships in the "toolsift/skills" entry.
export type { SkillActivationConfig, SkillDiscovery } from "./skills/config.js";
export { InMemoryJournal, JOURNAL_FORMAT, JOURNAL_VERSION, journalFromJsonLines, journalToJsonLines } from "./journal/index.js";
export type { DivergenceMode, Journal, JournalRecord, SearchDecision, SkillDecision } from "./journal/index.js";
