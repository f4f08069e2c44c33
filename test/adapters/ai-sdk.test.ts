// toolsift/ai-sdk driven through the real AI SDK (generateText with @ai-sdk/openai's chat model)
// against a loopback server speaking Chat Completions, which checks every request.
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, isStepCount, toolSearch, type PrepareStepResult, type ToolSet } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { aiSdkToolSearch } from "../../src/adapters/ai-sdk.js";
import { journalFromJsonLines, journalToJsonLines } from "../../src/journal/index.js";
import type { ToolSearchSession } from "../../src/session/index.js";
import { chatRefusal, chatRules, chatScript, menuRules, toolNames, completion } from "./chat-rules.js";
import { CANARY, CANARY_TOOL, newSession, runTool, type Counters } from "./fixtures.js";
import { startLoopback, type Loopback, type Script, type Validator } from "./loopback.js";

type Body = Record<string, unknown>;
const refusal = chatRefusal;

const servers: Loopback[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});


async function converse(session: ToolSearchSession, validate: Validator = menuRules(() => session.menuNames()), script: Script = chatScript) {
  const server = await startLoopback(validate, script, refusal);
  servers.push(server);
  const provider = createOpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1` });
  const ai = aiSdkToolSearch(session, (call) => runTool(call.name, call.input));
  const result = await generateText({
    model: provider.chat("gpt-test"),
    tools: ai.tools,
    prepareStep: ai.prepareStep,
    stopWhen: isStepCount(3),
    maxRetries: 0,
    prompt: "File a GitHub issue about the crash and tell me the weather in Oslo.",
  });
  session.finish();
  return { server, result };
}

describe("toolsift/ai-sdk: the trust-safe route (prepareStep → activeTools = the menu)", () => {
  it("runs a three-step conversation over the MCP catalogue that the server accepts", async () => {
    const { server, result } = await converse(await newSession({ rank: 0 }));
    expect(server.violations).toEqual([]);
    expect(server.bodies).toHaveLength(3);
    const sent = server.bodies.map((body) => toolNames(JSON.parse(body) as Body));
    expect(sent[0]).toEqual(["search_tools", "reply"]);
    expect(sent[1]!.length).toBeGreaterThan(2);
    expect(sent[1]).toContain(CANARY_TOOL);
    const outputs = result.steps[1]!.toolResults.map((part) => part.output);
    expect(outputs).toEqual([
      { ok: true, tool: "github__create_issue", input: { title: "Crash" } },
      { ok: true, tool: CANARY_TOOL, input: { city: "Oslo" } },
    ]);
  });

  it("menu: a request that shows a tool not on the menu is refused", async () => {
    const session = await newSession({ rank: 0 });
    const server = await startLoopback(menuRules(() => session.menuNames()), () => completion("c", { content: "ok" }), refusal);
    servers.push(server);
    const provider = createOpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1` });
    const ai = aiSdkToolSearch(session, () => null);
    // without prepareStep the SDK sends every tool
    await expect(generateText({ model: provider.chat("gpt-test"), tools: ai.tools, maxRetries: 0, prompt: "hi" })).rejects.toThrow();
    expect(server.violations.join("\n")).toContain("menu:");
  });

  it("never sends a third-party description before it is vouched (canary)", async () => {
    const { server } = await converse(await newSession({ rank: 0 }));
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

  it("prepareStep's result is the SDK's type", async () => {
    const ai = aiSdkToolSearch(await newSession({ rank: 0 }), () => null);
    const step = ai.prepareStep() satisfies PrepareStepResult<ToolSet>;
    expect(step).toEqual({ activeTools: ["search_tools", "reply"], toolOrder: ["search_tools", "reply"] });
  });
});

describe("toolsift/ai-sdk: the SDK's toolSearch({ search })", () => {
  const script: Script = (body, turn) => {
    const call = (id: string, name: string, input: unknown) => ({ id, type: "function", function: { name, arguments: JSON.stringify(input) } });
    if (turn === 0) return completion("c0", { tool_calls: [call("call_0", "search", { query: "weather lookup" })] });
    if (turn === 1) return completion("c1", { tool_calls: [call("call_1", CANARY_TOOL, { city: "Oslo" })] });
    return completion("c2", { content: `Done; the tools were ${toolNames(body).join(", ")}.` });
  };

  it("ranks with the session; the SDK loads what it returns, showing only the session's descriptions", async () => {
    const session = await newSession({ rank: 0 });
    const server = await startLoopback(chatRules, script, refusal);
    servers.push(server);
    const ai = aiSdkToolSearch(session, (call) => runTool(call.name, call.input));
    const result = await generateText({
      model: createOpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1` }).chat("gpt-test"),
      tools: { search: toolSearch({ search: ai.search }), ...ai.deferredTools },
      stopWhen: isStepCount(3),
      maxRetries: 0,
      prompt: "What is the weather in Oslo?",
    });
    const sent = server.bodies.map((body) => toolNames(JSON.parse(body) as Body));
    expect(sent[0]).toEqual(["search", "reply"]);
    expect(sent[1]).toContain(CANARY_TOOL);
    expect(result.steps[1]!.toolResults.map((part) => part.output)).toEqual([{ ok: true, tool: CANARY_TOOL, input: { city: "Oslo" } }]);
    expect(session.stats().searches).toBe(1);
    expect(server.bodies.join("\n").toLowerCase()).not.toContain(CANARY.toLowerCase());
  });
});
