// `toolsift mcp replay <journal>`: re-serves a recorded gateway session. Its searches are
// answered from the journal's decisions over the catalogue the journal recorded; calls are
// not forwarded (no upstream runs), they answer `replay_only`.
import { ToolsiftError } from "../errors.js";
import { readTextFile, type ReadRequest } from "../io/read-file.js";
import { InMemoryJournal, checkRecord } from "../journal/in-memory.js";
import { JOURNAL_FORMAT, JOURNAL_VERSION, deferralDecisionId, type JournalRecord } from "../journal/record.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { GatewayTool, ToolSource } from "./gateway.js";
import { splitToolId } from "./ids.js";
import { GATEWAY_JOURNAL_FORMAT, GATEWAY_JOURNAL_VERSION, type JournalTool } from "./journal-file.js";

/** A parsed gateway journal: its run id, the decisions, and the union of the catalogues it searched. */
export interface RecordedRun {
  readonly runId: string;
  readonly decisions: InMemoryJournal;
  readonly tools: ReadonlyMap<string, GatewayTool>;
  readonly trusted: readonly string[];
  readonly calls: number;
}

function fail(path: string, line: number, message: string): ToolsiftError {
  return new ToolsiftError("invalid_journal", `${path}:${line}: ${message}`, { path: [path, line] });
}

/**
 * The most bytes of a journal `readRecordedRun` reads by default: 128 MiB, the command line's
 * bound on a JSON file (a catalogue line of the 2,464-tool MCP catalogue is about 2.4 MB).
 */
export const JOURNAL_READ_BYTES = 128 * 1024 * 1024;

/**
 * Reads a journal written by the gateway (`<journal folder>/<runId>.jsonl`): a regular file of
 * at most `maxBytes` (else `file_unreadable` / `input_too_large`, or `tooLarge`'s error).
 */
export function readRecordedRun(path: string, { maxBytes = JOURNAL_READ_BYTES, tooLarge }: Partial<Pick<ReadRequest, "maxBytes" | "tooLarge">> = {}): RecordedRun {
  const text = readTextFile(path, { what: "journal", maxBytes, ...(tooLarge === undefined ? {} : { tooLarge }) });
  const { runId, records, tools, trusted, calls } = parseGatewayJournal(text, path);
  if (runId === undefined) throw fail(path, 1, "the journal has no catalogue line: nothing was searched in this session");
  return { runId, decisions: new InMemoryJournal(records), tools, trusted, calls };
}

/** What a gateway journal's text holds; `runId` is that of its first catalogue line, if any. */
export interface GatewayJournalText {
  readonly runId: string | undefined;
  readonly records: readonly JournalRecord[];
  readonly tools: ReadonlyMap<string, GatewayTool>;
  readonly trusted: readonly string[];
  readonly calls: number;
}

/**
 * Parses the lines of a gateway journal (`path` names it in errors): the session's records
 * (`toolsift.journal` v1) and the gateway's own lines (`toolsift.gateway-journal` v1). A
 * journal the library wrote (`journalToJsonLines`) is one without gateway lines. A line that
 * is not JSON, of another format or version, or that repeats a record's id (but a later
 * generation's deferral decision, which replaces the earlier one) is `invalid_journal` naming
 * the file and the line.
 *
 * @example
 * const { records } = parseGatewayJournal(text, "journal/mcp-1.jsonl");
 */
export function parseGatewayJournal(text: string, path: string): GatewayJournalText {
  const records: JournalRecord[] = [];
  const lineOf = new Map<string, number>();
  let tools = new Map<string, GatewayTool>();
  const trusted = new Set<string>();
  let runId: string | undefined;
  let calls = 0;
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim().length === 0) return;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      throw fail(path, line, "not JSON");
    }
    if (parsed?.["format"] === JOURNAL_FORMAT) {
      let record: JournalRecord;
      try {
        record = checkRecord(parsed, [line]);
      } catch (cause) {
        throw fail(path, line, cause instanceof Error ? cause.message : String(cause));
      }
      // Each catalogue generation's session decides its deferral under the one run id. The
      // replay serves the union of the catalogues, which is the last generation's in a run
      // whose servers came up one by one, so it keeps the last decision, in the first one's
      // place: the first, made before the servers were up, held them all back, and the
      // replay's menu, part of the configuration fingerprint, then differed from the one the
      // searches were recorded under (TOOLSIFT_JOURNAL_CONFIG on an unchanged run).
      const earlier = lineOf.get(record.id);
      if (earlier === undefined) {
        lineOf.set(record.id, records.length);
        records.push(record);
      } else if (record.id === deferralDecisionId(String(runId))) {
        records[earlier] = record;
      } else {
        throw fail(path, line, `repeats the decision id ${JSON.stringify(record.id.slice(0, 120))}`);
      }
      return;
    }
    if (parsed?.["format"] !== GATEWAY_JOURNAL_FORMAT || parsed["v"] !== GATEWAY_JOURNAL_VERSION) {
      const shown = (value: unknown) => (JSON.stringify(value) ?? "none").slice(0, 80);
      throw fail(path, line, `not a toolsift journal line: format ${shown(parsed?.["format"])} v ${shown(parsed?.["v"])} (this toolsift reads ${JOURNAL_FORMAT} v${JOURNAL_VERSION} and ${GATEWAY_JOURNAL_FORMAT} v${GATEWAY_JOURNAL_VERSION})`);
    }
    if (parsed["kind"] === "catalogue") {
      if (typeof parsed["runId"] !== "string" || !Array.isArray(parsed["tools"])) throw fail(path, line, "a catalogue line has runId and tools");
      runId ??= parsed["runId"];
      for (const prefix of Array.isArray(parsed["trusted"]) ? parsed["trusted"] : []) if (typeof prefix === "string") trusted.add(prefix);
      // The union of the catalogues in the latest one's order, then the tools only earlier ones
      // listed: the order is the universe's and the server groups' in the configuration
      // fingerprint, and servers that came up one by one were listed in another order at first.
      const listed = new Map<string, GatewayTool>();
      for (const tool of parsed["tools"] as JournalTool[]) {
        const split = typeof tool?.id === "string" ? splitToolId(tool.id) : undefined;
        if (split === undefined) throw fail(path, line, "a catalogue tool has a server__tool id");
        const definition = { id: tool.id, origin: "remote", server: split.server, ...(typeof tool.description === "string" ? { description: tool.description } : {}), jsonInputSchema: tool.inputSchema ?? { type: "object" } };
        listed.set(tool.id, { id: tool.id, server: split.server, tool: split.tool, definition });
      }
      for (const [id, tool] of tools) if (!listed.has(id)) listed.set(id, tool);
      tools = listed;
    } else if (parsed["kind"] === "call") calls++;
  });
  return { runId, records, tools, trusted: [...trusted], calls };
}

/** The recorded catalogue as a tool source that never changes and forwards nothing. */
export function replaySource(run: RecordedRun): ToolSource {
  return {
    // Nothing outside the journal changes a replay.
    refresh: () => {},
    generation: 0,
    tools: () => run.tools,
    // A recorded run's skills are not in its journal yet: a replay serves tools only.
    skills: () => new Map(),
    trustedPrefixes: () => run.trusted,
    quarantinedTool: () => undefined,
    call: async (id): Promise<CallToolResult> => {
      const data = { code: "replay_only", message: `This is a replay of ${run.runId}: tool ${JSON.stringify(id)} is not called.` };
      return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data, isError: true };
    },
    subscribe: () => () => {},
  };
}
