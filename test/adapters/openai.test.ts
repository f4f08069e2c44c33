// toolsift/openai driven through the real openai client against a loopback server that checks
// every request: the Responses API's client-executed tool_search, and plain Chat Completions.
import OpenAI from "openai";
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from "openai/resources/chat/completions/completions";
import type { Response, ResponseCreateParamsNonStreaming, ResponseInputItem } from "openai/resources/responses/responses";
import { afterEach, describe, expect, it } from "vitest";
import { openaiChatToolSearch, openaiToolSearch } from "../../src/adapters/openai.js";
import { isToolsiftError } from "../../src/errors.js";
import { journalFromJsonLines, journalToJsonLines } from "../../src/journal/index.js";
import type { ToolSearchSession } from "../../src/session/index.js";
import { CANARY, CANARY_TOOL, GITHUB_GROUP, newSession, runTool, type Counters } from "./fixtures.js";
import { chatRules, chatScript, completion } from "./chat-rules.js";
import { responsesRules } from "./responses-rules.js";
import { startLoopback, type Loopback, type Script, type Validator } from "./loopback.js";

type Body = Record<string, unknown>;
type Item = Record<string, unknown> & { type?: string; call_id?: string };

const refusal = (message: string) => ({ error: { message, type: "invalid_request_error", param: null, code: null } });

function response(id: string, output: unknown[]): Response {
  return { id, object: "response", created_at: 0, model: "gpt-test", status: "completed", output, parallel_tool_calls: true, tool_choice: "auto", tools: [] } as unknown as Response;
}

function loadedNames(body: Body): string[] {
  return ((body.input ?? []) as Item[]).flatMap((item) => (item.type === "tool_search_output" ? ((item.tools ?? []) as Item[]).map((tool) => String(tool.name)) : []));
}

const responsesScript: Script = (body, turn) => {
  if (turn === 0) {
    return response("resp_0", [
      { type: "tool_search_call", id: "tsc_0", call_id: "call_s0", execution: "client", status: "completed", arguments: { query: "create a github issue about a bug" } },
      { type: "tool_search_call", id: "tsc_1", call_id: "call_s1", execution: "client", status: "completed", arguments: { query: "weather lookup" } },
    ]);
  }
  if (turn === 1) {
    const found = loadedNames(body);
    const issue = found.find((name) => name.endsWith("create_issue"))!;
    return response("resp_1", [
      { type: "function_call", id: "fc_0", call_id: "call_f0", name: issue, namespace: issue, arguments: JSON.stringify({ owner: "o", repo: "r", title: "Crash" }), status: "completed" },
      { type: "function_call", id: "fc_1", call_id: "call_f1", name: CANARY_TOOL, namespace: CANARY_TOOL, arguments: JSON.stringify({ city: "Oslo" }), status: "completed" },
    ]);
  }
  return response("resp_2", [{ type: "message", id: "msg_2", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Done.", annotations: [] }] }]);
};

const servers: Loopback[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(validate: Validator, script: Script): Promise<{ server: Loopback; client: OpenAI }> {
  const server = await startLoopback(validate, script, refusal);
  servers.push(server);
  return { server, client: new OpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1`, maxRetries: 0 }) };
}

async function converseResponses(session: ToolSearchSession): Promise<{ server: Loopback; input: ResponseInputItem[] }> {
  const gpt = openaiToolSearch(session);
  const { server, client } = await serve(responsesRules, responsesScript);
  const input: ResponseInputItem[] = [{ role: "user", content: "File a GitHub issue about the crash and tell me the weather in Oslo." }];
  for (let turn = 0; turn < 3; turn++) {
    const params = { model: "gpt-test", input: [...input], tools: [...gpt.tools] } satisfies ResponseCreateParamsNonStreaming;
    const reply = await client.responses.create(params);
    input.push(...(reply.output as ResponseInputItem[]));
    const calls = gpt.handle(reply);
    if (calls.length === 0) break;
    for (const call of calls) input.push(call.output ?? gpt.functionOutput(call.host!, runTool(call.host!.name, call.host!.input)));
  }
  session.finish();
  return { server, input };
}

describe("toolsift/openai: Responses API with client tool_search", () => {
  it("runs a three-turn conversation over the MCP catalogue that the server accepts", async () => {
    const { server, input } = await converseResponses(await newSession({ rank: 0 }));
    expect(server.violations).toEqual([]);
    expect(server.bodies).toHaveLength(3);
    const first = JSON.parse(server.bodies[0]!) as Body;
    // no catalogue tool is declared up front: only the search tool and the agent's tool
    expect((first.tools as Item[]).map((tool) => [tool.type, tool.execution ?? tool.name])).toEqual([["tool_search", "client"], ["function", "reply"]]);
    const outputs = input.filter((item) => item.type === "tool_search_output");
    expect(outputs.map((item) => item.call_id)).toEqual(["call_s0", "call_s1"]);
    expect(outputs.every((item) => item.tools.length > 0 && item.tools.every((tool) => tool.type === "function" && tool.parameters !== null))).toBe(true);
    const ran = input.filter((item) => item.type === "function_call_output").map((item) => JSON.parse(item.output as string) as unknown);
    expect(ran).toEqual([
      { ok: true, tool: "github__create_issue", input: { owner: "o", repo: "r", title: "Crash" } },
      { ok: true, tool: CANARY_TOOL, input: { city: "Oslo" } },
    ]);
  });

  it("counts a turn per handled response, and resumes from a given turn", async () => {
    const session = await newSession({ rank: 0 });
    const gpt = openaiToolSearch(session);
    const searchAt = (id: string, query: string) => response(id, [{ type: "tool_search_call", id: `tsc_${id}`, call_id: `call_${id}`, execution: "client", status: "completed", arguments: { query } }]);
    const decided = [gpt.handle(searchAt("a", "weather lookup")), gpt.handle(searchAt("b", "create a github issue"))].map(([call]) => call!.outcome.kind === "search" && call!.outcome.decisionId);
    expect(decided).toEqual(["adapter-run#turn:0:tool:0:search", "adapter-run#turn:1:tool:0:search"]);
    const resumed = openaiToolSearch(session).handle(searchAt("c", "send an email"), { turn: 2 });
    expect(resumed[0]!.outcome.kind === "search" && resumed[0]!.outcome.decisionId).toBe("adapter-run#turn:2:tool:0:search");
  });

  it("answers a call of a tool it never loaded with a function_call_output error", async () => {
    const gpt = openaiToolSearch(await newSession({ rank: 0 }));
    const [call] = gpt.handle(response("r", [{ type: "function_call", call_id: "c", name: "github__create_issue", arguments: "{}" }]));
    expect(call!.output).toMatchObject({ type: "function_call_output", call_id: "c" });
    expect(JSON.stringify(call!.output)).toContain("tool_not_loaded");
  });

  it("never sends a third-party description before it is vouched (canary)", async () => {
    const { server } = await converseResponses(await newSession({ rank: 0 }));
    const everything = server.bodies.join("\n");
    expect(everything).toContain(CANARY_TOOL);
    expect(everything.toLowerCase()).not.toContain(CANARY.toLowerCase());
  });

  it("replays a recorded conversation with no ranker call and byte-identical requests", async () => {
    const live: Counters = { rank: 0 };
    const first = await newSession(live);
    const recorded = await converseResponses(first);
    const again: Counters = { rank: 0 };
    const replay = await converseResponses(await newSession(again, journalFromJsonLines(journalToJsonLines(first.journal))));
    expect(live.rank).toBeGreaterThan(0);
    expect(again.rank).toBe(0);
    expect(replay.server.bodies).toEqual(recorded.server.bodies);
  });

  it("call_id: a tool_search_output that does not echo its call is refused", async () => {
    const { server, client } = await serve(responsesRules, () => response("r", []));
    const input: ResponseInputItem[] = [
      { type: "tool_search_call", call_id: "call_a", execution: "client", status: "completed", arguments: { query: "x" } },
      { type: "tool_search_output", call_id: "call_b", execution: "client", status: "completed", tools: [] },
    ];
    await expect(client.responses.create({ model: "gpt-test", input })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    expect(server.violations.join("\n")).toContain("call_id:");
  });

  it("changed: an earlier tool_search_output changed in a later request is refused", async () => {
    const { server, client } = await serve(responsesRules, () => response("r", []));
    const tool = { type: "function" as const, name: "a", parameters: { type: "object" }, strict: false, defer_loading: true };
    const call: ResponseInputItem = { type: "tool_search_call", call_id: "call_a", execution: "client", status: "completed", arguments: { query: "x" } };
    await client.responses.create({ model: "gpt-test", input: [call, { type: "tool_search_output", call_id: "call_a", execution: "client", status: "completed", tools: [tool, { ...tool, name: "b" }] }] });
    await expect(
      client.responses.create({ model: "gpt-test", input: [call, { type: "tool_search_output", call_id: "call_a", execution: "client", status: "completed", tools: [tool] }] }),
    ).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    expect(server.violations.join("\n")).toContain("changed:");
  });

  it("name: a function whose name breaks the rule is refused", async () => {
    const { server, client } = await serve(responsesRules, () => response("r", []));
    await expect(client.responses.create({ model: "gpt-test", input: "hi", tools: [{ type: "function", name: "docs.search", parameters: {}, strict: false }] })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    expect(server.violations.join("\n")).toContain("name:");
  });
});

async function converseChat(session: ToolSearchSession): Promise<Loopback> {
  const chat = openaiChatToolSearch(session);
  const { server, client } = await serve(chatRules, chatScript);
  const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "File a GitHub issue about the crash and tell me the weather in Oslo." }];
  for (let turn = 0; turn < 3; turn++) {
    const params = { model: "gpt-test", messages: [...messages], tools: chat.tools() } satisfies ChatCompletionCreateParamsNonStreaming;
    const reply = await client.chat.completions.create(params);
    const message = reply.choices[0]!.message;
    const calls = chat.handle(message, messages);
    messages.push(message);
    if (calls.length === 0) break;
    for (const call of calls) messages.push(call.message ?? chat.toolMessage(call.host!, runTool(call.host!.name, call.host!.input)));
  }
  session.finish();
  return server;
}

describe("toolsift/openai: plain Chat Completions", () => {
  it("runs a three-turn conversation, the tools only ever appended", async () => {
    const server = await converseChat(await newSession({ rank: 0 }));
    expect(server.violations).toEqual([]);
    const counts = server.bodies.map((body) => ((JSON.parse(body) as Body).tools as unknown[]).length);
    expect(counts[0]).toBe(2);
    expect(counts[1]).toBeGreaterThan(2);
    expect(counts[2]).toBe(counts[1]);
    expect(server.bodies[2]).toContain(`"content":"{\\"ok\\":true,\\"tool\\":\\"${CANARY_TOOL}\\"`);
  });

  it("never sends a third-party description before it is vouched, and replays byte for byte", async () => {
    const first = await newSession({ rank: 0 });
    const recorded = await converseChat(first);
    expect(recorded.bodies.join("\n").toLowerCase()).not.toContain(CANARY.toLowerCase());
    const again: Counters = { rank: 0 };
    const replay = await converseChat(await newSession(again, journalFromJsonLines(journalToJsonLines(first.journal))));
    expect(again.rank).toBe(0);
    expect(replay.bodies).toEqual(recorded.bodies);
  });

  it("a tool call without its function (or custom) part is invalid_request naming it, not a TypeError", async () => {
    const chat = openaiChatToolSearch(await newSession({ rank: 0 }));
    const refused = (toolCall: unknown) => {
      try {
        chat.handle({ tool_calls: [toolCall] } as never, []);
      } catch (error) {
        if (isToolsiftError(error, "invalid_request")) return { message: error.message, path: error.path };
        throw error;
      }
      throw new Error("handled");
    };
    expect(refused({ id: "c1", type: "function" })).toEqual({ message: "tool_calls[0] has no function { name, arguments }.", path: ["tool_calls", 0, "function"] });
    expect(refused({ id: "c1", type: "function", function: { arguments: "{}" } })).toEqual({ message: "tool_calls[0].function.name is not a string.", path: ["tool_calls", 0, "function", "name"] });
    expect(refused({ id: "c1", type: "custom" })).toEqual({ message: "tool_calls[0] has no custom { name, input }.", path: ["tool_calls", 0, "custom"] });
    expect(refused(null)).toEqual({ message: "tool_calls[0] is not a tool call object.", path: ["tool_calls", 0] });
    expect(refused({ type: "function", function: { name: "search_tools", arguments: "{}" } })).toEqual({ message: "tool_calls[0].id is not a string.", path: ["tool_calls", 0, "id"] });
    expect(() => chat.handle({ tool_calls: { id: "c1" } } as never, [])).toThrow(expect.objectContaining({ code: "invalid_request", path: ["tool_calls"] }));
    expect(() => chat.handle(null as never, [])).toThrow(expect.objectContaining({ code: "invalid_request", path: ["tool_calls"] }));
    const host = new Error("host getter");
    const trap = { id: "c1", type: "function", get function() { throw host; } };
    let caught: unknown;
    try {
      chat.handle({ tool_calls: [trap] } as never, []);
    } catch (error) {
      caught = error;
    }
    expect(isToolsiftError(caught, "invalid_request") && caught.cause).toBe(host);
  });

  it("append: a tools array that drops or reorders a tool is refused", async () => {
    const { server, client } = await serve(chatRules, () => completion("c", { content: "ok" }));
    const tool = (name: string) => ({ type: "function" as const, function: { name, parameters: { type: "object" } } });
    await client.chat.completions.create({ model: "gpt-test", messages: [{ role: "user", content: "hi" }], tools: [tool("a"), tool("b")] });
    await expect(client.chat.completions.create({ model: "gpt-test", messages: [{ role: "user", content: "hi" }], tools: [tool("b"), tool("a"), tool("c")] })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    expect(server.violations.join("\n")).toContain("append:");
  });
});

describe("toolsift/openai with groups", () => {
  it("returns a loaded group as one namespace object, and runs a call of its member", async () => {
    const session = await newSession({ rank: 0 }, undefined, { groups: [GITHUB_GROUP] });
    const gpt = openaiToolSearch(session);
    expect(gpt.instructions).toContain("github");
    const { server, client } = await serve(responsesRules, (body, turn) => {
      if (turn === 0) return response("r0", [{ type: "tool_search_call", id: "tsc", call_id: "call_g", execution: "client", status: "completed", arguments: { group: "github" } }]);
      if (turn === 1) {
        const namespace = ((body.input as Item[]).find((item) => item.type === "tool_search_output")!.tools as Item[])[0]!;
        const member = (namespace.tools as Item[]).find((tool) => String(tool.name).endsWith("create_issue"))!;
        return response("r1", [{ type: "function_call", call_id: "call_f", name: member.name, namespace: namespace.name, arguments: "{\"title\":\"Crash\"}" }]);
      }
      return response("r2", [{ type: "message", id: "m", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Done.", annotations: [] }] }]);
    });
    const input: ResponseInputItem[] = [{ role: "user", content: "File a GitHub issue." }];
    for (let turn = 0; turn < 3; turn++) {
      const reply = await client.responses.create({ model: "gpt-test", instructions: gpt.instructions, input: [...input], tools: [...gpt.tools] });
      input.push(...(reply.output as ResponseInputItem[]));
      const calls = gpt.handle(reply);
      if (calls.length === 0) break;
      for (const call of calls) input.push(call.output ?? gpt.functionOutput(call.host!, runTool(call.host!.name, call.host!.input)));
    }
    expect(server.violations).toEqual([]);
    const output = input.find((item) => item.type === "tool_search_output")!;
    expect(output.tools.map((tool) => [tool.type, "name" in tool ? tool.name : ""])).toEqual([["namespace", "github"]]);
    const ran = input.filter((item) => item.type === "function_call_output").map((item) => JSON.parse(item.output as string) as unknown);
    expect(ran).toEqual([{ ok: true, tool: "github__create_issue", input: { title: "Crash" } }]);
  });
});
