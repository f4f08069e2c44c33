// The Responses API's rules for client-executed tool search, as the loopback server holds
// requests to them: shared by the openai client's route and the Agents SDK's runner.
import { PROVIDER_NAME, type Validator } from "./loopback.js";

type Item = Record<string, unknown> & { type?: string; call_id?: string };

/** The Responses API's rules for client tool search, as the tests hold the API to them. */
export const responsesRules: Validator = (body, earlier) => {
  const problems: string[] = [];
  for (const tool of (body.tools ?? []) as Item[]) {
    if (tool.type === "function" && !PROVIDER_NAME.test(String(tool.name))) problems.push(`name: ${String(tool.name)} is not 1-64 of [A-Za-z0-9_-]`);
  }
  const input = (body.input ?? []) as Item[];
  const searchCalls = new Set<string>();
  const functionCalls = new Set<string>();
  const outputs = new Map<string, string>();
  for (const item of input) {
    if (item.type === "tool_search_call" && item.execution === "client") searchCalls.add(String(item.call_id));
    if (item.type === "function_call") functionCalls.add(String(item.call_id));
    if (item.type === "tool_search_output") {
      if (!searchCalls.has(String(item.call_id))) problems.push(`call_id: tool_search_output ${String(item.call_id)} echoes no earlier tool_search_call`);
      for (const tool of (item.tools ?? []) as Item[]) {
        if (tool.type === "function" && (typeof tool.parameters !== "object" || !PROVIDER_NAME.test(String(tool.name)))) problems.push(`loaded: ${String(tool.name)} is not a full function definition`);
      }
      outputs.set(String(item.call_id), JSON.stringify(item));
    }
    if (item.type === "function_call_output" && !functionCalls.has(String(item.call_id))) problems.push(`call_id: function_call_output ${String(item.call_id)} answers no function_call`);
  }
  // Every tool_search_output an earlier request carried is still here, unchanged.
  for (const before of earlier) {
    for (const item of (before.input ?? []) as Item[]) {
      if (item.type !== "tool_search_output") continue;
      if (outputs.get(String(item.call_id)) !== JSON.stringify(item)) problems.push(`changed: tool_search_output ${String(item.call_id)} was changed or removed`);
    }
  }
  return problems;
};

