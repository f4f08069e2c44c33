// toolsift/langchain driven through LangChain.js createAgent. The chat model is the real openai
// client pointed at the Chat Completions loopback server (a small BaseChatModel below: the
// provider package is not a dependency), so every request the agent makes is checked.
import { BaseChatModel, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { tool } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { createAgent } from "langchain";
import OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions/completions";
import { afterEach, describe, expect, it } from "vitest";
import { LANGCHAIN_MENU_KEY, toolsiftMiddleware } from "../../src/adapters/langchain.js";
import { journalFromJsonLines, journalToJsonLines } from "../../src/journal/index.js";
import type { ToolSearchSession } from "../../src/session/index.js";
import { chatRefusal, chatScript, menuRules, toolNames } from "./chat-rules.js";
import { CANARY, CANARY_TOOL, newSession, runTool, type Counters } from "./fixtures.js";
import { startLoopback, type Loopback, type Validator } from "./loopback.js";

type Body = Record<string, unknown>;
const refusal = chatRefusal;

function toOpenAI(message: BaseMessage): ChatCompletionMessageParam {
  const text = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
  switch (message.getType()) {
    case "human":
      return { role: "user", content: text };
    case "system":
      return { role: "system", content: text };
    case "tool":
      return { role: "tool", tool_call_id: (message as unknown as { tool_call_id: string }).tool_call_id, content: text };
    default: {
      const calls = (message as AIMessage).tool_calls ?? [];
      return calls.length === 0
        ? { role: "assistant", content: text }
        : { role: "assistant", content: text || null, tool_calls: calls.map((call) => ({ id: call.id!, type: "function" as const, function: { name: call.name, arguments: JSON.stringify(call.args) } })) };
    }
  }
}

/** A LangChain chat model over the real openai client's Chat Completions. */
class OpenAIClientChatModel extends BaseChatModel {
  constructor(readonly client: OpenAI, readonly boundTools: ChatCompletionTool[] = []) {
    super({});
  }
  _llmType(): string {
    return "openai-client";
  }
  override bindTools(tools: BindToolsInput[]): OpenAIClientChatModel {
    return new OpenAIClientChatModel(this.client, tools.map((entry) => convertToOpenAITool(entry) as ChatCompletionTool));
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const completion = await this.client.chat.completions.create({ model: "gpt-test", messages: messages.map(toOpenAI), tools: this.boundTools });
    const reply = completion.choices[0]!.message;
    const message = new AIMessage({
      content: reply.content ?? "",
      tool_calls: (reply.tool_calls ?? []).flatMap((call) => (call.type === "function" ? [{ id: call.id, name: call.function.name, args: JSON.parse(call.function.arguments) as Record<string, unknown>, type: "tool_call" as const }] : [])),
    });
    return { generations: [{ text: reply.content ?? "", message }] };
  }
}

const servers: Loopback[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});


const reply = tool(({ text }: { text: string }) => `sent: ${text}`, { name: "reply", description: "Reply to the user.", schema: { type: "object", properties: { text: { type: "string" } } } });

async function converse(session: ToolSearchSession, validate: Validator = menuRules(() => session.menuNames())) {
  const server = await startLoopback(validate, chatScript, refusal);
  servers.push(server);
  const model = new OpenAIClientChatModel(new OpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1`, maxRetries: 0 }));
  const agent = createAgent({ model, tools: [reply], middleware: [toolsiftMiddleware(session, (call) => runTool(call.name, call.input))] });
  const state = await agent.invoke({ messages: [new HumanMessage("File a GitHub issue about the crash and tell me the weather in Oslo.")] });
  session.finish();
  return { server, state: state as unknown as Record<string, unknown> & { messages: BaseMessage[] } };
}

describe("toolsift/langchain: createAgent middleware", () => {
  it("runs a three-turn conversation over the MCP catalogue that the server accepts", async () => {
    const session = await newSession({ rank: 0 });
    const { server, state } = await converse(session);
    expect(server.violations).toEqual([]);
    expect(server.bodies).toHaveLength(3);
    const sent = server.bodies.map((body) => toolNames(JSON.parse(body) as Body));
    expect(sent[0]).toEqual(["search_tools", "reply"]);
    expect(sent[1]).toContain(CANARY_TOOL);
    const outputs = state.messages.filter((message) => message.getType() === "tool").map((message) => JSON.parse(String(message.content)) as Record<string, unknown>);
    expect(outputs.slice(2)).toEqual([
      { ok: true, tool: "github__create_issue", input: { title: "Crash" } },
      { ok: true, tool: CANARY_TOOL, input: { city: "Oslo" } },
    ]);
    // the loaded names live in agent state
    expect(state[LANGCHAIN_MENU_KEY]).toEqual([...session.menuNames()]);
  });

  it("menu: a model bound to every tool is refused", async () => {
    const session = await newSession({ rank: 0 });
    const server = await startLoopback(menuRules(() => session.menuNames()), chatScript, refusal);
    servers.push(server);
    const model = new OpenAIClientChatModel(new OpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1`, maxRetries: 0 }));
    const extra = tool(() => "", { name: "github__create_issue", description: "x", schema: { type: "object", properties: {} } });
    // without the middleware, the registered catalogue tool is shown before any search
    const agent = createAgent({ model, tools: [reply, extra] });
    await expect(agent.invoke({ messages: [new HumanMessage("hi")] })).rejects.toThrow();
    expect(server.violations.join("\n")).toContain("menu:");
  });

  it("never sends a third-party description before it is vouched (canary)", async () => {
    const { server } = await converse(await newSession({ rank: 0 }));
    expect(server.bodies.join("\n")).toContain(CANARY_TOOL);
    expect(server.bodies.join("\n").toLowerCase()).not.toContain(CANARY.toLowerCase());
  });

  it("replays a recorded conversation with no ranker call and byte-identical requests", async () => {
    const first = await newSession({ rank: 0 });
    const recorded = await converse(first);
    const again: Counters = { rank: 0 };
    const replay = await converse(await newSession(again, journalFromJsonLines(journalToJsonLines(first.journal))));
    expect(again.rank).toBe(0);
    expect(replay.server.bodies).toEqual(recorded.server.bodies);
  });
});
