// Type conformance at the pinned SDK versions: every adapter's inputs and outputs, and the
// wire fixtures the loopback tests script, checked with `satisfies` against the SDKs' own types
// (`npm run typecheck` compiles this file). The @ts-expect-error lines show the checks can fail.
import type { Message, MessageCreateParamsNonStreaming, ToolResultBlockParam, ToolUnion } from "@anthropic-ai/sdk/resources/messages/messages";
import type { AgentMiddleware } from "langchain";
import { toolSearchTool } from "@openai/agents-openai";
import { tool as agentsTool } from "@openai/agents-core";
import type { PrepareStepFunction, ToolSet, toolSearch } from "ai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions/completions";
import type { ResponseCreateParamsNonStreaming, ResponseInputItem, ResponseToolSearchCall, ResponseToolSearchOutputItemParam, Tool as ResponsesTool } from "openai/resources/responses/responses";
import { describe, expect, it } from "vitest";
import { aiSdkToolSearch } from "../../src/adapters/ai-sdk.js";
import { anthropicToolSearch } from "../../src/adapters/anthropic.js";
import { toolsiftMiddleware } from "../../src/adapters/langchain.js";
import { agentsToolSearchOptions, openaiChatToolSearch, openaiToolSearch } from "../../src/adapters/openai.js";
import { newSession, runTool } from "./fixtures.js";

const toolUse = {
  id: "msg_0",
  type: "message",
  role: "assistant",
  model: "claude-test",
  content: [{ type: "tool_use", id: "toolu_0", name: "search_tools", input: { query: "create a github issue" }, caller: { type: "direct" } }],
  stop_reason: "tool_use",
  stop_sequence: null,
  stop_details: null,
  container: null,
  diagnostics: null,
  usage: { input_tokens: 1, output_tokens: 1, cache_creation: null, cache_creation_input_tokens: null, cache_read_input_tokens: null, inference_geo: null, output_tokens_details: null, server_tool_use: null, service_tier: null, speed: null },
} satisfies Message;

const searchCall = { type: "tool_search_call", id: "tsc_0", call_id: "call_0", execution: "client", status: "completed", arguments: { query: "weather lookup" } } satisfies ResponseToolSearchCall;

// @ts-expect-error a tool_result block names the tool_use it answers
void ({ type: "tool_result", content: "x" } satisfies ToolResultBlockParam);
// @ts-expect-error a client tool_search_output carries its loaded tools
void ({ type: "tool_search_output", call_id: "call_0" } satisfies ResponseToolSearchOutputItemParam);

describe("adapter inputs and outputs are the SDKs' types", () => {
  it("Anthropic: tools, tool_result blocks, the request", async () => {
    const claude = anthropicToolSearch(await newSession({ rank: 0 }));
    const [call] = claude.handle(toolUse, []);
    const result = call!.result! satisfies ToolResultBlockParam;
    const request = { model: "claude-test", max_tokens: 16, system: [...claude.system], tools: [...claude.tools] satisfies ToolUnion[], messages: [{ role: "user", content: [result] }] } satisfies MessageCreateParamsNonStreaming;
    expect(request.messages[0]!.content[0]!.content).toEqual(expect.arrayContaining([expect.objectContaining({ type: "tool_reference" })]));
  });

  it("OpenAI Responses: tools, the tool_search_output, the request", async () => {
    const gpt = openaiToolSearch(await newSession({ rank: 0 }));
    const [call] = gpt.handle({ output: [searchCall] });
    const output = call!.output! satisfies ResponseInputItem;
    const request = { model: "gpt-test", input: [searchCall, output], tools: [...gpt.tools] satisfies ResponsesTool[] } satisfies ResponseCreateParamsNonStreaming;
    expect(request.input[1]).toMatchObject({ type: "tool_search_output", call_id: "call_0" });
  });

  it("OpenAI Chat Completions and the Agents SDK's toolSearchTool", async () => {
    const session = await newSession({ rank: 0 });
    const chat = openaiChatToolSearch(session);
    const tools = chat.tools() satisfies ChatCompletionTool[];
    const [call] = chat.handle({ tool_calls: [{ id: "c", type: "function", function: { name: "search_tools", arguments: "{\"query\":\"weather lookup\"}" } }] }, []);
    const message = call!.message! satisfies ChatCompletionMessageParam;
    expect([tools.length, message.role]).toEqual([2, "tool"]);
    const weather = agentsTool({ name: "shady__weather_lookup", description: "x", parameters: { type: "object", properties: {}, required: [], additionalProperties: true }, strict: false, deferLoading: true, execute: () => "ok" });
    const hosted = toolSearchTool(agentsToolSearchOptions(session, { resolve: (name) => (name === weather.name ? weather : undefined) }));
    expect(hosted.type).toBe("hosted_tool");
  });

  it("AI SDK: the tool set, prepareStep and the toolSearch callback", async () => {
    const ai = aiSdkToolSearch(await newSession({ rank: 0 }), (call) => runTool(call.name, call.input));
    const tools = ai.tools satisfies ToolSet;
    const prepareStep = ai.prepareStep satisfies PrepareStepFunction<ToolSet>;
    const search = ai.search satisfies NonNullable<NonNullable<Parameters<typeof toolSearch>[0]>["search"]>;
    expect([Object.keys(tools).length > 2, typeof prepareStep, typeof search]).toEqual([true, "function", "function"]);
  });

  it("LangChain: the middleware", async () => {
    const middleware = toolsiftMiddleware(await newSession({ rank: 0 }), () => null) satisfies AgentMiddleware;
    expect(middleware.name).toBe("ToolsiftToolSearch");
  });
});
