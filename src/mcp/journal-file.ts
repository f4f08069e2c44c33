// The gateway's journal (docs/gateway.md "Journal"): one JSON-lines file per downstream
// session. Search and activation decisions are the session's own records; the gateway adds
// lines of its own format for each catalogue the session searched and each forwarded call.
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { InMemoryJournal, type Journal } from "../journal/in-memory.js";
import type { JournalRecord } from "../journal/record.js";

export const GATEWAY_JOURNAL_FORMAT = "toolsift.gateway-journal";
export const GATEWAY_JOURNAL_VERSION = 1;

/** A tool as a catalogue line keeps it: enough to rebuild the search on replay. */
export interface JournalTool {
  readonly id: string;
  readonly description?: string;
  readonly inputSchema?: unknown;
}

export type GatewayLine =
  | { readonly kind: "catalogue"; readonly runId: string; readonly generation: number; readonly trusted: readonly string[]; readonly tools: readonly JournalTool[] }
  | { readonly kind: "load"; readonly turn: number; readonly tools: readonly string[] }
  | { readonly kind: "call"; readonly turn: number; readonly tool: string; readonly via: "call_tool" | "registered"; readonly outcome: string; readonly ms: number };

/** Where a session's journal goes: a file, or nowhere (no `journal` folder configured). */
export interface SessionJournal {
  /** A fresh store for the session's decisions; every record is written through. */
  decisions(): Journal;
  line(line: GatewayLine): void;
}

/** Decisions kept in memory only. */
export const NO_JOURNAL: SessionJournal = { decisions: () => new InMemoryJournal(), line: () => {} };

class WriteThrough extends InMemoryJournal {
  readonly #write: (text: string) => void;
  constructor(write: (text: string) => void) {
    super();
    this.#write = write;
  }
  override append(record: JournalRecord): void {
    // Written first: a record the file lacks would be decided here and missing on replay.
    this.#write(`${JSON.stringify(record)}\n`);
    super.append(record);
  }
}

/** The journal file of run `runId` in `folder` (`<folder>/<runId>.jsonl`). */
export function fileJournal(folder: string, runId: string): SessionJournal & { readonly path: string } {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${runId}.jsonl`);
  const write = (text: string) => appendFileSync(path, text);
  return {
    path,
    decisions: () => new WriteThrough(write),
    line: (line) => write(`${JSON.stringify({ format: GATEWAY_JOURNAL_FORMAT, v: GATEWAY_JOURNAL_VERSION, ...line })}\n`),
  };
}
