import { WorkBudget } from "../core/work-budget.js";
import { deepFreeze } from "../shared/freeze.js";
import type { SessionCatalogue } from "./catalogue.js";
import type { Menu } from "./menu.js";
import { NEAR_NAMES_BUDGET, nearNames } from "./near-names.js";
import { echoName, type ToolCallErrorResult } from "./results.js";

/** Where an off-menu tool could come from: the search tool and its catalogue. */
export interface OffMenuSearch {
  readonly toolName: string;
  readonly catalogue: SessionCatalogue;
}

/**
 * The answer to a call of a tool not on the menu: `tool_not_loaded` for a tool a search can
 * load (how to load it), otherwise `unknown_tool` with near names of tools on the menu or
 * loadable, compared within one work budget.
 */
export function offMenuAnswer(name: string, menu: Menu, search: OffMenuSearch | undefined): { result: ToolCallErrorResult; tainted: boolean } {
  const catalogue = search?.catalogue;
  if (search !== undefined && catalogue !== undefined && catalogue.searchable(name)) {
    const message = `Tool ${echoName(name)} is not loaded. Call ${search.toolName} with select: [${echoName(name)}] to load it.`;
    return { result: deepFreeze({ code: "tool_not_loaded", message, suggestions: [] }), tainted: catalogue.entry(name).trust.thirdParty };
  }
  const menuNames = menu.names();
  // One budget for looking at catalogue ids and comparing them: a catalogue whose ids are
  // mostly not admitted (on the menu) costs its look-ups too.
  const budget = new WorkBudget(NEAR_NAMES_BUDGET);
  const candidates = function* (): Generator<string> {
    yield* menuNames;
    if (catalogue !== undefined) {
      for (const id of catalogue.universe()) {
        if (!budget.take(1)) return;
        if (catalogue.searchable(id) && !menu.has(id)) yield id;
      }
    }
  };
  const suggestions = nearNames(name, candidates(), budget);
  const tainted = suggestions.some((suggestion) => (menu.get(suggestion)?.thirdParty ?? catalogue?.get(suggestion)?.trust.thirdParty) === true);
  const message = `Unknown tool ${echoName(name)}.${suggestions.length > 0 ? ` Did you mean: ${suggestions.join(", ")}?` : ""}`;
  return { result: deepFreeze({ code: "unknown_tool", message, suggestions }), tainted };
}
