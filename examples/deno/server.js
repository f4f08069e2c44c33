// toolsift over Deno.serve (a .js file: Deno's type checker does not read the package's
// source-phase .wasm import):
//   GET  /search?q=&limit=     the index's hits as JSON ([{ id, score }], best first)
//   POST /session/:run/call    one tool call of an agent run, journaled in Deno KV
import { Bm25ToolRanker, createToolSearchSession, init, isToolsiftError } from "toolsift";
import { DenoKvJournal, resumeSession } from "toolsift/journal-stores";
import catalogue from "./build/catalogue.json" with { type: "json" };

await init();
const ranker = Bm25ToolRanker.load(await Deno.readFile(new URL("./build/index.tsi", import.meta.url)));
const kv = await Deno.openKv(Deno.env.get("KV_PATH") ?? "build/journal.kv");
// The store's own seam; set only by the tests, to see a failing write reported.
const beforeWrite = Deno.env.get("FAIL_JOURNAL_WRITES") ? () => Promise.reject(new Error("injected Deno KV write failure")) : undefined;

function failure(error, status) {
  if (!isToolsiftError(error)) throw error;
  return Response.json({ error: { code: error.code, message: error.message, path: error.path } }, { status });
}

async function handle(request) {
  const url = new URL(request.url);
  if (url.pathname === "/search") {
    try {
      const hits = ranker.rank(url.searchParams.get("q") ?? "", Number(url.searchParams.get("limit") ?? 10));
      return Response.json({ hits: hits.map(({ id, score }) => ({ id, score })) });
    } catch (error) {
      return failure(error, 400);
    }
  }
  const run = /^\/session\/([^/]+)\/call$/u.exec(url.pathname)?.[1];
  if (run === undefined || request.method !== "POST") return Response.json({ error: { code: "not_found" } }, { status: 404 });
  const call = await request.json();
  const runId = decodeURIComponent(run);
  try {
    const journal = await DenoKvJournal.open(kv, runId, { beforeWrite });
    const session = createToolSearchSession({ runId, journal, toolSearch: { catalogue, ranker } });
    resumeSession(session, call);
    const outcome = session.handleToolCall(call);
    // Answer once the decision is stored; a failed write reaches the host as its code.
    await journal.flush();
    return Response.json({ outcome, menu: session.menuNames(), records: journal.records().length });
  } catch (error) {
    return failure(error, isToolsiftError(error, "journal_write_failed") ? 503 : 400);
  }
}

Deno.serve({
  hostname: "127.0.0.1",
  port: Number(Deno.env.get("PORT") ?? 8000),
  onListen: ({ port }) => console.log(`listening on http://127.0.0.1:${port}/`),
}, handle);
