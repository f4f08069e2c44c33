import { nearNames } from "../near-names.js";
import type { SessionCatalogue } from "../catalogue.js";
import { recordField, type DeferralRecord } from "../../journal/record.js";
import { recordedSet } from "../admission.js";
import { catalogueBlock, rulesHeading } from "./catalogue-block.js";
import { MARK_PATTERN, rulesMark } from "./rules-mark.js";
import { decideDeferral, type DeferralDecision, type DeferralFloor } from "./deferral.js";
import { readDeferral, type ResolvedDeferral } from "./groups-config.js";
import { SessionGroups, type SessionGroup } from "./groups.js";
import type { ResolvedToolSearch } from "../config.js";
import type { Menu } from "../menu.js";
import type { GroupBudget } from "../load-ledger.js";
import { echoName } from "../results.js";

/** A group load that does not fit: why, for the note. */
export type GroupMiss = "max_loaded" | "max_tools" | "max_chars" | "empty";

/** What loading one group would add: all of its tools or none (docs/groups.md "Loading"). */
export type GroupPlan = { readonly fits: true; readonly ids: readonly string[]; readonly chars: number } | { readonly fits: false; readonly miss: GroupMiss };

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
  /** The run's rules mark; `undefined` when no group carries instructions. */
  readonly mark: string | undefined;
  readonly #held: ReadonlySet<string>;
  readonly #block: string;
  // Groups whose rules came before the model this run: given once, where the group first shows.
  readonly #given = new Set<string>();
  readonly #blockGiven: readonly string[];

  /**
   * `recorded` is the run's recorded deferral decision on replay (untrusted: read as a floor),
   * `null` for a journal that holds records of a run without it, `undefined` for a live run.
   */
  constructor(
    search: ResolvedToolSearch,
    catalogue: SessionCatalogue,
    menu: Menu,
    size: (id: string) => number | undefined,
    runId: string,
    recorded: unknown,
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
      floor: recorded === undefined ? undefined : readFloor(recorded),
    });
    this.#held = new Set(this.decision.held);
    const held = this.decision.held.map((name) => {
      const group = this.groups.get(name)!;
      // Not filtered by spec: the block names the group as the host declared it (a member whose
      // schema is not JSON is refused with a warning when it is loaded).
      return { group, ids: group.members.filter((id) => !onMenu(id)) };
    });
    const ruled = this.groups.list.some((group) => group.instructions !== undefined);
    const recordedMark = recordField(recorded, "mark");
    // A resumed run keeps the mark its history was given with (another process drew another key).
    this.mark = !ruled ? undefined : typeof recordedMark === "string" && MARK_PATTERN.test(recordedMark) ? recordedMark : rulesMark(runId);
    // The block gives the rules of the groups whose tools are on the turn-0 menu.
    const advertisedIds = new Set(ruled ? this.advertisedIds(catalogue, onMenu, size) : []);
    const shown = this.groups.list.filter((group) => group.instructions !== undefined && !this.#held.has(group.name) && group.members.some((id) => onMenu(id) || advertisedIds.has(id)));
    for (const group of shown) this.#given.add(group.name);
    this.#blockGiven = Object.freeze(shown.map((group) => group.name));
    this.#block = catalogueBlock({ toolName: search.toolName, held, rules: shown, mark: this.mark });
  }

  /** The decision as the journal records it. */
  record(): DeferralRecord {
    const base = { held: this.decision.held, advertised: this.decision.advertised };
    return this.mark === undefined ? base : { ...base, given: this.#blockGiven, mark: this.mark };
  }

  /**
   * The marked rules of the groups among `groups` not given yet this run, now given; `""`
   * when none are due. Rules are host text (trusted); the heading carries the mark.
   */
  takeRules(groups: Iterable<SessionGroup | undefined>): string {
    const parts: string[] = [];
    for (const group of groups) {
      if (group?.instructions === undefined || this.#given.has(group.name)) continue;
      this.#given.add(group.name);
      parts.push(`${rulesHeading(group.name, this.mark!)}\n${group.instructions.trim()}`);
    }
    return parts.join("\n\n");
  }

  /** True when the group's rules came before the model this run. */
  given(name: string): boolean {
    return this.#given.has(name);
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

// The floor a recorded decision gives (bounded reads; a non-list reads as empty).
function readFloor(recorded: unknown): DeferralFloor {
  return { held: recordedSet(recordField(recorded, "held")), advertised: recordedSet(recordField(recorded, "advertised")) };
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
