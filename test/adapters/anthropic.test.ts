// toolsift/anthropic driven through the real @anthropic-ai/sdk client against a loopback
// server that checks every request against the documented rules of custom tool search.
import Anthropic from "@anthropic-ai/sdk";
import type { Message, MessageCreateParamsNonStreaming, MessageParam, Tool, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { afterEach, describe, expect, it } from "vitest";
import { anthropicToolSearch, checkAnthropicRequest } from "../../src/adapters/anthropic.js";
import { isToolsiftError } from "../../src/errors.js";
import { createToolSearchSession } from "../../src/session/index.js";
import { parseSkill, skillActivation } from "../../src/skills/index.js";
import { journalFromJsonLines, journalToJsonLines } from "../../src/journal/index.js";
import type { ToolSearchSession } from "../../src/session/index.js";
import { CANARY, CANARY_TOOL, DOTTED_TOOL, GITHUB_GROUP, newSession, runTool, type Counters } from "./fixtures.js";
import { PROVIDER_NAME, startLoopback, type Loopback } from "./loopback.js";

type Body = Record<string, unknown>;
interface WireTool {
  name: string;
  defer_loading?: boolean;
  cache_control?: unknown;
}

/** The documented rules of a Messages request with deferred tools, as the API enforces them. */
function anthropicRules(body: Body, earlier: readonly Body[]): string[] {
  const problems: string[] = [];
  const tools = (body.tools ?? []) as WireTool[];
  const deferred = new Set<string>();
  const declared = new Set<string>();
  for (const tool of tools) {
    if (!PROVIDER_NAME.test(tool.name)) problems.push(`name: ${tool.name} is not 1-64 of [A-Za-z0-9_-]`);
    if (declared.has(tool.name)) problems.push(`name: ${tool.name} declared twice`);
    declared.add(tool.name);
    if (tool.defer_loading === true) {
      deferred.add(tool.name);
      if (tool.cache_control !== undefined) problems.push(`cache_control: deferred tool ${tool.name} has cache_control`);
    }
  }
  if (tools.length > 0 && deferred.size === tools.length) problems.push("deferral: at least one tool must have defer_loading=false");
  if (deferred.size > 10_000) problems.push(`deferral: ${deferred.size} deferred tools, at most 10000`);
  const messages = body.messages as MessageParam[];
  messages.forEach((message, position) => {
    if (typeof message.content === "string") return;
    for (const block of message.content) {
      if (block.type === "tool_result" && Array.isArray(block.content)) {
        for (const part of block.content) {
          if (part.type === "tool_reference" && !deferred.has(part.tool_name)) problems.push(`reference: Tool reference '${part.tool_name}' not found in available tools`);
        }
      }
      if (block.type === "tool_use") {
        const next = messages[position + 1];
        const answered = next !== undefined && typeof next.content !== "string" && next.content.some((part) => part.type === "tool_result" && part.tool_use_id === block.id);
        if (!answered && position + 1 < messages.length) problems.push(`pairing: tool_use ${block.id} has no tool_result`);
      }
    }
  });
  const first = earlier[0];
  if (first !== undefined && JSON.stringify(first.tools) !== JSON.stringify(body.tools)) problems.push("cache: the tools array differs from the first request's");
  return problems;
}

const refusal = (message: string) => ({ type: "error", error: { type: "invalid_request_error", message } });

function message(id: string, content: unknown[], stop: "tool_use" | "end_turn"): Message {
  return { id, type: "message", role: "assistant", model: "claude-test", content, stop_reason: stop, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } as unknown as Message;
}

function references(body: Body): string[] {
  const messages = body.messages as MessageParam[];
  const last = messages[messages.length - 1]!;
  if (typeof last.content === "string") return [];
  return last.content.flatMap((block) => (block.type === "tool_result" && Array.isArray(block.content) ? block.content.flatMap((part) => (part.type === "tool_reference" ? [part.tool_name] : [])) : []));
}

/** The scripted model: search (three searches in one turn), call what was found, answer. */
function claudeScript(body: Body, turn: number): Message {
  if (turn === 0) {
    return message("msg_0", [
      { type: "text", text: "Let me find the tools." },
      { type: "tool_use", id: "toolu_00", name: "search_tools", input: { query: "create a github issue about a bug" }, caller: { type: "direct" } },
      { type: "tool_use", id: "toolu_01", name: "search_tools", input: { query: "weather lookup" }, caller: { type: "direct" } },
      { type: "tool_use", id: "toolu_02", name: "search_tools", input: { select: ["docs_search_pages_" + "x"] }, caller: { type: "direct" } },
    ], "tool_use");
  }
  if (turn === 1) {
    const found = references(body);
    const issue = found.find((name) => name.endsWith("create_issue"))!;
    const weather = found.find((name) => name === CANARY_TOOL)!;
    return message("msg_1", [
      { type: "tool_use", id: "toolu_10", name: issue, input: { owner: "o", repo: "r", title: "Crash" }, caller: { type: "direct" } },
      { type: "tool_use", id: "toolu_11", name: weather, input: { city: "Oslo" }, caller: { type: "direct" } },
    ], "tool_use");
  }
  return message("msg_2", [{ type: "text", text: "Filed the issue; it is sunny in Oslo." }], "end_turn");
}

interface Run {
  bodies: string[];
  violations: string[];
  tools: readonly Tool[];
  results: ToolResultBlockParam[][];
}

async function converse(session: ToolSearchSession, script = claudeScript): Promise<Run> {
  const claude = anthropicToolSearch(session);
  const dotted = claude.tools.find((tool) => tool.name.startsWith("docs_search_pages_"))!.name;
  const server = await startLoopback(anthropicRules, (body, turn) => {
    const reply = script(body, turn);
    // The model selects the dotted tool by the name it was declared under.
    return JSON.parse(JSON.stringify(reply).replace("docs_search_pages_x", dotted)) as unknown;
  }, refusal);
  servers.push(server);
  const client = new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
  const messages: MessageParam[] = [{ role: "user", content: "File a GitHub issue about the crash and tell me the weather in Oslo." }];
  const results: ToolResultBlockParam[][] = [];
  for (let turn = 0; turn < 3; turn++) {
    const params = { model: "claude-test", max_tokens: 1024, tools: [...claude.tools], messages: [...messages] } satisfies MessageCreateParamsNonStreaming;
    claude.check(params);
    const response = await client.messages.create(params);
    const calls = claude.handle(response, messages);
    messages.push({ role: "assistant", content: response.content });
    if (calls.length === 0) break;
    const content = calls.map((call) => call.result ?? claude.toolResult(call.host!, runTool(call.host!.name, call.host!.input)));
    results.push(content);
    messages.push({ role: "user", content });
  }
  session.finish();
  return { bodies: server.bodies, violations: server.violations, tools: claude.tools, results };
}

const servers: Loopback[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("toolsift/anthropic through the Anthropic SDK", () => {
  it("runs a three-turn conversation over the MCP catalogue that the server accepts", async () => {
    const run = await converse(await newSession({ rank: 0 }));
    expect(run.violations).toEqual([]);
    expect(run.bodies).toHaveLength(3);
    // the search tool and the agent's tool not deferred, every searchable tool deferred
    expect(run.tools.slice(0, 2).map((tool) => [tool.name, tool.defer_loading])).toEqual([["search_tools", undefined], ["reply", undefined]]);
    expect(run.tools.length).toBeGreaterThan(2_000);
    expect(run.tools.slice(2).every((tool) => tool.defer_loading === true)).toBe(true);
    // the searches are answered with references only; the found tools then run on the host
    const [searches, calls] = run.results;
    expect(searches!.map((result) => (result.content as { type: string }[]).every((part) => part.type === "tool_reference"))).toEqual([true, true, true]);
    expect(JSON.stringify(searches![2])).toContain("docs_search_pages_");
    expect(calls!.map((result) => JSON.parse((result.content as { text: string }[])[0]!.text) as unknown)).toEqual([
      { ok: true, tool: "github__create_issue", input: { owner: "o", repo: "r", title: "Crash" } },
      { ok: true, tool: CANARY_TOOL, input: { city: "Oslo" } },
    ]);
  });

  it("maps an id that breaks the name rule to a valid name and back", async () => {
    const session = await newSession({ rank: 0 });
    const claude = anthropicToolSearch(session);
    const dotted = claude.tools.find((tool) => tool.name.startsWith("docs_search_pages_"))!;
    expect(dotted.name).toMatch(PROVIDER_NAME);
    const [call] = claude.handle(message("m", [{ type: "tool_use", id: "t", name: "search_tools", input: { select: [dotted.name] } }], "tool_use"), []);
    expect(call!.outcome.kind === "search" && call!.outcome.added).toEqual([DOTTED_TOOL]);
    expect(call!.result!.content).toEqual([{ type: "tool_reference", tool_name: dotted.name }]);
  });

  it("answers a call of a tool not on the menu with is_error", async () => {
    const claude = anthropicToolSearch(await newSession({ rank: 0 }));
    const [call] = claude.handle(message("m", [{ type: "tool_use", id: "t", name: "github__create_issue", input: {} }], "tool_use"), []);
    expect(call!.result).toMatchObject({ type: "tool_result", tool_use_id: "t", is_error: true });
    expect(JSON.stringify(call!.result)).toContain("tool_not_loaded");
  });

  it("never sends a third-party description before it is vouched (canary)", async () => {
    const run = await converse(await newSession({ rank: 0 }));
    const everything = run.bodies.join("\n");
    expect(everything).toContain(CANARY_TOOL);
    expect(everything.toLowerCase()).not.toContain(CANARY.toLowerCase());
    expect(everything).not.toContain("ignore-previous");
  });

  it("replays a recorded conversation with no ranker call and byte-identical requests", async () => {
    const live: Counters = { rank: 0 };
    const first = await newSession(live);
    const recorded = await converse(first);
    expect(live.rank).toBeGreaterThan(0);
    const again: Counters = { rank: 0 };
    const replay = await converse(await newSession(again, journalFromJsonLines(journalToJsonLines(first.journal))));
    expect(again.rank).toBe(0);
    expect(replay.bodies).toEqual(recorded.bodies);
  });
});

describe("the Anthropic rules: the adapter refuses, the server refuses", () => {
  const base = async (): Promise<{ tools: Tool[]; messages: MessageParam[] }> => {
    const claude = anthropicToolSearch(await newSession({ rank: 0 }));
    return { tools: [...claude.tools], messages: [{ role: "user", content: "hi" }] };
  };
  const withReference = (name: string): MessageParam[] => [
    { role: "user", content: "hi" },
    { role: "assistant", content: [{ type: "tool_use", id: "t", name: "search_tools", input: { query: "x" } }] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: [{ type: "tool_reference", tool_name: name }] }] },
  ];

  const cases: { rule: string; broken: (tools: Tool[]) => { tools: Tool[]; messages: MessageParam[] } }[] = [
    { rule: "reference", broken: (tools) => ({ tools, messages: withReference("no_such_tool") }) },
    { rule: "reference", broken: (tools) => ({ tools, messages: withReference("reply") }) },
    { rule: "deferral", broken: (tools) => ({ tools: tools.map((tool) => ({ ...tool, defer_loading: true })), messages: [{ role: "user", content: "hi" }] }) },
    {
      rule: "deferral",
      broken: (tools) => ({ tools: [tools[0]!, ...Array.from({ length: 10_001 }, (_, i): Tool => ({ name: `t${i}`, input_schema: { type: "object" }, defer_loading: true }))], messages: [{ role: "user", content: "hi" }] }),
    },
    { rule: "cache_control", broken: (tools) => ({ tools: tools.map((tool, i) => (i === 5 ? { ...tool, cache_control: { type: "ephemeral" } } : tool)), messages: [{ role: "user", content: "hi" }] }) },
    { rule: "name", broken: (tools) => ({ tools: [...tools, { name: "docs.search", input_schema: { type: "object" } }], messages: [{ role: "user", content: "hi" }] }) },
  ];

  for (const [position, { rule, broken }] of cases.entries()) {
    it(`${rule} (${position}): checkAnthropicRequest throws and the server answers 400`, async () => {
      const request = broken((await base()).tools);
      expect(() => checkAnthropicRequest(request)).toThrow(expect.objectContaining({ code: "invalid_request" }) as Error);
      const server = await startLoopback(anthropicRules, () => message("m", [], "end_turn"), refusal);
      servers.push(server);
      const client = new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
      await expect(client.messages.create({ model: "claude-test", max_tokens: 16, ...request })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
      expect(server.violations.join("\n")).toContain(`${rule}:`);
    });
  }

  it("cache: a tools array that changes between turns is refused by the server", async () => {
    const { tools } = await base();
    const server = await startLoopback(anthropicRules, () => message("m", [{ type: "text", text: "ok" }], "end_turn"), refusal);
    servers.push(server);
    const client = new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
    await client.messages.create({ model: "claude-test", max_tokens: 16, tools, messages: [{ role: "user", content: "hi" }] });
    const reordered = [tools[1]!, tools[0]!, ...tools.slice(2)];
    await expect(client.messages.create({ model: "claude-test", max_tokens: 16, tools: reordered, messages: [{ role: "user", content: "hi" }] })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    expect(server.violations.join("\n")).toContain("cache:");
  });

  it("a ToolsiftError carries the path of the breach", async () => {
    const { tools } = await base();
    try {
      checkAnthropicRequest({ tools, messages: withReference("no_such_tool") });
      expect.unreachable();
    } catch (error) {
      expect(isToolsiftError(error, "invalid_request") && error.path).toEqual(["messages", 2, "content", 0, "content", 0]);
    }
  });
});

describe("toolsift/anthropic with groups", () => {
  it("names the held-back group in the system block and loads it as references to deferred tools", async () => {
    const session = await newSession({ rank: 0 }, undefined, { groups: [GITHUB_GROUP] });
    const claude = anthropicToolSearch(session);
    expect(claude.system).toHaveLength(1);
    expect(claude.system[0]!.text).toContain("github");
    const server = await startLoopback(anthropicRules, (body, turn) => {
      if (turn === 0) return message("m0", [{ type: "tool_use", id: "g0", name: "search_tools", input: { group: "github" }, caller: { type: "direct" } }], "tool_use");
      if (turn === 1) return message("m1", [{ type: "tool_use", id: "g1", name: references(body).find((name) => name.endsWith("create_issue"))!, input: { title: "Crash" }, caller: { type: "direct" } }], "tool_use");
      return message("m2", [{ type: "text", text: "Done." }], "end_turn");
    }, refusal);
    servers.push(server);
    const client = new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
    const messages: MessageParam[] = [{ role: "user", content: "File a GitHub issue." }];
    const loaded: string[][] = [];
    for (let turn = 0; turn < 3; turn++) {
      const response = await client.messages.create({ model: "claude-test", max_tokens: 64, system: [{ type: "text", text: "You help." }, ...claude.system], tools: [...claude.tools], messages: [...messages] });
      const calls = claude.handle(response, messages);
      messages.push({ role: "assistant", content: response.content });
      if (calls.length === 0) break;
      loaded.push(calls.flatMap((call) => (call.outcome.kind === "search" ? [...call.outcome.added] : [])));
      messages.push({ role: "user", content: calls.map((call) => call.result ?? claude.toolResult(call.host!, runTool(call.host!.name, call.host!.input))) });
    }
    expect(server.violations).toEqual([]);
    expect(server.bodies).toHaveLength(3);
    expect(loaded[0]!.length).toBeGreaterThan(5);
    expect(loaded[0]!.every((name) => name.startsWith("github__"))).toBe(true);
    expect(server.bodies[1]).toContain(`"system":[{"type":"text","text":"You help."},{"type":"text","text":${JSON.stringify(claude.system[0]!.text)}}]`);
  });
});

describe("toolsift/anthropic with skills", () => {
  it("declares activate_skill undeferred and answers it as an ordinary result, with references to the tools it brings", async () => {
    await newSession({ rank: 0 }); // init
    const skill = parseSkill("---\nname: triage-bug\ndescription: File a bug as a GitHub issue.\nallowed-tools: github__create_issue\n---\nSearch for duplicates, then file it.\n", { path: "triage-bug/SKILL.md" });
    const session = createToolSearchSession({
      toolSearch: { catalogue: [{ id: "github__create_issue", description: "Create an issue." }, { id: "slack__post_message", description: "Post a message." }] },
      skillActivation: skillActivation({ catalogue: [skill] }),
    });
    const claude = anthropicToolSearch(session);
    expect(claude.tools.map((tool) => [tool.name, tool.defer_loading === true])).toEqual([["search_tools", false], ["activate_skill", false], ["github__create_issue", true], ["slack__post_message", true]]);
    const [call] = claude.handle(message("m", [{ type: "tool_use", id: "s", name: "activate_skill", input: { name: "triage-bug" } }], "tool_use"), []);
    expect(call!.result).toEqual({
      type: "tool_result",
      tool_use_id: "s",
      content: [
        { type: "text", text: JSON.stringify({ skill: "triage-bug", instructions: "Search for duplicates, then file it.\n", tools: ["github__create_issue"] }) },
        { type: "tool_reference", tool_name: "github__create_issue" },
      ],
    });
    expect(() => claude.check({ tools: claude.tools, messages: [{ role: "user", content: [call!.result!] }] })).not.toThrow();
  });
});
