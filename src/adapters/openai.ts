import type { ChatCompletionFunctionTool, ChatCompletionMessage, ChatCompletionMessageParam, ChatCompletionToolMessageParam } from "openai/resources/chat/completions/completions";
import type {
  FunctionTool,
  ResponseFunctionToolCall,
  ResponseInputItem,
  ResponseOutputItem,
  ResponseToolSearchCall,
  ResponseToolSearchOutputItemParam,
  ToolSearchOutputNamespaceTool,
  ToolSearchTool,
} from "openai/resources/responses/responses";
import { ToolsiftError } from "../errors.js";
import type { ToolSearchSession } from "../session/session.js";
import type { ToolCallOutcome } from "../session/types.js";
import type { ToolSpec } from "../trust/spec.js";
import type { WireNames } from "./names.js";
import { countTurns, hostCall, outcomeText, parseArguments, requestError, sessionInput, sessionWireNames, type HostToolCall } from "./shared.js";

/** A function tool of the Responses API as toolsift declares it (never strict: the schemas are the host's, not strict-mode ones). */
export type OpenAIFunctionTool = FunctionTool & { readonly strict: false };

/** One tool call item of a response (`tool_search_call` or `function_call`), as the session decided it. */
export interface OpenAICall {
  readonly item: ResponseToolSearchCall | ResponseFunctionToolCall;
  readonly outcome: ToolCallOutcome;
  /** The item to send back; `undefined` for a menu tool the host runs (see `host`). */
  readonly output: ResponseToolSearchOutputItemParam | ResponseInputItem.FunctionCallOutput | undefined;
  readonly host: HostToolCall | undefined;
}

/** The session behind the Responses API's client-executed `tool_search`. */
export interface OpenAIToolSearch {
  /**
   * The request's `tools`: the `tool_search` tool (`execution: "client"`, the session's search
   * schema), then the rest of the menu at creation as function tools. No catalogue tool is
   * declared up front: a deferred function still shows the model its description, so found
   * tools are injected in the `tool_search_output` instead.
   */
  readonly tools: readonly (ToolSearchTool | OpenAIFunctionTool)[];
  /** The session's catalogue block (held-back groups) for the request's `instructions`; `""` without groups. */
  readonly instructions: string;
  /**
   * Hands the session every tool call item of `response.output`, in order. The turn is the
   * number of responses this object has handled before (or `options.turn`, for a conversation
   * resumed by a new object); the index is the item's position among the response's calls.
   * A group a search loads comes back as one `namespace` object of its tools; a later
   * `function_call` names the member (its `namespace` is the group's).
   */
  handle(response: { readonly output: readonly ResponseOutputItem[] }, options?: { readonly turn?: number }): OpenAICall[];
  /** A `function_call_output` for a host-run tool's output (strings as they are, anything else as JSON). */
  functionOutput(call: HostToolCall, output: unknown): ResponseInputItem.FunctionCallOutput;
}

function functionTool(spec: ToolSpec, names: WireNames, deferred: boolean): OpenAIFunctionTool {
  const tool: OpenAIFunctionTool = { type: "function", name: names.wire(spec.name), description: spec.description, parameters: { ...spec.inputSchema }, strict: false };
  return deferred ? { ...tool, defer_loading: true } : tool;
}

function searchToolOf(session: ToolSearchSession): ToolSpec {
  const spec = session.menu().find((entry) => entry.name === session.searchToolName);
  if (spec === undefined) throw requestError("The session has no tool search (toolSearch is not configured).", ["toolSearch"]);
  return spec;
}

/**
 * The session behind the Responses API's client-executed tool search: the `tool_search` tool,
 * the `tool_search_output` for each `tool_search_call` (the same `call_id`, the tools it
 * loaded as full function definitions) and a `function_call_output` for errors.
 *
 * @example
 * const gpt = openaiToolSearch(session);
 * const response = await client.responses.create({ model, input, tools: [...gpt.tools] });
 * input.push(...response.output);
 * for (const call of gpt.handle(response)) input.push(call.output ?? gpt.functionOutput(call.host!, await run(call.host!)));
 */
export function openaiToolSearch(session: ToolSearchSession): OpenAIToolSearch {
  const names = sessionWireNames(session);
  const search = searchToolOf(session);
  const searchTool: ToolSearchTool = { type: "tool_search", execution: "client", description: search.description, parameters: search.inputSchema };
  const tools = Object.freeze([searchTool, ...session.menu().filter((spec) => spec !== search).map((spec) => functionTool(spec, names, false))]);
  const specOf = (name: string): ToolSpec[] => {
    const spec = session.menu().find((entry) => entry.name === name);
    return spec === undefined ? [] : [spec];
  };
  // A loaded group is one namespace object; its tools lead `added`, group by group.
  const loadedTools = (outcome: ToolCallOutcome): (OpenAIFunctionTool | ToolSearchOutputNamespaceTool)[] => {
    if (outcome.kind === "tool") return [];
    const added = [...outcome.added];
    const namespaces: ToolSearchOutputNamespaceTool[] = [];
    const groups = outcome.kind === "search" && "tools" in outcome.result ? (outcome.result.groups ?? []) : [];
    for (const group of groups) {
      if (!group.loaded || group.tools === 0) continue;
      const members = added.splice(0, group.tools).flatMap(specOf);
      namespaces.push({
        type: "namespace",
        name: names.wire(group.name),
        description: `The ${group.name} tools.`,
        tools: members.map((spec) => ({ type: "function", name: names.wire(spec.name), description: spec.description, parameters: { ...spec.inputSchema } })),
      });
    }
    return [...namespaces, ...added.flatMap(specOf).map((spec) => functionTool(spec, names, true))];
  };
  let handled = 0;

  const decide = (item: ResponseToolSearchCall | ResponseFunctionToolCall, turn: number, index: number): OpenAICall => {
    if (item.type === "tool_search_call") {
      if (item.call_id === null) throw requestError("A client tool_search_call has a call_id.", ["output", index, "call_id"]);
      const outcome = session.handleToolCall({ turn, index, name: search.name, input: sessionInput(item.arguments, names) });
      // The output item has no text: a refused search loads nothing, which the model sees as no tools.
      const output: ResponseToolSearchOutputItemParam = { type: "tool_search_output", execution: "client", call_id: item.call_id, status: "completed", tools: loadedTools(outcome) };
      return { item, outcome, output, host: undefined };
    }
    const input = parseArguments(item.arguments);
    const outcome = session.handleToolCall({ turn, index, name: names.session(item.name), input });
    const text = outcomeText(outcome, names);
    return { item, outcome, output: text === undefined ? undefined : { type: "function_call_output", call_id: item.call_id, output: text }, host: hostCall(item.call_id, input, outcome) };
  };

  return {
    tools,
    instructions: session.catalogueBlock(),
    handle(response, options = {}) {
      const turn = options.turn ?? handled;
      const calls = response.output.filter((item): item is ResponseToolSearchCall | ResponseFunctionToolCall => item.type === "function_call" || (item.type === "tool_search_call" && item.execution === "client"));
      const decided = calls.map((item, index) => decide(item, turn, index));
      handled = turn + 1;
      return decided;
    },
    functionOutput(call, output) {
      return { type: "function_call_output", call_id: call.id, output: typeof output === "string" ? output : JSON.stringify(output) };
    },
  };
}

/** One tool call of a Chat Completions response, as the session decided it. */
export interface ChatCall {
  readonly outcome: ToolCallOutcome;
  /** The `tool` message to send back; `undefined` for a menu tool the host runs. */
  readonly message: ChatCompletionToolMessageParam | undefined;
  readonly host: HostToolCall | undefined;
}

/** The session behind plain Chat Completions: the menu as `tools`, grown only at the end. */
export interface OpenAIChatToolSearch {
  /** The request's `tools` now: the menu in menu order, so each turn's array extends the last one. */
  tools(): ChatCompletionFunctionTool[];
  /**
   * Hands the session every function call of `message`. `messages` is the conversation sent to
   * get it: its assistant messages count the turn; the call's position in `tool_calls` is the index.
   */
  handle(message: Pick<ChatCompletionMessage, "tool_calls">, messages: readonly ChatCompletionMessageParam[]): ChatCall[];
  toolMessage(call: HostToolCall, output: unknown): ChatCompletionToolMessageParam;
}

// One entry of `tool_calls`, each field read once: its id, and a `function` call's name and
// argument text or a `custom` call's name and input. A call without its part, or whose getter throws,
// is the host's `invalid_request` naming where (the host's error as `cause`), not a TypeError.
function readChatCall(call: unknown, index: number): { id: string; function: boolean; name: string; input: unknown } {
  const at = ["tool_calls", index];
  if (typeof call !== "object" || call === null) throw requestError(`tool_calls[${index}] is not a tool call object.`, at);
  try {
    const { id, type } = call as Record<string, unknown>;
    if (typeof id !== "string") throw requestError(`tool_calls[${index}].id is not a string.`, [...at, "id"]);
    const isFunction = type === "function";
    const part = isFunction ? "function" : "custom";
    const body: unknown = (call as Record<string, unknown>)[part];
    if (typeof body !== "object" || body === null) throw requestError(`tool_calls[${index}] has no ${part} { name, ${isFunction ? "arguments" : "input"} }.`, [...at, part]);
    const { name, arguments: text, input } = body as Record<string, unknown>;
    if (typeof name !== "string") throw requestError(`tool_calls[${index}].${part}.name is not a string.`, [...at, part, "name"]);
    // Arguments that are not a string reach the session as they are, for it to refuse.
    return { id, function: isFunction, name, input: isFunction ? text : input };
  } catch (cause) {
    if (cause instanceof ToolsiftError) throw cause;
    throw new ToolsiftError("invalid_request", `tool_calls[${index}] could not be read (a getter or proxy trap threw).`, { path: at, cause });
  }
}

/**
 * The session behind Chat Completions, which has no tool search of its own: `search_tools` is a
 * function like any other, and the tools it loads are appended to `tools` (append-only, so the
 * cached prefix holds).
 *
 * @example
 * const chat = openaiChatToolSearch(session);
 * const completion = await client.chat.completions.create({ model, messages, tools: chat.tools() });
 */
export function openaiChatToolSearch(session: ToolSearchSession): OpenAIChatToolSearch {
  const names = sessionWireNames(session);
  let menu: readonly ToolSpec[] = [];
  let cached: ChatCompletionFunctionTool[] = [];
  return {
    tools() {
      const now = session.menu();
      if (now !== menu) {
        // Earlier entries keep their objects: only the appended specs are converted.
        cached = [...cached, ...now.slice(cached.length).map((spec): ChatCompletionFunctionTool => ({ type: "function", function: { name: names.wire(spec.name), description: spec.description, parameters: { ...spec.inputSchema } } }))];
        menu = now;
      }
      return [...cached];
    },
    handle(message, messages) {
      const turn = countTurns(messages, "assistant");
      const calls: unknown = typeof message === "object" && message !== null ? (message.tool_calls ?? []) : undefined;
      if (!Array.isArray(calls)) throw requestError("The message's tool_calls is an array of tool calls.", ["tool_calls"]);
      return calls.map((call: unknown, index) => {
        const read = readChatCall(call, index);
        const name = read.function ? names.session(read.name) : read.name;
        const raw = read.function ? parseArguments(read.input as string) : read.input;
        const input = name === session.searchToolName ? sessionInput(raw, names) : raw;
        const outcome = session.handleToolCall({ turn, index, name, input });
        const text = outcomeText(outcome, names);
        return { outcome, message: text === undefined ? undefined : { role: "tool", tool_call_id: read.id, content: text }, host: hostCall(read.id, input, outcome) };
      });
    },
    toolMessage(call, output) {
      return { role: "tool", tool_call_id: call.id, content: typeof output === "string" ? output : JSON.stringify(output) };
    },
  };
}

/**
 * What the Agents SDK hands a client tool search's `execute`, as far as toolsift reads it. The
 * Agents route's types are structural and local: the Responses and Chat routes share this
 * entry, and their users need not install `@openai/agents-core` for its declarations to check.
 */
export interface AgentsToolSearchCall {
  readonly toolCall: { readonly arguments: unknown };
}

/** The options of the Agents SDK's `toolSearchTool` that `agentsToolSearchOptions` returns. */
export interface AgentsToolSearchOptions<AgentsTool> {
  readonly execution: "client";
  readonly description: string;
  readonly parameters: unknown;
  /** The Agents tools the search loaded (by `resolve`), in the session's order. */
  readonly execute: (call: AgentsToolSearchCall) => AgentsTool[];
}

/**
 * The options of the Agents SDK's `toolSearchTool` for a client-executed search by the
 * session: pass them as `toolSearchTool(agentsToolSearchOptions(session, { resolve }))`.
 * `resolve` gives the Agents tool of a loaded name (`tool({ ..., deferLoading: true })`); its
 * type is the type of the tools returned. The Agents runner hands no turn, so each search is
 * its own turn, counted from 0 in call order.
 *
 * @example
 * const search = toolSearchTool(agentsToolSearchOptions(session, { resolve: (name) => agentTools[name] }));
 */
export function agentsToolSearchOptions<AgentsTool>(
  session: ToolSearchSession,
  options: { readonly resolve: (name: string) => AgentsTool | undefined },
): AgentsToolSearchOptions<AgentsTool> {
  const search = searchToolOf(session);
  let turn = 0;
  return {
    execution: "client",
    description: search.description,
    parameters: search.inputSchema,
    execute: ({ toolCall }) => {
      const outcome = session.handleToolCall({ turn: turn++, index: 0, name: search.name, input: toolCall.arguments });
      return (outcome.kind === "tool" ? [] : outcome.added).flatMap((name) => {
        const resolved = options.resolve(name);
        return resolved === undefined ? [] : [resolved];
      });
    },
  };
}

export type { HostToolCall } from "./shared.js";
