// toolsift in a Cloudflare Worker:
//   GET  /search?q=&limit=     the index's hits as JSON ([{ id, score }], best first)
//   POST /mcp                  MCP `search_tools` over Streamable HTTP (stateless)
//   POST /session/:run/call    one tool call of an agent run whose session lives here:
//                              the run's decisions are journaled in Workers KV (JOURNAL)
import { Bm25ToolRanker, createToolSearchSession, init, isToolsiftError } from "toolsift";
import { KvJournal, resumeSession } from "toolsift/journal-stores";
import catalogue from "../build/catalogue.json";
import index from "../build/index.tsi";
import { mcpResponse } from "./mcp.js";

// Module scope runs once per isolate, inside the 1 s startup limit: the .wasm arrives
// compiled, and the prebuilt index loads with a copy and checks, no re-analysis.
await init();
const ranker = Bm25ToolRanker.load(index);

const json = (body, status = 200) => Response.json(body, { status });

function errorBody(error) {
  if (!isToolsiftError(error)) throw error;
  return { error: { code: error.code, message: error.message, path: error.path } };
}

/** A session over this run's stored journal, brought to where the run left off. */
export async function openSession(env, runId, next) {
  const journal = await KvJournal.open(env.JOURNAL, runId, {
    // The store's own seam; set only by the tests, to see a failing write reported.
    beforeWrite: env.FAIL_JOURNAL_WRITES ? () => Promise.reject(new Error("injected KV write failure")) : undefined,
  });
  const session = createToolSearchSession({ runId, journal, toolSearch: { catalogue, ranker } });
  resumeSession(session, next);
  return { session, journal };
}

async function sessionCall(request, env, runId) {
  const call = await request.json();
  let opened;
  try {
    opened = await openSession(env, runId, call);
    const outcome = opened.session.handleToolCall(call);
    // Answer only once the decision is stored: a failed write is the host's error, and
    // the next request (a fresh session over the store) has the menu without it.
    await opened.journal.flush();
    return json({ outcome, menu: opened.session.menuNames(), records: opened.journal.records().length });
  } catch (error) {
    return json(errorBody(error), isToolsiftError(error, "journal_write_failed") ? 503 : 400);
  }
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/search" && request.method === "GET") {
      const limit = Number(url.searchParams.get("limit") ?? 10);
      try {
        const hits = ranker.rank(url.searchParams.get("q") ?? "", limit);
        return json({ hits: hits.map((hit) => ({ id: hit.id, score: hit.score })) });
      } catch (error) {
        return json(errorBody(error), 400);
      }
    }
    if (url.pathname === "/mcp") {
      return mcpResponse(request, () => createToolSearchSession({ toolSearch: { catalogue, ranker } }));
    }
    const session = /^\/session\/([^/]+)\/call$/u.exec(url.pathname);
    if (session !== null && request.method === "POST") return sessionCall(request, env, decodeURIComponent(session[1]));
    return json({ error: { code: "not_found", message: "GET /search?q=&limit=, POST /mcp, POST /session/:run/call" } }, 404);
  },
};
