import { deepFreeze } from "../shared/freeze.js";
import { resultDescription } from "../trust/spec.js";
import type { SessionCatalogue } from "./catalogue.js";
import { groupEntries, type GroupPart, type SessionGroupCalls } from "./groups/index.js";
import type { PageVerdict } from "./live-search.js";
import type { LoadLedger } from "./load-ledger.js";
import type { Menu } from "./menu.js";
import { echoName, type SearchSkillHit, type SearchToolsResult } from "./results.js";
import type { SearchInput } from "./search-input.js";
import type { SkillSearch } from "./skill-engine.js";
import type { SearchCallOutcome } from "./types.js";
import type { UsageRecorder } from "./usage.js";

const NOTE_NO_MATCH = "No matching tools.";
const NOTE_NO_MATCH_OR_SKILL = "No matching tools or skills.";
const NOTE_ONLY_SKILLS = "No matching tools; the skills found are activated with activate_skill.";
const NOTE_NO_OTHER_MATCH = "No other matching tools.";
const NOTE_NOT_CONFIDENT = "No confident match; these are the closest tools.";
const NOTE_NAME_FALLBACK = "No tool matched the words of the query; these tools' names contain part of it.";
const NOTE_HELD = "Not loaded: select one by name, or rephrase or add alternatives.";
const NOTE_NOT_LOADED = "Tools with loaded: false did not fit on the menu and cannot be called.";
const MAX_NOTED_NAMES = 5;

function namesNote(label: string, names: readonly string[]): string {
  const shown = names.slice(0, MAX_NOTED_NAMES).map(echoName).join(", ");
  return `${label}: ${shown}${names.length > MAX_NOTED_NAMES ? ", …" : ""}.`;
}

/** What completing a search's page works with: the session's parts it reads and grows. */
export interface PageParts {
  readonly catalogue: SessionCatalogue;
  readonly menu: Menu;
  readonly ledger: LoadLedger;
  /** Groups and the deferral decision (docs/groups.md); `undefined` without `groups`. */
  readonly groups: SessionGroupCalls | undefined;
  /** Skill discovery in `search_tools`; `undefined` when search finds no skills. */
  readonly discovery: SkillSearch | undefined;
  readonly usage: UsageRecorder | undefined;
}

/** The tools a search decided (live) or re-admitted (replay). */
export interface SearchPage {
  readonly results: readonly string[];
  readonly loaded: readonly string[];
  readonly onMenu: readonly string[];
  readonly group: GroupPart;
}

/**
 * Grows the menu by a decided page and answers the model (DESIGN.md "Data flow of one
 * `search_tools` call"): the group's tools, then the hits, with the notes that explain them.
 */
export function completeSearch(
  parts: PageParts,
  name: string,
  input: SearchInput,
  decisionId: string,
  page: SearchPage,
  source: "live" | "replay",
  verdict: PageVerdict,
  skills: readonly string[],
): SearchCallOutcome {
  const { catalogue, menu, discovery } = parts;
  const { results, loaded, onMenu, group } = page;
  // What the ranking returned, not the call's select: only such a use teaches (src/learn).
  parts.usage?.ranked(decisionId, results.filter((id) => !input.select.includes(id)), onMenu);
  const notes: string[] = [...group.notes];
  // A call that only named groups has its notes from them: no "no match" note for the query it did not send.
  if (results.length === 0 && (input.groups === undefined || input.query.length > 0 || input.select.length > 0)) {
    notes.push(onMenu.length > 0 ? NOTE_NO_OTHER_MATCH : discovery === undefined ? NOTE_NO_MATCH : skills.length === 0 ? NOTE_NO_MATCH_OR_SKILL : NOTE_ONLY_SKILLS);
  }
  else if (verdict.fallback) notes.push(NOTE_NAME_FALLBACK);
  else if (!verdict.confident) notes.push(NOTE_NOT_CONFIDENT);
  const held = verdict.unmatched;
  if (held) notes.push(NOTE_HELD);
  if (held?.length) notes.push(namesNote("No tool matches", held));
  if (onMenu.length > 0) notes.push(namesNote("Matches already on the menu", onMenu));
  const alreadyOn = input.select.filter((selected) => menu.has(selected));
  const notFound = input.select.filter((selected) => !menu.has(selected) && !catalogue.searchable(selected));
  if (alreadyOn.length > 0) notes.push(namesNote("Already on the menu", alreadyOn));
  if (notFound.length > 0) notes.push(namesNote("No tool named", notFound));
  const loadedSet = new Set(loaded);
  if (!held && results.some((id) => !loadedSet.has(id))) notes.push(NOTE_NOT_LOADED);
  if (input.clampedFrom !== undefined) notes.push(`Limit ${input.clampedFrom} is above this session's maximum of ${input.page}.`);

  // A group's tools first, in the group's order: discovery order, so the prefix keeps its bytes.
  parts.ledger.load(catalogue, [...group.ids, ...loaded], loaded.length + groupEntries(group));
  const rules = parts.groups?.rules(group, loaded) ?? "";
  const hit = (id: string, isLoaded: boolean) => ({ name: id, description: resultDescription(catalogue.entry(id).trust), loaded: isLoaded });
  const tools = [...group.ids.map((id) => hit(id, true)), ...results.map((id) => hit(id, loadedSet.has(id)))];
  const skillHits: SearchSkillHit[] | undefined = discovery === undefined ? undefined : skills.map((id) => discovery.skills.hit(id));
  const listed = skillHits === undefined ? { tools } : { tools, skills: skillHits };
  const grouped = input.groups === undefined ? listed : { ...listed, groups: group.hits };
  const found = rules.length === 0 ? grouped : { ...grouped, rules };
  const result: SearchToolsResult = notes.length > 0 ? { ...found, note: notes.join(" ") } : found;
  // A name in the note is a tool's name as much as one in the list.
  const tainted =
    group.ids.some((id) => catalogue.entry(id).trust.thirdParty) ||
    results.some((id) => catalogue.entry(id).trust.thirdParty) ||
    onMenu.some((id) => catalogue.entry(id).trust.thirdParty) ||
    (discovery !== undefined && skills.some((id) => discovery.skills.thirdParty(id)));
  return { kind: "search", name, result: deepFreeze(result), tainted, decisionId, source, added: Object.freeze([...group.ids, ...loaded]) };
}
