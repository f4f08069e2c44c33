export { MAX_RECORDED_READ, admitRecorded, planLoaded, recordedSet, type LoadBudget } from "./admission.js";
export {
  SESSION_DEFAULTS,
  TOOL_SEARCH_CEILINGS,
  TOOL_SEARCH_DEFAULTS,
  parseSessionConfig,
  type ToolSearchConfig,
  type ToolSearchSessionConfig,
} from "./config.js";
export { GROUP_DEFAULTS, type DeferralConfig, type GroupLoad, type ToolGroupConfig } from "./groups/groups-config.js";
export { MAX_RANK_ROUNDS } from "./live-search.js";
export { Menu, type MenuEntry, type MenuSection } from "./menu.js";
export { MAX_SUGGESTIONS, nearNames } from "./near-names.js";
export {
  ECHOED_NAME_LENGTH,
  type SearchErrorCode,
  type SearchErrorResult,
  type SearchGroupHit,
  type SearchSkillHit,
  type SearchToolsHit,
  type SearchToolsResult,
  type SkillActivationResult,
  type SkillErrorCode,
  type SkillErrorResult,
  type ToolCallErrorCode,
  type ToolCallErrorResult,
} from "./results.js";
export { MAX_QUERY_LENGTH, MAX_SELECT_NAME_LENGTH, parseSearchInput, type SearchInput } from "./search-input.js";
export { searchToolSpec } from "./search-tool-spec.js";
export { ToolSearchSession, createToolSearchSession } from "./session.js";
export type {
  MenuToolCallOutcome,
  OffMenuCallOutcome,
  SearchCallOutcome,
  SessionStats,
  SkillCallOutcome,
  ToolCall,
  ToolCallOutcome,
} from "./types.js";
export type { SessionSkillSet, SkillCatalogue, SkillEngine, SkillHost, SkillSearch } from "./skill-engine.js";
