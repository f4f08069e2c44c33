import { jsonSchema, type ModelMessage, type PrepareStepResult, type Tool, type ToolExecutionOptions, type ToolSet } from "ai";
import type { ToolSearchSession } from "../session/session.js";
import type { ToolSpec } from "../trust/spec.js";
import { countTurns, hostCall, outcomeText, sessionInput, sessionWireNames, type HostToolCall } from "./shared.js";

/** Runs a tool on the menu for the host (its own gates: validation, approval). */
export type RunHostTool = (call: HostToolCall) => unknown;

/** The session behind the Vercel AI SDK's `generateText` / `streamText`. */
export interface AiSdkToolSearch {
  /**
   * Every tool, keyed by its provider-facing name: the menu at creation (the search tool
   * first) and every searchable tool, each with the session's trust-filtered description and
   * schema. Each `execute` goes through the session, so a call of a tool off the menu is
   * answered with the session's error and never reaches `run`.
   */
  readonly tools: ToolSet;
  /**
   * The trust-safe route's `prepareStep`: the step's `activeTools` are the session's menu, in
   * menu order (`toolOrder`), so the tools a search loads are appended and the model never
   * sees a tool before it is on the menu.
   */
  prepareStep(): PrepareStepResult<ToolSet>;
  /**
   * The `search` callback of the SDK's own `toolSearch({ search })`: the session ranks, the SDK
   * loads the names it returns (among the eligible `tools`). The callback gets no conversation,
   * so each call is its own turn, counted from 0 in call order.
   */
  search(request: { readonly query: string; readonly tools: readonly { readonly name: string }[] }): string[];
  /** The tools for the `toolSearch` route: the agent's tools as they are, every searchable tool `deferLoading: true` (no meta-tool). */
  readonly deferredTools: ToolSet;
}

function specTool(spec: ToolSpec, execute: (input: unknown, options: ToolExecutionOptions<unknown>) => unknown): Tool {
  return { description: spec.description, inputSchema: jsonSchema({ ...spec.inputSchema }), execute } as Tool;
}

/**
 * The session behind the AI SDK. The trust-safe route: `generateText({ tools, prepareStep })`,
 * where the search tool's `execute` calls the session and `prepareStep` shows the model the menu.
 * The SDK's route: `toolSearch({ search })` over `deferredTools`, where the SDK decides what the
 * model sees of a found tool (the descriptions here, which are the session's trust-filtered ones).
 * Turn and index: the turn is the number of assistant messages in the step's `messages`; the
 * index counts the calls of that turn in the order the SDK executes them.
 *
 * @example
 * const ai = aiSdkToolSearch(session, (call) => runMyTool(call.name, call.input));
 * const result = await generateText({ model, tools: ai.tools, prepareStep: ai.prepareStep, stopWhen: stepCountIs(5), prompt });
 */
export function aiSdkToolSearch(session: ToolSearchSession, run: RunHostTool): AiSdkToolSearch {
  const names = sessionWireNames(session);
  const indices = new Map<number, number>();
  let searchTurn = 0;

  const execute = (name: string) => async (input: unknown, options: ToolExecutionOptions<unknown>): Promise<unknown> => {
    const turn = countTurns(options.messages as readonly ModelMessage[], "assistant");
    const index = indices.get(turn) ?? 0;
    indices.set(turn, index + 1);
    const outcome = session.handleToolCall({ turn, index, name, input: name === session.searchToolName ? sessionInput(input, names) : input });
    const call = hostCall(options.toolCallId, input, outcome);
    if (call !== undefined) return run(call);
    return JSON.parse(outcomeText(outcome, names)!) as unknown;
  };

  const tools: ToolSet = {};
  const deferredTools: ToolSet = {};
  const meta = new Set([session.searchToolName, session.skillToolName]);
  for (const spec of session.menu()) {
    const tool = specTool(spec, execute(spec.name));
    tools[names.wire(spec.name)] = tool;
    // The agent's own tools stay in view on the SDK's route too; only the catalogue is deferred.
    if (!meta.has(spec.name)) deferredTools[names.wire(spec.name)] = tool;
  }
  for (const spec of session.searchableSpecs()) {
    const tool = specTool(spec, execute(spec.name));
    tools[names.wire(spec.name)] = tool;
    deferredTools[names.wire(spec.name)] = { ...tool, deferLoading: true } as Tool;
  }

  return {
    tools,
    deferredTools,
    prepareStep() {
      const active = session.menuNames().map((name) => names.wire(name));
      return { activeTools: active, toolOrder: active };
    },
    search({ query, tools: eligible }) {
      const outcome = session.handleToolCall({ turn: searchTurn++, index: 0, name: session.searchToolName ?? "", input: { query } });
      if (outcome.kind !== "search" || !("tools" in outcome.result)) return [];
      const allowed = new Set(eligible.map((tool) => tool.name));
      return outcome.result.tools.map((hit) => names.wire(hit.name)).filter((name) => allowed.has(name));
    },
  };
}

export type { HostToolCall } from "./shared.js";
