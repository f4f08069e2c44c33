import { nearNames } from "./near-names.js";
import type { SessionCatalogue } from "./catalogue.js";
import { catalogueBlock } from "./catalogue-block.js";
import { decideDeferral, type DeferralDecision, type DeferralFloor } from "./deferral.js";
import { readDeferral, type ResolvedDeferral } from "./groups-config.js";
import { SessionGroups, type SessionGroup } from "./groups.js";
import type { ResolvedToolSearch } from "./config.js";
import type { Menu } from "./menu.js";
import { echoName } from "./results.js";

/** A group load that does not fit: why, for the note. */
export type GroupMiss = "max_loaded" | "max_tools" | "max_chars" | "empty";

/** What loading one group would add: all of its tools or none (docs/groups.md "Loading"). */
export type GroupPlan = { readonly fits: true; readonly ids: readonly string[]; readonly chars: number } | { readonly fits: false; readonly miss: GroupMiss };

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
 * Room the decision keeps under `maxTools` for what the run loads: `maxLoaded` tools or a
 * quarter of `maxTools`, whichever is more. A group load is one entry of many tools; at 128
 * tools and the MCP catalogue's servers (median 16 tools) a quarter leaves a server's group
 * and a few single loads room, where `maxLoaded` (12) alone left a 16-tool server out.
 */
export function loadReserve(maxTools: number | undefined, maxLoaded: number): number {
  return maxTools === undefined ? 0 : Math.max(maxLoaded, Math.ceil(maxTools / 4));
}

/** True when the `toolSearch` config declares groups (or asks for one per server). */
export function groupsOn(search: Pick<ResolvedToolSearch, "groups" | "serverGroups">): boolean {
  return search.groups !== undefined || search.serverGroups === true;
}

/**
 * A session's groups and its deferral decision (docs/groups.md): made once, when the session
 * is built, from the catalogue and the config (and a recorded floor on replay). The catalogue
 * block is rendered from it then and never again, so its bytes cannot move mid-run.
 */
export class SessionGrouping {
  readonly groups: SessionGroups;
  readonly deferral: ResolvedDeferral;
  readonly decision: DeferralDecision;
  readonly #held: ReadonlySet<string>;
  readonly #block: string;

  constructor(
    search: ResolvedToolSearch,
    catalogue: SessionCatalogue,
    menu: Menu,
    size: (id: string) => number | undefined,
    floor: DeferralFloor | undefined,
  ) {
    this.groups = new SessionGroups(search.groups ?? [], search.serverGroups === true, catalogue);
    this.deferral = search.deferral ?? readDeferral(undefined);
    const onMenu = (id: string) => menu.has(id);
    let baseChars = 0;
    for (const spec of menu.specs()) baseChars += JSON.stringify(spec).length;
    this.decision = decideDeferral({
      groups: this.groups,
      deferral: this.deferral,
      baseTools: menu.size,
      baseChars,
      onMenu,
      size,
      reserve: loadReserve(this.deferral.maxTools, search.maxLoaded),
      floor,
    });
    this.#held = new Set(this.decision.held);
    const held = this.decision.held.map((name) => {
      const group = this.groups.get(name)!;
      return { group, ids: group.members.filter((id) => !onMenu(id) && size(id) !== undefined) };
    });
    this.#block = catalogueBlock({ toolName: search.toolName, held, rules: [], mark: undefined });
  }

  /** The advertised groups' tools not on the menu yet, in catalogue order (what turn 0 adds). */
  advertisedIds(catalogue: SessionCatalogue, onMenu: (id: string) => boolean, size: (id: string) => number | undefined): string[] {
    const out: string[] = [];
    for (const id of catalogue.universe()) {
      const group = this.groups.of(id);
      if (group === undefined || this.#held.has(group.name) || onMenu(id) || size(id) === undefined) continue;
      out.push(id);
    }
    return out;
  }

  block(): string {
    return this.#block;
  }

  /** True for a group the decision held back. */
  isHeld(name: string): boolean {
    return this.#held.has(name);
  }

  /** The held-back group of a tool, `undefined` when the tool is ungrouped or its group advertised. */
  heldGroupOf(id: string): SessionGroup | undefined {
    const group = this.groups.of(id);
    return group !== undefined && this.#held.has(group.name) ? group : undefined;
  }

  /** Near group names for an unknown one (up to three). */
  nearGroups(name: string): string[] {
    return nearNames(name, this.groups.names());
  }

  /**
   * Plans loading a whole group: every member not on the menu with a usable spec, as one
   * entry under `maxLoaded`, within the chars budget and `maxTools`; otherwise nothing.
   * `admit` clips a replay to what the record loaded (never widened).
   */
  plan(group: SessionGroup, budget: GroupBudget, onMenu: (id: string) => boolean, size: (id: string) => number | undefined, admit: (id: string) => boolean = () => true): GroupPlan {
    const ids: string[] = [];
    let chars = 0;
    for (const id of group.members) {
      if (onMenu(id) || !admit(id)) continue;
      const cost = size(id);
      if (cost === undefined) continue;
      ids.push(id);
      chars += cost;
    }
    if (ids.length === 0) return { fits: false, miss: "empty" };
    if (budget.entries >= budget.maxLoaded) return { fits: false, miss: "max_loaded" };
    if (budget.maxChars !== undefined && budget.chars + chars > budget.maxChars) return { fits: false, miss: "max_chars" };
    if (budget.maxTools !== undefined && budget.menuTools + ids.length > budget.maxTools) return { fits: false, miss: "max_tools" };
    return { fits: true, ids, chars };
  }
}

const MISS_TEXT: Readonly<Record<GroupMiss, string>> = {
  empty: "has no tool left to load",
  max_loaded: "did not fit: this run's loads are used up",
  max_chars: "did not fit in this run's menu budget",
  max_tools: "did not fit under the menu's tool limit",
};

/** The note for a group that was not loaded. */
export function groupMissNote(name: string, miss: GroupMiss): string {
  return `Group ${echoName(name)} ${MISS_TEXT[miss]}.`;
}
