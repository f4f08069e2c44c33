import { isUsedRecordId, type JournalRecord } from "../journal/record.js";
import { readField } from "../shared/read-field.js";
import type { ToolUse } from "./learn.js";

/**
 * The (request → tool used) pairs of one run's journal: each `used` record whose tool the
 * search ranked (`ranked: true`) joined to the recorded query of that search. A tool the model
 * named in `select` proves nothing about the request's words: the pairing is the model's
 * claim, and a steered model's claim is how learning is poisoned (docs/learning.md). Records
 * that do not fit (a selected tool, a record without `ranked`, a missing search, a select-only
 * search with no query, a forged value) are skipped: a journal is untrusted input, and
 * learning only ever adds ranking words.
 *
 * @example
 * const uses = usesFromJournal(journalFromJsonLines(text).records());
 */
export function usesFromJournal(records: readonly JournalRecord[]): ToolUse[] {
  const queries = new Map<string, string>();
  for (const record of records) {
    const query = readField(record.value, "query");
    if (record.id.endsWith(":search") && typeof query === "string" && query.length > 0) queries.set(record.id, query);
  }
  const uses: ToolUse[] = [];
  for (const record of records) {
    if (!isUsedRecordId(record.id) || readField(record.value, "ranked") !== true) continue;
    const tool = readField(record.value, "used");
    const search = readField(record.value, "search");
    const request = typeof search === "string" ? queries.get(search) : undefined;
    if (typeof tool === "string" && tool.length > 0 && request !== undefined) uses.push({ request, tool });
  }
  return uses;
}
