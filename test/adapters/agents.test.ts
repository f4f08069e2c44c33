// The Agents SDK's runner with toolsift's client-executed tool search, through the real openai
// client against the Responses loopback validator.
import { Agent, run, tool } from "@openai/agents-core";
import { OpenAIResponsesModel, toolSearchTool } from "@openai/agents-openai";
import OpenAI from "openai";
import type { Response } from "openai/resources/responses/responses";
import { afterEach, describe, expect, it } from "vitest";
import { agentsToolSearchOptions } from "../../src/adapters/openai.js";
import { CANARY, CANARY_TOOL, newSession } from "./fixtures.js";
import { startLoopback, type Loopback } from "./loopback.js";
import { responsesRules } from "./responses-rules.js";

const servers: Loopback[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function response(id: string, output: unknown[]): Response {
  return { id, object: "response", created_at: 0, model: "gpt-test", status: "completed", output, parallel_tool_calls: true, tool_choice: "auto", tools: [], usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } } } as unknown as Response;
}

describe("toolsift/openai: the Agents SDK's toolSearchTool", () => {
  it("runs search → call → answer with the session's search, the loaded tool injected", async () => {
    const session = await newSession({ rank: 0 });
    const ran: unknown[] = [];
    const weather = tool({ name: CANARY_TOOL, description: "Weather for a city.", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: true }, strict: false, deferLoading: true, execute: (input) => (ran.push(input), "sunny") });
    const server = await startLoopback(responsesRules, (body, turn) => {
      if (turn === 0) return response("r0", [{ type: "tool_search_call", id: "tsc_0", call_id: "call_s", execution: "client", status: "completed", arguments: { query: "weather lookup" } }]);
      if (turn === 1) return response("r1", [{ type: "function_call", id: "fc_0", call_id: "call_f", name: CANARY_TOOL, arguments: "{\"city\":\"Oslo\"}", status: "completed" }]);
      return response("r2", [{ type: "message", id: "m", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Sunny.", annotations: [] }] }]);
    }, (message) => ({ error: { message } }));
    servers.push(server);
    const client = new OpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1`, maxRetries: 0 });
    const search = toolSearchTool(agentsToolSearchOptions(session, { resolve: (name) => (name === CANARY_TOOL ? weather : undefined) }));
    const agent = new Agent({ name: "helper", model: new OpenAIResponsesModel(client, "gpt-test"), tools: [search] });
    const result = await run(agent, "What is the weather in Oslo?", { maxTurns: 4 });
    expect(server.violations).toEqual([]);
    expect(result.finalOutput).toBe("Sunny.");
    // undeclared injection: the first request declares the search tool and no catalogue tool
    expect(server.bodies[0]).not.toContain(CANARY_TOOL);
    expect(ran).toEqual([{ city: "Oslo" }]);
    const second = JSON.parse(server.bodies[1]!) as { input: { type?: string; call_id?: string; tools?: { name: string }[] }[] };
    const output = second.input.find((item) => item.type === "tool_search_output")!;
    expect([output.call_id, output.tools!.map((entry) => entry.name)]).toEqual(["call_s", [CANARY_TOOL]]);
    expect(session.stats().searches).toBe(1);
    expect(server.bodies.join("\n")).not.toContain(CANARY);
  });
});
