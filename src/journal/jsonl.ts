import { ToolsiftError } from "../errors.js";
import { InMemoryJournal, type Journal } from "./in-memory.js";

/**
 * The journal as JSON lines: one record per line, each carrying its format and version,
 * so a file can be appended to line by line and concatenated.
 *
 * @example
 * await writeFile("run-1.jsonl", journalToJsonLines(journal));
 */
export function journalToJsonLines(journal: Journal): string {
  return journal
    .records()
    .map((record) => `${JSON.stringify(record)}\n`)
    .join("");
}

/**
 * Reads JSON lines written by `journalToJsonLines` into an `InMemoryJournal`. Blank lines
 * are skipped; a line that is not JSON, not a record of a known format and version, or
 * that repeats an id is an `invalid_journal` error whose path is the 1-based line number.
 *
 * @example
 * const journal = journalFromJsonLines(await readFile("run-1.jsonl", "utf8"));
 */
export function journalFromJsonLines(text: string): InMemoryJournal {
  if (typeof text !== "string") throw new ToolsiftError("invalid_journal", "JSON lines are a string.");
  const journal = new InMemoryJournal();
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line.length === 0) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (cause) {
      throw new ToolsiftError("invalid_journal", `Journal line ${i + 1} is not JSON.`, { path: [i + 1], cause });
    }
    try {
      journal.append(parsed as never);
    } catch (cause) {
      if (cause instanceof ToolsiftError) {
        throw new ToolsiftError("invalid_journal", `Journal line ${i + 1}: ${cause.message}`, { path: [i + 1], cause });
      }
      throw cause;
    }
  }
  return journal;
}
