export { fingerprint } from "./fingerprint.js";
export { journalFromJsonLines, journalToJsonLines } from "./jsonl.js";
export { InMemoryJournal, MAX_RECORD_ID_LENGTH, checkRecord, type Journal } from "./in-memory.js";
export {
  JOURNAL_FORMAT,
  JOURNAL_VERSION,
  RECORDED_QUERY_LENGTH,
  journalRecord,
  readStoredDecision,
  recordedQuery,
  searchDecisionId,
  type JournalRecord,
  type SearchDecision,
  type SkillDecision,
  type StoredDecision,
} from "./record.js";
export { DecisionLog, type DecisionLookup, type DivergenceMode } from "./replay.js";
