// The downstream side's `instructions` (the initialize result's text a client puts in its
// system prompt): the tool groups search_tools' description points to, one per configured server.

/**
 * The gateway's instructions: how to find tools, and every configured server by name, each a
 * tool group. Built from the config alone, so the bytes are the same for the whole run and
 * name a server that is still starting or down (a load of its group then says so); `undefined`
 * without servers.
 *
 * @example
 * gatewayInstructions(["github", "memory"], "search_tools")
 * // "…Tool groups, one per MCP server: \"github\", \"memory\"."
 */
export function gatewayInstructions(servers: readonly string[], searchTool: string): string | undefined {
  if (servers.length === 0) return undefined;
  return (
    `The tools of several MCP servers are behind ${searchTool}: describe a task to find and load the tools for it, ` +
    `or load every tool of one server with ${searchTool}({ "group": "<name>" }). ` +
    `Tool groups, one per MCP server: ${servers.map((name) => JSON.stringify(name)).join(", ")}.`
  );
}
