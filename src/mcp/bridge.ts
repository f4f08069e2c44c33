// The bridge menu of the gateway (docs/gateway.md "The menu: append or bridge"): tools/list
// stays the same bytes for the whole run (search_tools, call_tool, the pinned tools), and what
// a search loads reaches the model as data instead: each loaded hit carries the input schema
// its menu spec has (trust-filtered: sanitized and text-stripped for a tool nobody vouched
// for), and the model calls it through call_tool. Loads then change neither the client's
// tools array nor the provider's cached prompt prefix.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ToolSpec } from "../trust/spec.js";
import type { GatewayMenu } from "./config.js";

export const SEARCH_TOOL = "search_tools";
export const CALL_TOOL = "call_tool";

/** The `call_tool` meta-tool of a menu mode: the same bytes for every run of that mode. */
export function callToolSpec(menu: GatewayMenu): Tool {
  return {
    name: CALL_TOOL,
    description:
      menu === "bridge"
        ? `Call a tool that ${SEARCH_TOOL} found, by its name, with arguments that match the inputSchema ${SEARCH_TOOL} returned for it.`
        : `Call a tool that ${SEARCH_TOOL} found, by its name, with its arguments. Use it when a found tool does not appear among your tools.`,
    inputSchema: {
      type: "object",
      properties: {
        name: { type: "string", description: `The tool's name, as ${SEARCH_TOOL} returned it.` },
        arguments: { type: "object", description: "The tool's arguments.", additionalProperties: true },
      },
      required: ["name"],
      additionalProperties: false,
    },
  };
}

const ADDED = "and add them to your tools";

/**
 * The search tool's description in the bridge menu: found tools are not added to the client's
 * tools but made callable through call_tool, each with its input schema.
 */
export function bridgeSearchDescription(description: string): string {
  const said = description.includes(ADDED) ? description.replace(ADDED, `and make them callable through ${CALL_TOOL}`) : description;
  return `${said} Each loaded tool comes with its inputSchema: call it with ${CALL_TOOL}({ name, arguments }).`;
}

interface Hit {
  readonly name: string;
  readonly loaded: boolean;
}

/**
 * A search result as the bridge menu answers it: each loaded hit with the input schema of its
 * menu spec (`specOf`). Hits that did not load (a cap) and refusals are left as they are.
 */
export function withSchemas<T extends object>(result: T, specOf: (id: string) => ToolSpec | undefined): T {
  const tools = (result as { tools?: unknown }).tools;
  if (!Array.isArray(tools)) return result;
  const shown = (tools as Hit[]).map((hit) => {
    const spec = hit.loaded ? specOf(hit.name) : undefined;
    return spec === undefined ? hit : { ...hit, inputSchema: spec.inputSchema };
  });
  return { ...result, tools: shown };
}

/**
 * A skill activation as the bridge menu answers it: `schemas`, the input schema of each tool
 * it brought (`tools`), in that order. Without such tools it is left as it is.
 */
export function withToolSchemas<T extends object>(result: T, specOf: (id: string) => ToolSpec | undefined): T {
  const tools = (result as { tools?: unknown }).tools;
  if (!Array.isArray(tools)) return result;
  const schemas = tools.flatMap((id: unknown) => {
    const spec = typeof id === "string" ? specOf(id) : undefined;
    return spec === undefined ? [] : [{ name: spec.name, inputSchema: spec.inputSchema }];
  });
  return schemas.length === 0 ? result : { ...result, schemas };
}

/** A blind call's `tool_loaded` answer with the schema of the tool it loaded. */
export function withSchema<T extends object>(result: T, spec: ToolSpec | undefined): T {
  return spec === undefined ? result : { ...result, inputSchema: spec.inputSchema };
}
