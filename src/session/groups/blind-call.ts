import { deepFreeze } from "../../shared/freeze.js";
import { echoName, type ToolCallErrorResult } from "../results.js";

/** Names of a group's other tools a blind call's answer lists at most. */
const MAX_LISTED = 20;

/**
 * The answer to a blind call (docs/groups.md "Blind calls"): the call did not run, the tool is
 * loaded now, and its one-line signature; with the group's rules when the call loaded the
 * whole group for them, and the names of the group's other tools loaded with it.
 */
export function blindAnswer(name: string, line: string, rules: string, group: string | undefined, others: readonly string[]): ToolCallErrorResult {
  const parts = [`Tool ${echoName(name)} was not in your tools, so this call did not run. It is loaded now: call it again. It takes: ${line}`];
  if (rules.length > 0) parts.push(rules);
  if (group !== undefined && others.length > 0) {
    const shown = others.slice(0, MAX_LISTED).join(", ");
    parts.push(`Loaded with it, the rest of group ${echoName(group)}: ${shown}${others.length > MAX_LISTED ? ` and ${others.length - MAX_LISTED} more` : ""}.`);
  }
  return deepFreeze({ code: "tool_loaded" as const, message: parts.join("\n\n"), suggestions: [], signature: line });
}
