// Chat Completions as the tests hold the API to it, and a scripted model speaking it: shared by
// the openai client's route and the AI SDK's (through @ai-sdk/openai's chat model).
import type { ChatCompletion, ChatCompletionMessageParam } from "openai/resources/chat/completions/completions";
import { CANARY_TOOL } from "./fixtures.js";
import { PROVIDER_NAME, type Script, type Validator } from "./loopback.js";

type Body = Record<string, unknown>;

/** Chat Completions rules: tools only appended (earlier entries unchanged, in place), calls answered. */
export const chatRules: Validator = (body, earlier) => {
  const problems: string[] = [];
  const tools = (body.tools ?? []) as { function: { name: string } }[];
  for (const tool of tools) if (!PROVIDER_NAME.test(tool.function.name)) problems.push(`name: ${tool.function.name} is not 1-64 of [A-Za-z0-9_-]`);
  const previous = earlier[earlier.length - 1];
  if (previous !== undefined) {
    const before = (previous.tools ?? []) as unknown[];
    if (before.length > tools.length || before.some((tool, position) => JSON.stringify(tool) !== JSON.stringify(tools[position]))) problems.push("append: the tools array is not the previous one with tools appended");
  }
  const asked = new Set<string>();
  for (const message of body.messages as ChatCompletionMessageParam[]) {
    if (message.role === "assistant") for (const call of message.tool_calls ?? []) asked.add(call.id);
    if (message.role === "tool" && !asked.has(message.tool_call_id)) problems.push(`call_id: tool message ${message.tool_call_id} answers no call`);
  }
  return problems;
};

export function completion(id: string, message: Record<string, unknown>): ChatCompletion {
  return { id, object: "chat.completion", created: 0, model: "gpt-test", choices: [{ index: 0, message: { role: "assistant", content: null, refusal: null, ...message }, finish_reason: "tool_calls" in message ? "tool_calls" : "stop", logprobs: null }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  } as ChatCompletion;
}

export const chatScript: Script = (body, turn) => {
  const names = ((body.tools ?? []) as { function: { name: string } }[]).map((tool) => tool.function.name);
  const call = (id: string, name: string, input: unknown) => ({ id, type: "function", function: { name, arguments: JSON.stringify(input) } });
  if (turn === 0) return completion("c0", { tool_calls: [call("call_0", "search_tools", { query: "create a github issue about a bug" }), call("call_1", "search_tools", { query: "weather lookup" })] });
  if (turn === 1) return completion("c1", { tool_calls: [call("call_2", names.find((name) => name.endsWith("create_issue"))!, { title: "Crash" }), call("call_3", CANARY_TOOL, { city: "Oslo" })] });
  return completion("c2", { content: "Done." });
};


const toolNamesOf = (body: Body): string[] => ((body.tools ?? []) as { function: { name: string } }[]).map((tool) => tool.function.name);
export { toolNamesOf as toolNames };

/** Chat Completions rules plus the menu routes' own: the model is shown the menu and nothing else. */
export function menuRules(menuNames: () => readonly string[]): Validator {
  return (body, earlier, raw, earlierRaw) => {
    const problems = chatRules(body, earlier, raw, earlierRaw);
    const menu = new Set(menuNames());
    for (const name of toolNamesOf(body)) if (!menu.has(name)) problems.push(`menu: ${name} is sent but not on the menu`);
    return problems;
  };
}

export const chatRefusal = (message: string) => ({ error: { message, type: "invalid_request_error", param: null, code: null } });
