import { ToolsiftError } from "../../errors.js";
import { readStoredDecision } from "../record.js";
import type { ToolCallOutcome } from "../../session/types.js";

/** What `resumeSession` needs of a session: its journal and its entry point. */
interface Resumable {
  readonly runId: string;
  readonly journal: { records(): readonly { readonly id: string; readonly value: unknown }[] };
  handleToolCall(call: { turn: number; index: number; name: string; input: unknown }): ToolCallOutcome;
}

const SEARCH_ID = /^(.*)#turn:(\d+):tool:(\d+):search$/u;

/**
 * Brings a session opened over a stored journal to where the run left off, by replaying
 * each recorded search in order (no ranking: the records answer), so the next call finds
 * the menu it had. For a host that keeps no session between requests (a Worker, a Deno
 * server): open the store, create the session, `resumeSession`, then handle the new call.
 * `next` is the call about to be handled: when the journal already holds it (a host retrying
 * a call whose answer it lost), resuming stops before it, so that call is answered from
 * its record and stored once. A record of another run or of a skill activation is
 * `invalid_journal` naming it. Returns the records replayed.
 *
 * @example
 * const journal = await KvJournal.open(env.JOURNAL, runId);
 * const session = createToolSearchSession({ runId, journal, toolSearch: { catalogue } });
 * resumeSession(session, call);
 * const outcome = session.handleToolCall(call);
 * await journal.flush();
 */
export function resumeSession(session: Resumable, next?: { readonly turn: number; readonly index: number }, toolName = "search_tools"): number {
  const records = session.journal.records();
  let replayed = 0;
  for (const [position, record] of records.entries()) {
    const match = SEARCH_ID.exec(record.id);
    if (match === null || match[1] !== session.runId) {
      throw new ToolsiftError("invalid_journal", `Record ${JSON.stringify(record.id.slice(0, 120))} is not a search of run ${JSON.stringify(session.runId)}; only searches are resumed.`, {
        path: [position],
      });
    }
    const turn = Number(match[2]);
    const index = Number(match[3]);
    if (next !== undefined && next.turn === turn && next.index === index) break;
    const stored = readStoredDecision(record.value);
    // The recorded query, or the recorded names for a call that only selected; the limit
    // covers every recorded result, so the replay is clipped to nothing it had.
    const query = typeof stored.query === "string" ? stored.query : "";
    const results = Array.isArray(stored.results) ? stored.results.filter((id): id is string => typeof id === "string") : [];
    const limit = Math.max(1, results.length);
    const input = query.length > 0 ? { query, limit } : { select: results, limit };
    session.handleToolCall({ turn, index, name: toolName, input });
    replayed++;
  }
  return replayed;
}
