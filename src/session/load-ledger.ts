import { safeWarn, type WarningHook } from "../shared/warnings.js";
import type { LoadBudget } from "./admission.js";
import type { SessionCatalogue } from "./catalogue.js";
import type { ResolvedToolSearch } from "./config.js";
import type { Menu } from "./menu.js";
import { echoName } from "./results.js";

/** The load budget a group plan is checked against. */
export interface GroupBudget {
  /** Load entries used (`maxLoaded` counts a whole group as one). */
  readonly entries: number;
  readonly maxLoaded: number;
  readonly chars: number;
  readonly maxChars: number | undefined;
  /** Tools on the menu now, and the cap (`deferral.maxTools`). */
  readonly menuTools: number;
  readonly maxTools: number | undefined;
}

/**
 * What the run's loads used (DESIGN.md "Session", docs/groups.md "Loading"): tools searches and
 * blind calls added to the menu, their spec characters, and the load entries `maxLoaded`
 * counts (a tool, or a whole group as one). Loads only ever append to the menu.
 */
export class LoadLedger {
  /** Tools loaded after turn 0 (what `stats().loadedBySearch` reports). */
  tools = 0;
  /** Characters of their specs (what `maxMenuChars` caps). */
  chars = 0;
  /** Entries under `maxLoaded`. Equal to `tools` in a session without groups. */
  entries = 0;
  /**
   * Searchable catalogue tools on the menu, however they came (`alwaysLoaded`, an advertised
   * group, a load, a skill): what a search over-asks its ranker by.
   */
  catalogueOnMenu: number;
  readonly #menu: Menu;

  constructor(menu: Menu, catalogueOnMenu: number) {
    this.#menu = menu;
    this.catalogueOnMenu = catalogueOnMenu;
  }

  /** Appends catalogue tools to the menu as loads: `entries` entries under `maxLoaded`. */
  load(catalogue: SessionCatalogue, ids: readonly string[], entries: number): void {
    for (const id of ids) {
      const entry = catalogue.entry(id);
      const spec = catalogue.loadableSpec(id);
      this.#menu.add({ name: id, spec, tool: entry.tool, section: "search", thirdParty: entry.trust.thirdParty });
      this.tools++;
      this.chars += JSON.stringify(spec).length;
      this.catalogueOnMenu++;
    }
    this.entries += entries;
  }

  /**
   * The budget of single-tool loads, after `extra` (a call's group loads, planned first).
   * `room` only under `deferral.maxTools`, so a session without groups plans as before.
   */
  budget(config: ResolvedToolSearch, maxTools: number | undefined, extra = { entries: 0, tools: 0, chars: 0 }): LoadBudget {
    const budget = { loaded: this.entries + extra.entries, maxLoaded: config.maxLoaded, chars: this.chars + extra.chars, maxChars: config.maxMenuChars };
    return maxTools === undefined ? budget : { ...budget, room: Math.max(0, maxTools - this.#menu.size - extra.tools) };
  }

  /** The budget of one group load, after `extra` of the same call. */
  groupBudget(config: ResolvedToolSearch, maxTools: number | undefined, extra = { entries: 0, tools: 0, chars: 0 }): GroupBudget {
    return {
      entries: this.entries + extra.entries,
      maxLoaded: config.maxLoaded,
      chars: this.chars + extra.chars,
      maxChars: config.maxMenuChars,
      menuTools: this.#menu.size + extra.tools,
      maxTools,
    };
  }
}

/**
 * What a catalogue tool would add to the menu, for the caps: the characters of its spec;
 * `undefined` when it cannot load (its schema is not JSON), warned once per tool.
 */
export function specSizes(catalogue: SessionCatalogue, warn: WarningHook): (id: string) => number | undefined {
  const bad = new Set<string>();
  return (id) => {
    const spec = catalogue.spec(id);
    if (spec === undefined) {
      if (!bad.has(id)) {
        bad.add(id);
        safeWarn(warn, { code: "TOOLSIFT_TOOL_SPEC", message: `Catalogue tool ${echoName(id)} has an input schema that is not JSON; it is never loaded.` });
      }
      return undefined;
    }
    return JSON.stringify(spec).length;
  };
}
