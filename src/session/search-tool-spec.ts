import { deepFreeze } from "../shared/freeze.js";
import type { ToolSpec } from "../trust/spec.js";
import { MAX_ALTERNATIVES } from "./search-input.js";

/**
 * The model-facing spec of the search meta-tool. A pure function of its name and
 * `maxPerSearch`, so the first menu entry is byte-identical for every run of a config.
 */
export function searchToolSpec(name: string, maxPerSearch: number, skills = false, groups = false): ToolSpec {
  const spec = {
    name,
    description:
      "Find tools for a task and add them to your tools. Describe the task in a few words (query), " +
      "or name tools exactly (select). Tools returned with loaded: true can be called right away; " +
      "loaded: false means the tool did not fit and cannot be called. When your words may not be a tool's, " +
      "add alternatives: the same task in the words a tool's name would use (e.g. \"resize image\" for \"make this photo smaller\")." +
      (skills ? " It also finds skills; load one with activate_skill." : "") +
      (groups ? " Load a whole tool group with group (the group names are in your instructions)." : ""),
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "What you want to do, in a few words." },
        limit: {
          type: "integer",
          minimum: 1,
          maximum: maxPerSearch,
          description: `How many tools to return (at most ${maxPerSearch}).`,
        },
        select: {
          type: "array",
          items: { type: "string" },
          maxItems: maxPerSearch,
          description: "Exact tool names to load.",
        },
        alternatives: {
          type: "array",
          items: { type: "string" },
          maxItems: MAX_ALTERNATIVES,
          description: `Up to ${MAX_ALTERNATIVES} more phrasings of the query, searched together with it.`,
        },
      },
      additionalProperties: false,
    },
  };
  if (!groups) return deepFreeze(spec);
  // Only with groups: a session without them keeps the spec's bytes.
  const properties = { ...spec.inputSchema.properties, group: { type: "string", description: "A tool group's name: loads every tool of the group." } };
  return deepFreeze({ ...spec, inputSchema: { ...spec.inputSchema, properties } });
}
