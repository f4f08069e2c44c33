import type { BaseMessage } from "@langchain/core/messages";
import { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { createMiddleware } from "langchain";
import { z } from "zod";
import type { ToolSearchSession } from "../session/session.js";
import type { ToolCallOutcome } from "../session/types.js";
import type { ToolSpec } from "../trust/spec.js";
import { hostCall, isErrorOutcome, outcomeText, sessionInput, sessionWireNames, type HostToolCall } from "./shared.js";

/** Runs a tool the session loaded for the host (a catalogue tool, which LangChain does not hold). */
export type RunLoadedTool = (call: HostToolCall) => unknown;

/** The state key where the middleware keeps the menu's names (what the model may call). */
export const LANGCHAIN_MENU_KEY = "toolsiftMenu";

const menuState = z.object({ [LANGCHAIN_MENU_KEY]: z.array(z.string()).default([]) });

// The turn is the number of AI messages before the one that made the call; the index is the
// call's position in that message's tool_calls. Both come from the agent's messages.
function callPosition(messages: readonly BaseMessage[], id: string | undefined): { turn: number; index: number } {
  let turn = -1;
  let index = -1;
  for (const message of messages) {
    if (message.getType() !== "ai") continue;
    turn++;
    const calls = (message as { tool_calls?: readonly ToolCall[] }).tool_calls ?? [];
    const position = calls.findIndex((call) => call.id === id);
    if (position >= 0) index = position;
    if (position >= 0) break;
  }
  return { turn: Math.max(turn, 0), index: Math.max(index, 0) };
}

function toolMessage(call: ToolCall, content: string, error: boolean): ToolMessage {
  return new ToolMessage({ content, tool_call_id: call.id ?? "", name: call.name, status: error ? "error" : "success" });
}

/**
 * The session behind LangChain.js `createAgent` as a middleware: it contributes `search_tools`,
 * keeps the menu's names in agent state (`toolsiftMenu`), shows the model only the menu in
 * `wrapModelCall` (the agent's own tools by their names, the loaded catalogue tools built from
 * the session's trust-filtered specs, in menu order) and answers every call in `wrapToolCall`
 * through the session: a loaded catalogue tool runs through `run`, an agent tool through
 * LangChain's own handler, anything else gets the session's error as a tool message.
 *
 * @example
 * const agent = createAgent({ model, tools: [reply], middleware: [toolsiftMiddleware(session, (call) => runMyTool(call))] });
 */
export function toolsiftMiddleware(session: ToolSearchSession, run: RunLoadedTool) {
  const names = sessionWireNames(session);
  const built = new Map<string, StructuredToolInterface>();
  const asTool = (spec: ToolSpec): StructuredToolInterface => {
    let made = built.get(spec.name);
    if (made === undefined) {
      // Never invoked: wrapToolCall answers every call; the tool only carries the spec to the model.
      made = tool(() => "", { name: names.wire(spec.name), description: spec.description, schema: { ...spec.inputSchema } as Record<string, unknown> }) as unknown as StructuredToolInterface;
      built.set(spec.name, made);
    }
    return made;
  };
  const searchSpec = session.menu().find((spec) => spec.name === session.searchToolName);
  const metaTools = session.menu().filter((spec) => spec.name === session.searchToolName || spec.name === session.skillToolName).map(asTool);

  const answer = (call: ToolCall, outcome: ToolCallOutcome): ToolMessage | undefined => {
    const text = outcomeText(outcome, names);
    return text === undefined ? undefined : toolMessage(call, text, isErrorOutcome(outcome));
  };

  return createMiddleware({
    name: "ToolsiftToolSearch",
    stateSchema: menuState,
    tools: metaTools,
    beforeModel: () => ({ [LANGCHAIN_MENU_KEY]: [...session.menuNames()] }),
    wrapModelCall: (request, handler) => {
      const registered = new Map(request.tools.map((entry) => [String((entry as { name?: unknown }).name), entry]));
      const menu = session.menu().map((spec) => registered.get(names.wire(spec.name)) ?? asTool(spec));
      return handler({ ...request, tools: menu });
    },
    wrapToolCall: async (request, handler) => {
      const call = request.toolCall;
      const { turn, index } = callPosition(request.state.messages, call.id);
      const name = names.session(call.name);
      const input = name === searchSpec?.name ? sessionInput(call.args, names) : call.args;
      const outcome = session.handleToolCall({ turn, index, name, input });
      const answered = answer(call, outcome);
      if (answered !== undefined) return answered;
      // An agent tool LangChain holds runs through its own handler; a loaded one through the host.
      if (request.tool !== undefined && !built.has(name)) return handler(request);
      const output = await run(hostCall(call.id ?? "", call.args, outcome)!);
      return toolMessage(call, typeof output === "string" ? output : JSON.stringify(output), false);
    },
  });
}

export type { HostToolCall } from "./shared.js";
