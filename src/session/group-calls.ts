import { deferralDecisionId, recordField } from "../journal/record.js";
import type { DecisionLog } from "../journal/replay.js";
import { resultDescription } from "../trust/spec.js";
import { planLoaded, recordedSet } from "./admission.js";
import { blindAnswer } from "./blind-call.js";
import type { SessionCatalogue } from "./catalogue.js";
import type { ResolvedToolSearch } from "./config.js";
import { groupMissNote, SessionGrouping, type GroupPlan } from "./group-state.js";
import type { SessionGroup } from "./groups.js";
import type { LoadLedger } from "./load-ledger.js";
import type { Menu } from "./menu.js";
import type { SearchGroupHit } from "./results.js";
import { toolLine } from "./signature.js";
import type { OffMenuCallOutcome } from "./types.js";

/** What the group calls of a session work with (the session's own parts, shared). */
export interface GroupContext {
  readonly grouping: SessionGrouping;
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

/**
 * The deferral decision of a session, the run's first record (docs/groups.md "The floor"):
 * replayed as a floor; a journal with records but none for it is a run from before groups,
 * an empty floor, which still holds every dynamic group back. Puts the advertised groups'
 * tools on the turn-0 menu, after `alwaysLoaded`, in catalogue order.
 */
export function decideGroups(
  runId: string,
  search: ResolvedToolSearch,
  catalogue: SessionCatalogue,
  menu: Menu,
  log: DecisionLog,
  specSize: (id: string) => number | undefined,
): SessionGrouping {
  const id = deferralDecisionId(runId);
  const lookup = log.lookup(id);
  const recorded = lookup.kind === "replay" ? lookup.record.value : lookup.kind === "unrecorded" ? null : undefined;
  const grouping = new SessionGrouping(search, catalogue, menu, specSize, runId, recorded);
  if (lookup.kind === "live") log.record(id, grouping.record());
  for (const tool of grouping.advertisedIds(catalogue, (name) => menu.has(name), specSize)) {
    const entry = catalogue.entry(tool);
    menu.add({ name: tool, spec: catalogue.loadableSpec(tool), tool: entry.tool, section: "group", thirdParty: entry.trust.thirdParty });
  }
  return grouping;
}

/**
 * Each asked-for group, in order, loaded whole or not at all (docs/groups.md "Loading"); a
 * replay passes the tools its record loaded (`recorded`): the live plan is clipped to them,
 * never widened.
 */
export function groupPart(context: GroupContext, asked: readonly string[] | undefined, recorded?: ReadonlySet<string>): GroupPart {
  if (asked === undefined) return NO_GROUPS;
  const { grouping, config, ledger, specSize } = context;
  const ids: string[] = [];
  const hits: SearchGroupHit[] = [];
  const notes: string[] = [];
  let chars = 0;
  const taken = new Set<string>();
  const onMenu = (id: string) => context.menu.has(id) || taken.has(id);
  for (const name of asked) {
    const group = grouping.groups.get(name)!;
    const budget = ledger.groupBudget(config, grouping.deferral.maxTools, { entries: groupEntries({ ids, chars, hits, notes }), tools: ids.length, chars });
    let plan: GroupPlan = grouping.plan(group, budget, onMenu, specSize);
    if (plan.fits && recorded !== undefined) {
      const kept = plan.ids.filter((id) => recorded.has(id));
      plan = kept.length === 0 ? { fits: false, miss: "empty" } : { fits: true, ids: kept, chars: kept.reduce((sum, id) => sum + specSize(id)!, 0) };
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
export function searchRules(grouping: SessionGrouping, part: GroupPart, loaded: readonly string[]): string {
  if (grouping.mark === undefined) return "";
  const groups = [...part.hits.filter((hit) => hit.loaded).map((hit) => grouping.groups.get(hit.name)), ...loaded.map((id) => grouping.groups.of(id))];
  return grouping.takeRules(groups);
}

/**
 * A held-back tool called by its exact name (docs/groups.md "Blind calls"): loaded (with its
 * whole group, as one entry, when the group's rules are due) and answered with its
 * signature; the call does not run. `undefined` when it does not fit (or a replay's record
 * says it was not served): the caller answers `tool_not_loaded` as before.
 */
export function blindCall(context: GroupContext, group: SessionGroup, name: string, decisionId: string): OffMenuCallOutcome | undefined {
  const { grouping, config, catalogue, log, ledger, specSize } = context;
  const lookup = log.lookup(decisionId);
  if (lookup.kind === "unrecorded") return undefined;
  const recorded = lookup.kind === "replay" ? recordedSet(recordField(lookup.record.value, "loaded")) : undefined;
  const whole = group.instructions !== undefined && !grouping.given(group.name);
  let ids: readonly string[] = [];
  if (whole) {
    const plan = grouping.plan(group, ledger.groupBudget(config, grouping.deferral.maxTools), (id) => context.menu.has(id), specSize);
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
