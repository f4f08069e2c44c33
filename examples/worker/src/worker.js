// toolsift in a Cloudflare Worker:
//   GET  /search?q=&limit=     the index's hits as JSON ([{ id, score }], best first)
//   POST /mcp                  MCP `search_tools` over Streamable HTTP (stateless)
//   POST /session              opens an agent run: { run, token, expires }
//   POST /session/:run/call    one tool call of that run, with `Authorization: Bearer <token>`;
//                              the run's decisions are journaled in Workers KV (JOURNAL)
// Every request passes authorize() (src/authorize.js) first; every refusal is JSON,
// { error: { code, message } }.
import { Bm25ToolRanker, createToolSearchSession, init, isToolsiftError } from "toolsift";
import { KvJournal, resumeSession } from "toolsift/journal-stores";
import catalogue from "../build/catalogue.json";
import index from "../build/index.tsi";
import { authorize } from "./authorize.js";
import { mcpResponse } from "./mcp.js";
import { checkRun, HttpError, issueRun, runConfig } from "./runs.js";

// Module scope runs once per isolate, inside the 1 s startup limit: the .wasm arrives
// compiled, and the prebuilt index loads with a copy and checks, no re-analysis.
await init();
const ranker = Bm25ToolRanker.load(index);

// A call is { turn, index, name, input }: a search's input is a query of at most 512
// characters, so 16 KiB leaves room and keeps one record (and one KV value) small.
const MAX_BODY_BYTES = 16 * 1024;

const json = (body, status = 200) => Response.json(body, { status });

function errorBody(error) {
  return { error: { code: error.code, message: error.message, path: error.path } };
}

/** The request's body as text, refused once it passes MAX_BODY_BYTES (declared or streamed). */
async function boundedText(request) {
  const tooLarge = () => new HttpError(413, "body_too_large", `A call's body is at most ${MAX_BODY_BYTES} bytes.`);
  if (Number(request.headers.get("content-length")) > MAX_BODY_BYTES) throw tooLarge();
  const chunks = [];
  let size = 0;
  if (request.body !== null) {
    const reader = request.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(read.value);
    }
  }
  const bytes = new Uint8Array(size);
  chunks.reduce((offset, chunk) => (bytes.set(chunk, offset), offset + chunk.byteLength), 0);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, "invalid_json", "The body is not UTF-8 text.");
  }
}

/** The tool call in the body, checked before any session sees it. */
async function readCall(request) {
  let call;
  try {
    call = JSON.parse(await boundedText(request));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, "invalid_json", `The body is not JSON: ${error.message}`);
  }
  const invalid = (message, path) => new HttpError(400, "invalid_tool_call", message, { path });
  if (typeof call !== "object" || call === null || Array.isArray(call)) throw invalid("The body is a JSON object { turn, index, name, input }.", []);
  for (const field of ["turn", "index"]) {
    if (!Number.isSafeInteger(call[field]) || call[field] < 0) throw invalid(`${field} is a non-negative integer.`, [field]);
  }
  if (typeof call.name !== "string") throw invalid("name is a string.", ["name"]);
  return { turn: call.turn, index: call.index, name: call.name, input: call.input };
}

/** A session over this run's stored journal, brought to where the run left off. */
export async function openSession(env, runId, next, expires) {
  // Every key of the run expires when the run does: one expiry for all, so the journal never
  // loses its first records while keeping later ones.
  const store = { get: (key) => env.JOURNAL.get(key), put: (key, value) => env.JOURNAL.put(key, value, { expiration: expires }) };
  const journal = await KvJournal.open(store, runId, {
    // The store's own seam; set only by the tests, to see a failing write reported.
    beforeWrite: env.FAIL_JOURNAL_WRITES ? () => Promise.reject(new Error("injected KV write failure")) : undefined,
  });
  const session = createToolSearchSession({ runId, journal, toolSearch: { catalogue, ranker } });
  resumeSession(session, next);
  return { session, journal };
}

async function sessionCall(env, runId, call, expires) {
  let opened;
  try {
    opened = await openSession(env, runId, call, expires);
    const outcome = opened.session.handleToolCall(call);
    // Answer only once the decision is stored: a failed write is the host's error, and
    // the next request (a fresh session over the store) has the menu without it.
    await opened.journal.flush();
    return json({ outcome, menu: opened.session.menuNames(), records: opened.journal.records().length });
  } catch (error) {
    if (!isToolsiftError(error)) throw error;
    return json(errorBody(error), isToolsiftError(error, "journal_write_failed") ? 503 : 400);
  }
}

const ROUTES = "GET /search?q=&limit=, POST /mcp, POST /session, POST /session/:run/call";

/** The route of a path and the methods it takes (null: any), or null for no route. */
function route(pathname) {
  if (pathname === "/search") return { name: "search", methods: ["GET"] };
  if (pathname === "/mcp") return { name: "mcp", methods: null };
  if (pathname === "/session") return { name: "open", methods: ["POST"] };
  const call = /^\/session\/([^/]+)\/call$/u.exec(pathname);
  // The run id stays as the path has it: issued ids need no escaping, and any other never verifies.
  if (call !== null) return { name: "call", methods: ["POST"], run: call[1] };
  return null;
}

async function respond(request, env) {
  const url = new URL(request.url);
  const target = route(url.pathname);
  if (target === null) throw new HttpError(404, "not_found", `No route ${url.pathname}; the routes are ${ROUTES}.`);
  if (target.methods !== null && !target.methods.includes(request.method)) {
    throw new HttpError(405, "method_not_allowed", `${url.pathname} takes ${target.methods.join(", ")}, not ${request.method}.`, { headers: { allow: target.methods.join(", ") } });
  }
  const caller = await authorize(request, env);
  if (typeof caller !== "string") throw new HttpError(403, "not_authorized", "The caller is not allowed here (authorize in src/authorize.js).");

  if (target.name === "search") {
    const limit = Number(url.searchParams.get("limit") ?? 10);
    const hits = ranker.rank(url.searchParams.get("q") ?? "", limit);
    return json({ hits: hits.map((hit) => ({ id: hit.id, score: hit.score })) });
  }
  if (target.name === "mcp") {
    return mcpResponse(request, () => createToolSearchSession({ toolSearch: { catalogue, ranker } }));
  }
  const config = runConfig(env);
  if (target.name === "open") return json(await issueRun(caller, config), 201);
  // The token first: a caller without it never gets its body read.
  const expires = await checkRun(request, caller, target.run, config);
  return sessionCall(env, target.run, await readCall(request), expires);
}

export default {
  async fetch(request, env) {
    try {
      return await respond(request, env);
    } catch (error) {
      if (error instanceof HttpError) return error.response();
      if (isToolsiftError(error)) return json(errorBody(error), 400);
      // A fault of the Worker itself: logged, and answered in the same shape.
      console.error(error);
      return json({ error: { code: "internal_error", message: "The Worker failed on this request; its log has the cause." } }, 500);
    }
  },
};
