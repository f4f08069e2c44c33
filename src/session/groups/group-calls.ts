import { fingerprint } from "../../journal/fingerprint.js";
import { deferralDecisionId, recordField } from "../../journal/record.js";
import type { DecisionLog } from "../../journal/replay.js";
import { resultDescription } from "../../trust/spec.js";
import { planLoaded, recordedSet } from "../admission.js";
import { blindAnswer } from "./blind-call.js";
import type { SessionCatalogue } from "../catalogue.js";
import type { ResolvedToolSearch } from "../config.js";
import { groupMissNote, SessionGrouping, type GroupPlan } from "./group-state.js";
import type { LoadLedger } from "../load-ledger.js";
import type { Menu } from "../menu.js";
import { unknownGroup, type SearchErrorResult, type SearchGroupHit } from "../results.js";
import { toolLine } from "../signature.js";
import type { OffMenuCallOutcome } from "../types.js";

/**
 * What the groups of a session use of it (docs/groups.md): its parts, shared, and nothing of
 * how the session is built. The session lends one host to its `SessionGroupCalls`.
 */
export interface GroupHost {
  readonly runId: string;
  readonly config: ResolvedToolSearch;
  readonly catalogue: SessionCatalogue;
  readonly menu: Menu;
  readonly log: DecisionLog;
  readonly ledger: LoadLedger;
  /** A tool's spec size, `undefined` (warned once) when it cannot load. */
  readonly specSize: (id: string) => number | undefined;
}

/** The group part of one search: what its group loads add, and how each asked-for group went. */
export interface GroupPart {
  readonly ids: readonly string[];
  readonly chars: number;
  readonly hits: readonly SearchGroupHit[];
  readonly notes: readonly string[];
}

export const NO_GROUPS: GroupPart = Object.freeze({ ids: [], chars: 0, hits: [], notes: [] });

/** Load entries a group part uses: one per group loaded. */
export function groupEntries(part: GroupPart): number {
  return part.hits.filter((hit) => hit.loaded).length;
}

/** What a group part adds to a call's loads, for the single-tool budget after it. */
export function groupLoads(part: GroupPart): { entries: number; tools: number; chars: number } {
  return { entries: groupEntries(part), tools: part.ids.length, chars: part.chars };
}

/**
 * The groups of one session and the calls that use them: the catalogue block, the group part
 * of a search, the rules a load brings, and blind calls of held-back tools.
 */
export class SessionGroupCalls {
  readonly #host: GroupHost;
  readonly #grouping: SessionGrouping;

  /**
   * Makes the deferral decision, the run's first record (docs/groups.md "The floor"):
   * replayed as a floor; a journal with records but none for it is a run from before groups,
   * an empty floor, which still holds every dynamic group back. Puts the advertised groups'
   * tools on the turn-0 menu, after `alwaysLoaded`, in catalogue order.
   */
  constructor(host: GroupHost) {
    this.#host = host;
    const { runId, config, catalogue, menu, log, specSize } = host;
    const id = deferralDecisionId(runId);
    const lookup = log.lookup(id);
    const recorded = lookup.kind === "replay" ? lookup.record.value : lookup.kind === "unrecorded" ? null : undefined;
    const grouping = new SessionGrouping(config, catalogue, menu, specSize, runId, recorded);
    this.#grouping = grouping;
    if (lookup.kind === "live") log.record(id, grouping.record());
    for (const tool of grouping.advertisedIds(catalogue, (name) => menu.has(name), specSize)) {
      const entry = catalogue.entry(tool);
      menu.add({ name: tool, spec: catalogue.loadableSpec(tool), tool: entry.tool, section: "group", thirdParty: entry.trust.thirdParty });
    }
  }

  /** The catalogue block (docs/groups.md "The catalogue block"): rendered once, the same bytes all run. */
  block(): string {
    return this.#grouping.block();
  }

  /** `deferral.maxTools`: the cap on the menu's tools, `undefined` without one. */
  get maxTools(): number | undefined {
    return this.#grouping.deferral.maxTools;
  }

  /** What the session's fingerprint takes of the groups: each group's declaration, and the deferral config. */
  fingerprint(): string {
    const grouping = this.#grouping;
    return fingerprint([grouping.groups.list.map((group) => [group.name, group.load, group.dynamic, group.members]), grouping.deferral]);
  }

  /** The refusal of a call that names a group this session does not have (the first such); `undefined` when all are known. */
  unknownGroup(asked: readonly string[] | undefined): SearchErrorResult | undefined {
    const name = asked?.find((group) => this.#grouping.groups.get(group) === undefined);
    return name === undefined ? undefined : unknownGroup(name, this.#grouping.nearGroups(name));
  }

  /**
   * Each asked-for group, in order, loaded whole or not at all (docs/groups.md "Loading"); a
   * replay passes the tools its record loaded (`recorded`): the live plan is clipped to them,
   * never widened. A name that is no group is passed over (the search refused it before).
   */
  part(asked: readonly string[] | undefined, recorded?: ReadonlySet<string>): GroupPart {
    if (asked === undefined) return NO_GROUPS;
    const { config, ledger, menu, specSize } = this.#host;
    const grouping = this.#grouping;
    const ids: string[] = [];
    const hits: SearchGroupHit[] = [];
    const notes: string[] = [];
    let chars = 0;
    const taken = new Set<string>();
    const onMenu = (id: string) => menu.has(id) || taken.has(id);
    for (const name of asked) {
      const group = grouping.groups.get(name);
      if (group === undefined) continue;
      const budget = ledger.groupBudget(config, grouping.deferral.maxTools, { entries: groupEntries({ ids, chars, hits, notes }), tools: ids.length, chars });
      let plan: GroupPlan = grouping.plan(group, budget, onMenu, specSize);
      if (plan.fits && recorded !== undefined) {
        const kept = plan.ids.filter((id) => recorded.has(id));
        plan = kept.length === 0 ? { fits: false, miss: "empty" } : { fits: true, ids: kept, chars: kept.reduce((sum, id) => sum + (specSize(id) ?? 0), 0) };
      }
      if (!plan.fits) {
        hits.push({ name, tools: 0, loaded: false });
        notes.push(groupMissNote(name, plan.miss));
        continue;
      }
      for (const id of plan.ids) taken.add(id);
      ids.push(...plan.ids);
      chars += plan.chars;
      hits.push({ name, tools: plan.ids.length, loaded: true });
    }
    return { ids, chars, hits, notes };
  }

  /** The marked rules a search's loads bring before the model the first time (docs/groups.md "Group rules"). */
  rules(part: GroupPart, loaded: readonly string[]): string {
    const grouping = this.#grouping;
    if (grouping.mark === undefined) return "";
    const groups = [...part.hits.filter((hit) => hit.loaded).map((hit) => grouping.groups.get(hit.name)), ...loaded.map((id) => grouping.groups.of(id))];
    return grouping.takeRules(groups);
  }

  /**
   * A held-back tool called by its exact name (docs/groups.md "Blind calls"): loaded (with its
   * whole group, as one entry, when the group's rules are due) and answered with its
   * signature; the call does not run. `undefined` for a tool not held back, or when it does
   * not fit (or a replay's record says it was not served): the caller answers as before.
   */
  blindCall(name: string, decisionId: string): OffMenuCallOutcome | undefined {
    const { config, catalogue, log, ledger, menu, specSize } = this.#host;
    const grouping = this.#grouping;
    const group = grouping.heldGroupOf(name);
    if (group === undefined || !catalogue.searchable(name)) return undefined;
    const lookup = log.lookup(decisionId);
    if (lookup.kind === "unrecorded") return undefined;
    const recorded = lookup.kind === "replay" ? recordedSet(recordField(lookup.record.value, "loaded")) : undefined;
    const whole = group.instructions !== undefined && !grouping.given(group.name);
    let ids: readonly string[] = [];
    if (whole) {
      const plan = grouping.plan(group, ledger.groupBudget(config, grouping.deferral.maxTools), (id) => menu.has(id), specSize);
      if (plan.fits) ids = plan.ids;
    } else ids = planLoaded([name], ledger.budget(config, grouping.deferral.maxTools), specSize);
    if (recorded !== undefined) ids = ids.filter((id) => recorded.has(id));
    if (!ids.includes(name)) {
      // Nothing recorded: the id stays free, and a replay of this run answers it the same way.
      if (lookup.kind === "live") log.release(decisionId);
      return undefined;
    }
    if (lookup.kind === "live") log.record(decisionId, whole ? { tool: name, loaded: ids, group: group.name, rules: [group.name] } : { tool: name, loaded: ids });
    ledger.load(catalogue, ids, 1);
    const line = toolLine(catalogue.loadableSpec(name), resultDescription(catalogue.entry(name).trust));
    const rules = whole ? grouping.takeRules([group]) : "";
    const result = blindAnswer(name, line, rules, whole ? group.name : undefined, ids.filter((id) => id !== name));
    const tainted = ids.some((id) => catalogue.entry(id).trust.thirdParty);
    return { kind: "tool", name, onMenu: false, result, tainted, decisionId, source: lookup.kind, added: Object.freeze([...ids]) };
  }
}
