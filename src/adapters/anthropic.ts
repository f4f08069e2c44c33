import type { Message, MessageParam, TextBlockParam, Tool, ToolReferenceBlockParam, ToolResultBlockParam, ToolUnion, ToolUseBlock } from "@anthropic-ai/sdk/resources/messages/messages";
import type { ToolSearchSession } from "../session/session.js";
import type { ToolCallOutcome } from "../session/types.js";
import type { ToolSpec } from "../trust/spec.js";
import { WIRE_NAME, type WireNames } from "./names.js";
import { countTurns, hostCall, isErrorOutcome, outcomeText, requestError, sessionInput, sessionWireNames, type HostToolCall } from "./shared.js";

/** Anthropic's limits on a request with deferred tools (Messages API, custom tool search). */
export const ANTHROPIC_LIMITS = Object.freeze({
  /** Deferred tools per request. */
  maxDeferred: 10_000,
});

/** One `tool_use` block of a response, as the session decided it. */
export interface AnthropicCall {
  readonly toolUse: ToolUseBlock;
  readonly outcome: ToolCallOutcome;
  /** The `tool_result` to send back; `undefined` for a menu tool the host runs (see `host`). */
  readonly result: ToolResultBlockParam | undefined;
  /** The call, for the host to run, when `result` is `undefined`. */
  readonly host: HostToolCall | undefined;
}

/** The session behind Anthropic's Messages API with custom tool search. */
export interface AnthropicToolSearch {
  /**
   * The request's `tools`: the menu at creation (the search tool, `activate_skill`, the
   * agent's tools) not deferred, then every searchable tool with `defer_loading: true` and its
   * trust-filtered spec, in catalogue order. The same frozen array every turn, so the request
   * prefix (and the prompt cache) holds.
   */
  readonly tools: readonly Tool[];
  /**
   * The system block naming the held-back groups (the session's catalogue block), to send
   * after the host's own system text; empty without groups. A group a search loads comes back
   * as references to its tools, which the request declared deferred.
   */
  readonly system: readonly TextBlockParam[];
  /**
   * Hands the session every `tool_use` block of `response`, in order. `messages` is the
   * conversation sent to get `response`: its assistant messages count the turn, the block's
   * position among the response's `tool_use` blocks is the index.
   */
  handle(response: Pick<Message, "content">, messages: readonly MessageParam[]): AnthropicCall[];
  /** A `tool_result` for a host-run tool's output (strings as they are, anything else as JSON). */
  toolResult(call: HostToolCall, output: unknown, isError?: boolean): ToolResultBlockParam;
  /** Throws `invalid_request` when a request breaks a rule of deferred tools (see `checkAnthropicRequest`). */
  check(request: { readonly tools?: readonly ToolUnion[] | undefined; readonly messages: readonly MessageParam[] }): void;
}

function anthropicTool(spec: ToolSpec, names: WireNames, deferred: boolean): Tool {
  const tool: Tool = { name: names.wire(spec.name), description: spec.description, input_schema: { ...spec.inputSchema, type: "object" } };
  return deferred ? { ...tool, defer_loading: true } : tool;
}

function textResult(id: string, text: string, isError: boolean): ToolResultBlockParam {
  const block: ToolResultBlockParam = { type: "tool_result", tool_use_id: id, content: [{ type: "text", text }] };
  return isError ? { ...block, is_error: true } : block;
}

/**
 * Checks a Messages API request against the documented rules of custom tool search: names
 * 1–64 of `[A-Za-z0-9_-]` and unique, at least one tool not deferred, at most 10,000 deferred,
 * no `cache_control` on a deferred tool, and every `tool_reference` in the conversation naming
 * a declared, deferred tool. Throws `invalid_request` with the path of the first breach.
 *
 * @example
 * checkAnthropicRequest({ tools: claude.tools, messages });
 */
export function checkAnthropicRequest(request: { readonly tools?: readonly ToolUnion[] | undefined; readonly messages: readonly MessageParam[] }): void {
  const deferred = new Set<string>();
  const declared = new Set<string>();
  let eager = 0;
  (request.tools ?? []).forEach((tool, position) => {
    const name = "name" in tool ? tool.name : "";
    if (!WIRE_NAME.test(name)) throw requestError(`Tool name ${JSON.stringify(name.slice(0, 80))} is not 1–64 of [A-Za-z0-9_-].`, ["tools", position, "name"]);
    if (declared.has(name)) throw requestError(`Tool name ${JSON.stringify(name)} is declared twice.`, ["tools", position, "name"]);
    declared.add(name);
    if ("defer_loading" in tool && tool.defer_loading === true) {
      if (tool.cache_control !== undefined && tool.cache_control !== null) throw requestError(`Deferred tool ${JSON.stringify(name)} has cache_control.`, ["tools", position, "cache_control"]);
      deferred.add(name);
    } else eager++;
  });
  if (deferred.size > 0 && eager === 0) throw requestError("Every tool is deferred; at least one must not be.", ["tools"]);
  if (deferred.size > ANTHROPIC_LIMITS.maxDeferred) throw requestError(`${deferred.size} tools are deferred; at most ${ANTHROPIC_LIMITS.maxDeferred} may be.`, ["tools"]);
  request.messages.forEach((message, messageIndex) => {
    if (typeof message.content === "string") return;
    message.content.forEach((block, blockIndex) => {
      if (block.type !== "tool_result" || typeof block.content === "string" || block.content === undefined) return;
      block.content.forEach((part, partIndex) => {
        if (part.type === "tool_reference" && !deferred.has(part.tool_name)) {
          throw requestError(`tool_reference ${JSON.stringify(part.tool_name.slice(0, 80))} names no deferred tool of the request.`, ["messages", messageIndex, "content", blockIndex, "content", partIndex]);
        }
      });
    });
  });
}

/**
 * The session behind Anthropic's custom tool search: the request's `tools`, and the
 * `tool_result` of each call (a search answered with `tool_reference` blocks of the tools it
 * loaded; errors as `is_error: true`; a skill's activation as an ordinary result).
 *
 * @example
 * const claude = anthropicToolSearch(session);
 * const response = await client.messages.create({ model, max_tokens: 1024, tools: [...claude.tools], messages });
 * const calls = claude.handle(response, messages);
 * const results = await Promise.all(calls.map(async (call) => call.result ?? claude.toolResult(call.host!, await run(call.host!))));
 */
export function anthropicToolSearch(session: ToolSearchSession): AnthropicToolSearch {
  const names = sessionWireNames(session);
  const eager = session.menu().map((spec) => anthropicTool(spec, names, false));
  const deferredSpecs = session.searchableSpecs();
  const deferred = new Set(deferredSpecs.map((spec) => spec.name));
  const tools: readonly Tool[] = Object.freeze([...eager, ...deferredSpecs.map((spec) => anthropicTool(spec, names, true))]);
  checkAnthropicRequest({ tools, messages: [] });

  // Tools a decided call brought onto the menu, as references the request declared.
  const references = (added: readonly string[]): ToolReferenceBlockParam[] =>
    added.filter((name) => deferred.has(name)).map((name) => ({ type: "tool_reference", tool_name: names.wire(name) }));

  const result = (toolUse: ToolUseBlock, outcome: ToolCallOutcome): ToolResultBlockParam | undefined => {
    const text = outcomeText(outcome, names);
    if (text === undefined) return undefined;
    if (outcome.kind === "search" && !isErrorOutcome(outcome)) {
      const found = references(outcome.added);
      // References only: mixing text with references in one result is not documented.
      if (found.length > 0) return { type: "tool_result", tool_use_id: toolUse.id, content: found };
    }
    if (outcome.kind === "skill" && !isErrorOutcome(outcome)) {
      const brought = references(outcome.added);
      if (brought.length > 0) return { type: "tool_result", tool_use_id: toolUse.id, content: [{ type: "text", text }, ...brought] };
    }
    return textResult(toolUse.id, text, isErrorOutcome(outcome));
  };

  const block = session.catalogueBlock();
  return {
    tools,
    system: Object.freeze(block === "" ? [] : [{ type: "text", text: block }]),
    handle(response, messages) {
      const turn = countTurns(messages, "assistant");
      const uses = response.content.filter((block): block is ToolUseBlock => block.type === "tool_use");
      return uses.map((toolUse, index) => {
        const name = names.session(toolUse.name);
        const input = name === session.searchToolName ? sessionInput(toolUse.input, names) : toolUse.input;
        const outcome = session.handleToolCall({ turn, index, name, input });
        return { toolUse, outcome, result: result(toolUse, outcome), host: hostCall(toolUse.id, toolUse.input, outcome) };
      });
    },
    toolResult(call, output, isError = false) {
      return textResult(call.id, typeof output === "string" ? output : JSON.stringify(output), isError);
    },
    check: checkAnthropicRequest,
  };
}

export type { HostToolCall } from "./shared.js";
