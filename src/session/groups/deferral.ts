import type { ResolvedDeferral } from "./groups-config.js";
import type { SessionGroup, SessionGroups } from "./groups.js";

/**
 * The deferral decision (docs/groups.md "The decision"): which groups are held back (named
 * in the catalogue block, loaded on demand) and which are advertised (their tools on the
 * turn-0 menu). Every group is in exactly one of the two lists, each in `groups.list` order.
 */
export interface DeferralDecision {
  readonly held: readonly string[];
  readonly advertised: readonly string[];
}

/** What a recorded decision says, read back from the journal: a floor, never the whole answer. */
export interface DeferralFloor {
  readonly held: ReadonlySet<string>;
  readonly advertised: ReadonlySet<string>;
}

/** What the decision weighs. */
export interface DeferralInput {
  readonly groups: SessionGroups;
  readonly deferral: ResolvedDeferral;
  /** Tools and spec characters on the menu before any group: meta-tools, the agent's tools, `alwaysLoaded`. */
  readonly baseTools: number;
  readonly baseChars: number;
  /** True for a tool on that base menu (never held back, never counted twice). */
  readonly onMenu: (id: string) => boolean;
  /** A tool's spec size, `undefined` when it cannot go on the menu. */
  readonly size: (id: string) => number | undefined;
  /** Room kept under `maxTools` for the tools the run may load (`loadReserve`). */
  readonly reserve: number;
  readonly floor: DeferralFloor | undefined;
}

interface Cost {
  readonly group: SessionGroup;
  readonly tools: number;
  readonly chars: number;
}

// Spec sizes only under a chars budget: building every member's spec cost 140 ms of a 164 ms
// session over the MCP catalogue, where counting the tools is enough. A member whose schema
// is not JSON then counts as a tool although it never loads: the count errs on holding back.
function costOf(group: SessionGroup, input: DeferralInput): Cost {
  let tools = 0;
  let chars = 0;
  const sized = input.deferral.maxChars !== undefined;
  for (const id of group.members) {
    if (input.onMenu(id)) continue;
    if (!sized) {
      tools++;
      continue;
    }
    const size = input.size(id);
    if (size === undefined) continue;
    tools++;
    chars += size;
  }
  return { group, tools, chars };
}

// Held back first: `auto` before `eager`, dynamic groups, then the larger (tools, then
// characters), then by name, so the same catalogue always gives the same order.
function holdOrder(left: Cost, right: Cost): number {
  const leftEager = left.group.load === "eager";
  if (leftEager !== (right.group.load === "eager")) return leftEager ? 1 : -1;
  if (left.group.dynamic !== right.group.dynamic) return left.group.dynamic ? -1 : 1;
  if (left.tools !== right.tools) return right.tools - left.tools;
  if (left.chars !== right.chars) return right.chars - left.chars;
  return left.group.name < right.group.name ? -1 : left.group.name > right.group.name ? 1 : 0;
}

/**
 * Decides once per session. `"off"`: nothing is held back. `"auto"`: `lazy` groups are held
 * back (search exists whenever groups do); a recorded floor's held groups stay held while
 * they have tools, and a dynamic group the floor does not name is held (it connected after
 * the record); then, while the menu is over `maxTools − reserve` tools or `maxChars`
 * characters, `auto` groups are held back (dynamic first, then largest first), and `eager`
 * groups only while the tool count is over. A group with no tool left to show is advertised
 * (there is nothing to hold).
 */
export function decideDeferral(input: DeferralInput): DeferralDecision {
  const costs = input.groups.list.map((group) => costOf(group, input));
  const held = new Set<string>();
  const { maxTools, maxChars, mode } = input.deferral;
  if (mode === "auto") {
    const floor = input.floor;
    for (const { group, tools } of costs) {
      if (tools === 0) continue;
      if (group.load === "lazy") held.add(group.name);
      else if (floor !== undefined && (floor.held.has(group.name) || (group.dynamic && !floor.advertised.has(group.name)))) held.add(group.name);
    }
    const toolLimit = maxTools === undefined ? Infinity : Math.max(0, maxTools - input.reserve);
    const charLimit = maxChars ?? Infinity;
    let tools = input.baseTools;
    let chars = input.baseChars;
    for (const cost of costs) {
      if (held.has(cost.group.name)) continue;
      tools += cost.tools;
      chars += cost.chars;
    }
    const candidates = costs.filter((cost) => cost.tools > 0 && !held.has(cost.group.name)).sort(holdOrder);
    for (const cost of candidates) {
      if (tools <= toolLimit && chars <= charLimit) break;
      // An eager group gives way only to the tool count, which a provider refuses outright.
      if (cost.group.load === "eager" && tools <= toolLimit) continue;
      held.add(cost.group.name);
      tools -= cost.tools;
      chars -= cost.chars;
    }
  }
  const names = input.groups.names();
  return Object.freeze({
    held: Object.freeze(names.filter((name) => held.has(name))),
    advertised: Object.freeze(names.filter((name) => !held.has(name))),
  });
}
