// What a provider's prompt cache keeps of a 30-turn agent run over the MCP catalogue
// (data/mcp-catalogue.json, 2,464 tools of 89 servers), four ways to give the model its tools:
//
//   upfront    every tool in the request's tools, as a client connected to all servers lists them
//   append     toolsift mcp, menu "append": found tools join tools/list (list_changed)
//   bridge     toolsift mcp, menu "bridge": tools/list fixed, found tools called through call_tool
//   anthropic  the Anthropic adapter: every tool declared with defer_loading, searches answered
//              with tool_reference blocks
//
// A provider caches the prompt from its start: the tools, then the system prompt, then the
// messages. Each request is serialized in that order; the part after the longest prefix it
// shares with the previous request is re-sent uncached. For `anthropic` the prompt holds the
// undeferred tools only, and each tool_reference in the messages stands for the definition it
// names, inline where it is ("Deferred tools are not included in the system-prompt prefix";
// Anthropic's tool-use-with-prompt-caching page). The gateway runs in this process over a
// source that serves the catalogue (every server trusted, so every way shows the same text)
// and answers each call with a fixed result. The session's defaults: maxPerSearch 5,
// maxLoaded 20; each search asks for 2 tools.
//
//   npx tsx bench/gateway-cache.ts
import { readFileSync } from "node:fs";
import type { ContentBlockParam, MessageParam, TextBlockParam, Tool as AnthropicTool, ToolResultBlockParam, ToolUseBlock } from "@anthropic-ai/sdk/resources/messages/messages";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { anthropicToolSearch } from "../src/adapters/anthropic.js";
import { init } from "../src/entry/node.js";
import { GATEWAY_DEFAULTS, gatewayDeferral, type GatewayMenu } from "../src/mcp/config.js";
import { DownstreamSession } from "../src/mcp/downstream.js";
import type { GatewayTool, ToolSource } from "../src/mcp/gateway.js";
import { createToolSearchSession } from "../src/session/session.js";
import { MCP_CATALOGUE_FILE } from "./lib/datasets.js";
import { isMain, markdownTable, writeJson, writeText } from "./lib/harness.js";

/** One user turn: the request, the tool that serves it, and the search that finds the tool the first time. */
interface Turn {
  readonly ask: string;
  readonly tool: string;
  readonly query?: string;
  readonly args: Record<string, unknown>;
}

// Ten tools of ten servers, each found once by a search and used again later.
const TURNS: readonly Turn[] = [
  { ask: "Show me what is in notes/todo.md.", tool: "filesystem__read_text_file", query: "read a text file", args: { path: "notes/todo.md" } },
  { ask: "Open a GitHub issue in acme/web: the login button is misaligned on mobile.", tool: "github__create_issue", query: "create a github issue", args: { owner: "acme", repo: "web", title: "Login button misaligned on mobile" } },
  { ask: "Also read notes/release.md.", tool: "filesystem__read_text_file", args: { path: "notes/release.md" } },
  { ask: "Tell #eng on Slack that the release moves to Thursday.", tool: "slack__slack_post_message", query: "post a message to a slack channel", args: { channel_id: "C024ENG", text: "The release moves to Thursday." } },
  { ask: "Open another issue: dark mode colours are wrong in settings.", tool: "github__create_issue", args: { owner: "acme", repo: "web", title: "Dark mode colours wrong in settings" } },
  { ask: "Put a 30-minute release sync on my calendar tomorrow at 10.", tool: "google-calendar__create-event", query: "create a calendar event", args: { calendarId: "primary", summary: "Release sync", start: "2026-03-03T10:00:00", end: "2026-03-03T10:30:00" } },
  { ask: "Post the sync time in #eng.", tool: "slack__slack_post_message", args: { channel_id: "C024ENG", text: "Release sync tomorrow 10:00." } },
  { ask: "Read notes/changelog.md.", tool: "filesystem__read_text_file", args: { path: "notes/changelog.md" } },
  { ask: "Email the release notes to qa@acme.test.", tool: "gmail__send_email", query: "send an email", args: { to: ["qa@acme.test"], subject: "Release notes", body: "Attached below." } },
  { ask: "File an issue: the changelog misses the API change.", tool: "github__create_issue", args: { owner: "acme", repo: "web", title: "Changelog misses the API change" } },
  { ask: "How many orders failed yesterday? Ask the database.", tool: "postgres__query", query: "run a sql query", args: { sql: "select count(*) from orders where status = 'failed' and day = current_date - 1" } },
  { ask: "Post that number to #ops.", tool: "slack__slack_post_message", args: { channel_id: "C031OPS", text: "Failed orders yesterday: 42." } },
  { ask: "Run the failed-orders query for last week.", tool: "postgres__query", args: { sql: "select day, count(*) from orders where status = 'failed' group by day" } },
  { ask: "Fetch the last 100 log lines of pod checkout-7f9 in prod.", tool: "kubernetes__kubectl_logs", query: "get the logs of a kubernetes pod", args: { resourceType: "pod", name: "checkout-7f9", namespace: "prod", tail: 100 } },
  { ask: "Open an issue for the checkout crash in those logs.", tool: "github__create_issue", args: { owner: "acme", repo: "checkout", title: "Crash on empty cart" } },
  { ask: "Read notes/oncall.md.", tool: "filesystem__read_text_file", args: { path: "notes/oncall.md" } },
  { ask: "Search the web for the error ECONNRESET in undici.", tool: "brave-search__brave_web_search", query: "search the web", args: { query: "undici ECONNRESET" } },
  { ask: "Logs of checkout-7f9 again, the previous container.", tool: "kubernetes__kubectl_logs", args: { resourceType: "pod", name: "checkout-7f9", namespace: "prod", previous: true } },
  { ask: "Email the on-call summary to oncall@acme.test.", tool: "gmail__send_email", args: { to: ["oncall@acme.test"], subject: "On-call summary", body: "Checkout crash, fixed." } },
  { ask: "Count yesterday's sign-ups.", tool: "postgres__query", args: { sql: "select count(*) from signups where day = current_date - 1" } },
  { ask: "Find unresolved Sentry issues of the checkout service.", tool: "sentry__search_issues", query: "search sentry issues", args: { organizationSlug: "acme", query: "is:unresolved checkout" } },
  { ask: "Tell #eng what Sentry found.", tool: "slack__slack_post_message", args: { channel_id: "C024ENG", text: "Sentry: 3 unresolved checkout issues." } },
  { ask: "Search the web for the undici changelog.", tool: "brave-search__brave_web_search", args: { query: "undici changelog" } },
  { ask: "Put a postmortem review on Friday at 15:00.", tool: "google-calendar__create-event", args: { calendarId: "primary", summary: "Postmortem review", start: "2026-03-06T15:00:00", end: "2026-03-06T16:00:00" } },
  { ask: "Add a to-do: write the checkout postmortem.", tool: "todoist__create_tasks", query: "create tasks in todoist", args: { items: [{ content: "Write the checkout postmortem" }] } },
  { ask: "Search Sentry for new issues in payments.", tool: "sentry__search_issues", args: { organizationSlug: "acme", query: "is:new payments" } },
  { ask: "Open an issue for the payments regression.", tool: "github__create_issue", args: { owner: "acme", repo: "payments", title: "Regression in refunds" } },
  { ask: "Email the postmortem invite to eng@acme.test.", tool: "gmail__send_email", args: { to: ["eng@acme.test"], subject: "Postmortem Friday 15:00", body: "Please join." } },
  { ask: "Add a to-do: rotate the checkout API key.", tool: "todoist__create_tasks", args: { items: [{ content: "Rotate the checkout API key" }] } },
  { ask: "Read notes/postmortem-template.md.", tool: "filesystem__read_text_file", args: { path: "notes/postmortem-template.md" } },
];

const SEARCH_LIMIT = 2;
const SYSTEM =
  "You are a careful assistant for an engineering team. Use the tools you have to do what the user asks, one step at a time. " +
  "Answer briefly once the task is done, and say what you did. Never invent the result of a tool.";

/** A tool as a Messages API request declares it. */
type WireTool = AnthropicTool;

/** One way of giving the model its tools: what a request holds and how the model's calls are answered. */
interface Way {
  readonly name: string;
  /** The request's tools, as sent. */
  tools(): WireTool[];
  /** The tools in the cached prompt (all of `tools()` but deferred ones). */
  promptTools(): WireTool[];
  readonly system: string;
  /** Whether the model searches before it first uses a tool. */
  readonly searches: boolean;
  search(use: ToolUseBlock, messages: MessageParam[]): Promise<ToolResultBlockParam>;
  /** The tool_use the model makes to call `turn.tool`. */
  callUse(id: string, turn: Turn): ToolUseBlock;
  call(use: ToolUseBlock, messages: MessageParam[]): Promise<ToolResultBlockParam>;
  /** The messages as the prompt holds them (a tool_reference stands for its definition). */
  promptMessages(messages: MessageParam[]): unknown[];
}

interface CatalogueEntry {
  readonly id: string;
  readonly server: string;
  readonly description: string;
  readonly params: readonly { readonly name: string; readonly description?: string }[];
}

// The catalogue keeps parameter names and descriptions, not types: each tool's schema is
// rebuilt from them (real schemas, with types and `required`, are larger).
function mcpTools(): Tool[] {
  const entries = JSON.parse(readFileSync(MCP_CATALOGUE_FILE, "utf8")) as CatalogueEntry[];
  return entries.map((entry) => ({
    name: entry.id,
    description: entry.description,
    inputSchema: { type: "object", properties: Object.fromEntries(entry.params.map((param) => [param.name, param.description === undefined ? {} : { description: param.description }])) },
  }));
}

function serverOf(id: string): string {
  return id.slice(0, id.indexOf("__"));
}

// What every call answers: the same bytes in every way.
function upstreamText(turn: Turn): string {
  const rows = Array.from({ length: 6 }, (_, index) => `{"row":${index + 1},"status":"ok","note":"step ${index + 1} of ${turn.tool} finished"}`);
  return `{"tool":${JSON.stringify(turn.tool)},"args":${JSON.stringify(turn.args)},"rows":[${rows.join(",")}]}`;
}

function wireTool(tool: Tool): WireTool {
  return { name: tool.name, description: tool.description ?? "", input_schema: { ...tool.inputSchema, type: "object" } };
}

function resultBlock(id: string, result: CallToolResult): ToolResultBlockParam {
  const content = result.content.map((part) => ({ type: "text" as const, text: part.type === "text" ? part.text : JSON.stringify(part) }));
  return result.isError === true ? { type: "tool_result", tool_use_id: id, content, is_error: true } : { type: "tool_result", tool_use_id: id, content };
}

function use(id: string, name: string, input: unknown): ToolUseBlock {
  return { type: "tool_use", id, name, input } as ToolUseBlock;
}

// The calls' answers, by the turn they serve (the bench's "upstream").
let currentTurn: Turn | undefined;

function upfront(tools: Tool[]): Way {
  const wire = tools.map(wireTool);
  return {
    name: "upfront",
    tools: () => wire,
    promptTools: () => wire,
    system: SYSTEM,
    searches: false,
    search: () => Promise.reject(new Error("upfront does not search")),
    callUse: (id, turn) => use(id, turn.tool, turn.args),
    call: async (toolUse) => resultBlock(toolUse.id, { content: [{ type: "text", text: upstreamText(currentTurn!) }] }),
    promptMessages: (messages) => messages,
  };
}

function catalogueSource(tools: Tool[]): ToolSource {
  const catalogue = new Map<string, GatewayTool>();
  for (const tool of tools) {
    const server = serverOf(tool.name);
    const definition = { id: tool.name, origin: "remote", server, description: tool.description!, jsonInputSchema: tool.inputSchema };
    catalogue.set(tool.name, { id: tool.name, server, tool: tool.name.slice(server.length + 2), definition });
  }
  const trusted = [...new Set(tools.map((tool) => `${serverOf(tool.name)}__`))];
  return {
    refresh: () => {},
    generation: 0,
    tools: () => catalogue,
    skills: () => new Map(),
    trustedPrefixes: () => trusted,
    quarantinedTool: () => undefined,
    serverStatus: () => "ready",
    call: async () => ({ content: [{ type: "text", text: upstreamText(currentTurn!) }] }),
    subscribe: () => () => {},
  };
}

function gateway(tools: Tool[], menu: GatewayMenu): Way {
  const { maxPerSearch, maxLoaded, maxSearches } = GATEWAY_DEFAULTS;
  const downstream = new DownstreamSession(catalogueSource(tools), { runId: `bench-${menu}`, caps: { maxPerSearch, maxLoaded, maxSearches, deferral: gatewayDeferral(maxLoaded), menu }, version: "bench" });
  // The client re-lists on list_changed: each request carries the list as it is then.
  const listed = () => downstream.listTools().map(wireTool);
  return {
    name: menu,
    tools: listed,
    promptTools: listed,
    system: SYSTEM,
    searches: true,
    search: async (toolUse) => resultBlock(toolUse.id, await downstream.callTool(toolUse.name, toolUse.input as Record<string, unknown>)),
    callUse: (id, turn) => (menu === "bridge" ? use(id, "call_tool", { name: turn.tool, arguments: turn.args }) : use(id, turn.tool, turn.args)),
    call: async (toolUse) => resultBlock(toolUse.id, await downstream.callTool(toolUse.name, toolUse.input as Record<string, unknown>)),
    promptMessages: (messages) => messages,
  };
}

function anthropic(tools: Tool[]): Way {
  // The adapter as docs/adapters.md shows it: one session over the catalogue, its defaults.
  const catalogue = tools.map((tool) => ({ id: tool.name, server: serverOf(tool.name), description: tool.description!, jsonInputSchema: tool.inputSchema }));
  const session = createToolSearchSession({ runId: "bench-anthropic", toolSearch: { catalogue, trustJsonSchemaText: true } });
  const claude = anthropicToolSearch(session);
  const eager = claude.tools.filter((tool) => !("defer_loading" in tool && tool.defer_loading === true));
  const definitions = new Map(claude.tools.map((tool) => [tool.name, { name: tool.name, description: tool.description, input_schema: tool.input_schema }]));
  const answer = (toolUse: ToolUseBlock, messages: MessageParam[]): ToolResultBlockParam => {
    const [call] = claude.handle({ content: [toolUse] }, messages);
    if (call!.result !== undefined) return call!.result;
    return claude.toolResult(call!.host!, upstreamText(currentTurn!));
  };
  return {
    name: "anthropic",
    tools: () => [...claude.tools],
    promptTools: () => eager,
    system: [SYSTEM, ...claude.system.map((block) => block.text)].join("\n\n"),
    searches: true,
    search: async (toolUse, messages) => answer(toolUse, messages),
    callUse: (id, turn) => use(id, turn.tool, turn.args),
    call: async (toolUse, messages) => answer(toolUse, messages),
    // A reference stands for the definition it names, where it is in the conversation.
    promptMessages: (messages) =>
      messages.map((message) =>
        typeof message.content === "string"
          ? message
          : {
              ...message,
              content: message.content.map((block) =>
                block.type === "tool_result" && Array.isArray(block.content)
                  ? { ...block, content: block.content.map((part) => (part.type === "tool_reference" ? { type: "tool_definition", ...definitions.get(part.tool_name) } : part)) }
                  : block,
              ),
            },
      ),
  };
}

/** One request: its prompt's bytes, what it shares with the previous one, and its tools on the wire. */
interface RequestRow {
  readonly turn: number;
  readonly promptBytes: number;
  readonly uncachedBytes: number;
  /** The previous request's prompt is not a prefix of this one's. */
  readonly changed: boolean;
  readonly toolsWireBytes: number;
  readonly toolsInPrompt: number;
}

function commonPrefix(a: string, b: string): number {
  const end = Math.min(a.length, b.length);
  let index = 0;
  while (index < end && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  return index;
}

// The tools a search result loaded: its references, or the hits of its JSON marked loaded.
function loadedBy(result: ToolResultBlockParam): string[] {
  if (result.is_error === true || !Array.isArray(result.content)) return [];
  return result.content.flatMap((part) => {
    if (part.type === "tool_reference") return [part.tool_name];
    if (part.type !== "text") return [];
    const hits = (JSON.parse(part.text) as { tools?: { name: string; loaded: boolean }[] }).tools ?? [];
    return hits.filter((hit) => hit.loaded).map((hit) => hit.name);
  });
}

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** Runs the scripted conversation one way and measures every request it sends. */
async function drive(way: Way): Promise<RequestRow[]> {
  const rows: RequestRow[] = [];
  const messages: MessageParam[] = [];
  const found = new Set<string>();
  let previous = "";
  let ids = 0;
  const request = (turn: number) => {
    const tools = way.promptTools();
    const prompt = JSON.stringify(tools) + JSON.stringify(way.system) + way.promptMessages(messages).map((message) => JSON.stringify(message)).join("");
    const shared = commonPrefix(previous, prompt);
    rows.push({
      turn,
      promptBytes: bytes(prompt),
      uncachedBytes: bytes(prompt.slice(shared)),
      changed: previous.length > 0 && shared < previous.length,
      toolsWireBytes: bytes(JSON.stringify(way.tools())),
      toolsInPrompt: tools.length,
    });
    previous = prompt;
  };
  const exchange = async (toolUse: ToolUseBlock, answer: (toolUse: ToolUseBlock, sent: MessageParam[]) => Promise<ToolResultBlockParam>) => {
    const sent = [...messages];
    const result = await answer(toolUse, sent);
    messages.push({ role: "assistant", content: [toolUse] }, { role: "user", content: [result] });
    return result;
  };
  for (const [index, turn] of TURNS.entries()) {
    currentTurn = turn;
    const ask: TextBlockParam = { type: "text", text: turn.ask };
    // After the model's answer to the last turn.
    messages.push({ role: "user", content: [ask] });
    request(index + 1);
    if (way.searches && !found.has(turn.tool)) {
      if (turn.query === undefined) throw new Error(`turn ${index + 1}: ${turn.tool} is used before a search found it`);
      const result = await exchange(use(`toolu_${++ids}`, "search_tools", { query: turn.query, limit: SEARCH_LIMIT }), way.search);
      if (!loadedBy(result).includes(turn.tool)) throw new Error(`${way.name}, turn ${index + 1}: "${turn.query}" did not load ${turn.tool}: ${JSON.stringify(result.content).slice(0, 400)}`);
      request(index + 1);
    }
    found.add(turn.tool);
    const result = await exchange(way.callUse(`toolu_${++ids}`, turn), way.call);
    if (result.is_error === true) throw new Error(`${way.name}, turn ${index + 1}: the call of ${turn.tool} failed: ${JSON.stringify(result.content).slice(0, 400)}`);
    request(index + 1);
    const answer: ContentBlockParam = { type: "text", text: `Done: ${turn.ask} The tool answered with six rows, all ok; nothing else needs doing.` };
    messages.push({ role: "assistant", content: [answer] });
  }
  return rows;
}

// Anthropic's prices relative to an uncached input token: a cache write 1.25×, a read 0.1×.
const WRITE = 1.25;
const READ = 0.1;

interface WaySummary {
  readonly way: string;
  readonly requests: number;
  readonly changedRequests: number;
  readonly changedTurns: number;
  readonly promptBytes: number;
  readonly uncachedBytes: number;
  /** Uncached bytes at the cache-write price plus cached bytes at the read price. */
  readonly costBytes: number;
  readonly firstPromptBytes: number;
  readonly lastPromptBytes: number;
  readonly toolsWireBytesPerRequest: number;
}

function summarize(way: string, rows: readonly RequestRow[]): WaySummary {
  const sum = (pick: (row: RequestRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const uncached = sum((row) => row.uncachedBytes);
  const prompt = sum((row) => row.promptBytes);
  return {
    way,
    requests: rows.length,
    changedRequests: rows.filter((row) => row.changed).length,
    changedTurns: new Set(rows.filter((row) => row.changed).map((row) => row.turn)).size,
    promptBytes: prompt,
    uncachedBytes: uncached,
    costBytes: Math.round(uncached * WRITE + (prompt - uncached) * READ),
    firstPromptBytes: rows[0]!.promptBytes,
    lastPromptBytes: rows.at(-1)!.promptBytes,
    toolsWireBytesPerRequest: Math.round(sum((row) => row.toolsWireBytes) / rows.length),
  };
}

const kb = (value: number) => (value / 1024).toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 });

function summaryTable(summaries: readonly WaySummary[]): string {
  return markdownTable(
    ["way", "requests", "prefix changed (requests / turns)", "prompt sent, KiB", "re-sent uncached, KiB", "cost, KiB-equivalent", "first / last prompt, KiB", "tools on the wire per request, KiB"],
    summaries.map((summary) => [
      summary.way,
      String(summary.requests),
      `${summary.changedRequests} / ${summary.changedTurns}`,
      kb(summary.promptBytes),
      kb(summary.uncachedBytes),
      kb(summary.costBytes),
      `${kb(summary.firstPromptBytes)} / ${kb(summary.lastPromptBytes)}`,
      kb(summary.toolsWireBytesPerRequest),
    ]),
  );
}

function turnTable(results: readonly { way: string; rows: readonly RequestRow[] }[]): string {
  return markdownTable(
    ["turn", "tool", "search", ...results.map((result) => `${result.way}: changed, uncached KiB`)],
    TURNS.map((turn, index) => [
      String(index + 1),
      `\`${turn.tool}\``,
      turn.query === undefined ? "" : "yes",
      ...results.map((result) => {
        const rows = result.rows.filter((row) => row.turn === index + 1);
        return `${rows.some((row) => row.changed) ? "**changed**" : "-"}, ${kb(rows.reduce((total, row) => total + row.uncachedBytes, 0))}`;
      }),
    ]),
  );
}

if (isMain(import.meta.url)) {
  await init();
  const tools = mcpTools();
  const ways = [upfront(tools), gateway(tools, "append"), gateway(tools, "bridge"), anthropic(tools)];
  const results: { way: string; rows: RequestRow[] }[] = [];
  for (const way of ways) results.push({ way: way.name, rows: await drive(way) });
  const summaries = results.map((result) => summarize(result.way, result.rows));
  writeJson("bench/gateway-cache.json", { node: process.version, tools: tools.length, turns: TURNS.length, searchLimit: SEARCH_LIMIT, prices: { write: WRITE, read: READ }, summaries, requests: results });
  const text = `# The prompt cache across a 30-turn run

Generated by \`npx tsx bench/gateway-cache.ts\` (Node ${process.version}) over the MCP catalogue
(${tools.length.toLocaleString("en-US")} tools of 89 servers). One scripted conversation of ${TURNS.length} user turns using ten tools of ten
servers; each tool is found by a search (2 tools asked) the first time and called again later.
A turn is the user's request, a search when the tool is new, the call, and the answer: three
requests to the provider, or two. Each request's prompt is serialized as the provider caches
it, tools, then system, then messages; the bytes after the longest prefix it shares with the
previous request are re-sent uncached. "Changed" counts requests (and turns) whose previous
prompt is no longer a prefix. Cost: uncached bytes at ${WRITE}× (a cache write) plus cached bytes at ${READ}×
(a read), as Anthropic prices tokens. For \`anthropic\` the prompt holds only the undeferred tools; a
\`tool_reference\` stands for the definition it names, inline; the deferred definitions still
travel with each request (the last column). Schemas are rebuilt from the catalogue's parameter
names and descriptions (no types), so real ones are larger, which only widens the gaps.

${summaryTable(summaries)}

Per turn (a turn's requests together):

${turnTable(results)}
`;
  writeText("bench/gateway-cache.md", text);
  console.log(text);
}
