import { ToolsiftError } from "../../errors.js";
import { deferralDecisionId, readStoredDecision, recordField } from "../record.js";

/**
 * What `resumeSession` needs of a session (a port, so the journal names no session module):
 * its journal, its meta-tools and its entry point. Resuming reads no outcome: the records
 * answer, and the session keeps what each call changed.
 */
interface Resumable {
  readonly runId: string;
  readonly journal: { records(): readonly { readonly id: string; readonly value: unknown }[] };
  readonly searchToolName?: string | undefined;
  readonly skillToolName?: string | undefined;
  handleToolCall(call: { turn: number; index: number; name: string; input: unknown }): unknown;
}

const CALL_ID = /^(.*)#turn:(\d+):tool:(\d+):(search|skill|blind|used)$/u;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

/**
 * Brings a session opened over a stored journal to where the run left off, by making again,
 * in order, each call that wrote a record: the records answer (no ranking), so the next call
 * finds the menu, the active skills and the usage bookkeeping it had. Every record a session
 * writes is resumed: a search (its recorded query and phrasings, or its recorded names, and
 * its groups), a skill activation, a blind call, a `used` record (the tool call that wrote
 * it, which writes nothing again); a run's deferral record is read when the session is
 * created. For a host that keeps no session between requests (a Worker, a Deno server): open
 * the store, create the session, `resumeSession`, then handle the new call. `next` is the
 * call about to be handled: when the journal already holds it (a host retrying a call whose
 * answer it lost), resuming stops before it, so that call is answered from its record and
 * stored once. A record of another run, of an unknown kind, or one this session cannot make
 * again (a skill activation without skills) is `invalid_journal` naming it. Returns the
 * records replayed.
 *
 * @example
 * const journal = await KvJournal.open(env.JOURNAL, runId);
 * const session = createToolSearchSession({ runId, journal, toolSearch: { catalogue } });
 * resumeSession(session, call);
 * const outcome = session.handleToolCall(call);
 * await journal.flush();
 */
export function resumeSession(session: Resumable, next?: { readonly turn: number; readonly index: number }, toolName?: string): number {
  const searchTool = toolName ?? session.searchToolName ?? "search_tools";
  const records = session.journal.records();
  let replayed = 0;
  for (const [position, record] of records.entries()) {
    const refuse = (reason: string): never => {
      throw new ToolsiftError("invalid_journal", `Record ${JSON.stringify(record.id.slice(0, 120))} ${reason}`, { path: [position] });
    };
    // Decided when the session was created (the first record of a run with groups).
    if (record.id === deferralDecisionId(session.runId)) continue;
    const match = CALL_ID.exec(record.id);
    if (match === null || match[1] !== session.runId) refuse(`is not a decision of run ${JSON.stringify(session.runId)}.`);
    const turn = Number(match![2]);
    const index = Number(match![3]);
    if (next !== undefined && next.turn === turn && next.index === index) break;
    const call = (name: string, input: unknown = {}) => session.handleToolCall({ turn, index, name, input });
    switch (match![4]) {
      case "search":
        call(searchTool, searchInput(record.value, searchTool));
        break;
      case "skill": {
        const skill = recordField(record.value, "skill");
        if (session.skillToolName === undefined) refuse("activates a skill; this session has no skills.");
        if (typeof skill !== "string") refuse("names no skill.");
        call(session.skillToolName!, { name: skill });
        break;
      }
      default: {
        // A blind call names its tool `tool`; a used record, `used`.
        const name = recordField(record.value, match![4] === "blind" ? "tool" : "used");
        if (typeof name !== "string") refuse("names no tool.");
        call(name as string);
      }
    }
    replayed++;
  }
  return replayed;
}

// The input that asks for a recorded search again. The record answers it (the session
// re-admits what it holds), so the input only has to match the record: its query and
// phrasings, its groups, and a page that covers every recorded result (tools and skills).
// A call that only selected is asked with the names it returned; with none, with a name
// that is never a result (the search tool's own), since the record holds the answer.
function searchInput(value: unknown, searchTool: string): Record<string, unknown> {
  const stored = readStoredDecision(value);
  const query = typeof stored.query === "string" ? stored.query : "";
  const results = strings(stored.results);
  const groups = strings(stored.groups);
  const limit = Math.max(1, results.length + strings(stored.skills).length);
  const select = query.length > 0 ? [] : results.length > 0 || groups.length > 0 ? results : [searchTool];
  const input: Record<string, unknown> = { limit };
  if (query.length > 0) input.query = query;
  if (Array.isArray(stored.alternatives)) input.alternatives = stored.alternatives;
  if (groups.length > 0) input.group = groups[0];
  const named = [...select, ...groups.slice(1).map((group) => `group:${group}`)];
  if (named.length > 0) input.select = named;
  return input;
}
