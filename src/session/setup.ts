import { emitProcessWarning, safeWarn } from "../shared/warnings.js";
import { toolTrust } from "../trust/policy.js";
import { toolSpec } from "../trust/spec.js";
import { isThirdPartyName, toolKey } from "../trust/tool-definition.js";
import { SessionCatalogue } from "./catalogue.js";
import { configError, type ResolvedSessionConfig } from "./config.js";
import { groupsOn } from "./groups/index.js";
import { Menu } from "./menu.js";
import { searchToolSpec } from "./search-tool-spec.js";
import type { SessionSkillSet } from "./skill-engine.js";

/** The menu at turn 0 and the catalogue view, built from a validated config. */
export interface SessionSetup {
  readonly menu: Menu;
  readonly catalogue: SessionCatalogue | undefined;
  /** Searchable catalogue tools already on the menu (`alwaysLoaded` ones). */
  readonly universeOnMenu: number;
  /** The skills, when `skillActivation` is set and offers any. */
  readonly skills: SessionSkillSet | undefined;
}

const MAX_WARNED_POSITIONS = 5;

// One warning per session however many entries a hostile server sends; the names are not
// echoed (they are the server's text), only where they are.
function warnRefusedNames(config: ResolvedSessionConfig, refused: readonly string[]): void {
  if (refused.length === 0) return;
  const shown = refused.slice(0, MAX_WARNED_POSITIONS).join(", ") + (refused.length > MAX_WARNED_POSITIONS ? ", …" : "");
  safeWarn(config.onWarning ?? emitProcessWarning, {
    code: "TOOLSIFT_TOOL_NAME",
    message: `${refused.length} third-party tool(s) left out: a third-party name is 1–128 characters of A–Z, a–z, 0–9, "_", "." or "-" (${shown}).`,
  });
}

/**
 * Builds the turn-0 menu (DESIGN.md "Session"): the search meta-tool, the agent's own tools, then the
 * `alwaysLoaded` catalogue entries. Name collisions and unusable entries are loud config
 * errors naming the field; third-party tools named outside MCP's tool-name rule are left
 * out with one `TOOLSIFT_TOOL_NAME` warning.
 */
export function setUpSession(config: ResolvedSessionConfig): SessionSetup {
  const menu = new Menu();
  const search = config.toolSearch;
  const trustJsonSchemaText = search?.trustJsonSchemaText;
  const skills = config.skillActivation?.skills(search?.toolName);
  if (search !== undefined) {
    menu.add({
      name: search.toolName,
      spec: searchToolSpec(search.toolName, search.maxPerSearch, skills?.discovery === true, groupsOn(search)),
      tool: undefined,
      section: "meta",
      thirdParty: false,
    });
  }
  if (skills !== undefined) {
    menu.add({ name: skills.toolName, spec: skills.spec(), tool: undefined, section: "meta", thirdParty: false });
  }
  const agentNames = new Set<string>();
  const refused: string[] = [];
  config.tools.forEach((tool, position) => {
    const key = toolKey(tool);
    if (key === undefined) throw configError(["tools", position], "must have a non-empty string id or name");
    const trust = toolTrust(tool, key, { trustJsonSchemaText });
    if (trust.thirdParty && !isThirdPartyName(key)) {
      refused.push(`tools[${position}]`);
      return;
    }
    if (key === skills?.toolName) throw configError(["skillActivation", "toolName"], `collides with the agent's tool at tools[${position}]; choose another name`);
    if (search !== undefined && key === search.toolName) {
      throw configError(["toolSearch", "toolName"], `collides with the agent's tool at tools[${position}]; choose another name`);
    }
    if (agentNames.has(key)) throw configError(["tools", position], `repeats the tool id ${JSON.stringify(key.slice(0, 80))}`);
    agentNames.add(key);
    const spec = toolSpec(tool, key, trust);
    if (spec === undefined) throw configError(["tools", position, "inputSchema"], "must be JSON (no cycles, functions or BigInts)");
    menu.add({ name: key, spec, tool, section: "agent", thirdParty: trust.thirdParty });
  });
  if (search === undefined) {
    warnRefusedNames(config, refused);
    return { menu, catalogue: undefined, universeOnMenu: 0, skills };
  }

  const catalogue = new SessionCatalogue(search, agentNames);
  const cataloguePath = catalogue.path.join(".");
  warnRefusedNames(config, [...refused, ...catalogue.refusedNames.map((position) => `${cataloguePath}[${position}]`)]);
  const clash = catalogue.get(search.toolName);
  if (clash !== undefined) {
    throw configError(["toolSearch", "toolName"], `collides with the catalogue tool at position ${clash.position}; choose another name`);
  }
  skills?.checkCatalogue(catalogue);
  let universeOnMenu = 0;
  (search.alwaysLoaded ?? []).forEach((id, position) => {
    const path = ["toolSearch", "alwaysLoaded", position];
    const entry = catalogue.get(id);
    if (entry === undefined) {
      throw configError(path, `${JSON.stringify(id.slice(0, 80))} is not a catalogue tool (or an agent tool already has that id)`);
    }
    if (menu.has(id)) throw configError(path, `repeats ${JSON.stringify(id.slice(0, 80))}`);
    const spec = catalogue.spec(id);
    if (spec === undefined) throw configError(path, "names a tool whose input schema is not JSON");
    menu.add({ name: id, spec, tool: entry.tool, section: "always", thirdParty: entry.trust.thirdParty });
    if (catalogue.searchable(id)) universeOnMenu++;
  });
  return { menu, catalogue, universeOnMenu, skills };
}
