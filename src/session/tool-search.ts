import { fingerprint } from "../journal/fingerprint.js";
import { readStoredDecision, recordedQuery, type JournalRecord, type SearchDecision } from "../journal/record.js";
import type { DecisionLog } from "../journal/replay.js";
import type { SessionRanker } from "../rankers/session-ranker.js";
import { safeWarn, type WarningHook } from "../shared/warnings.js";
import type { ToolSpec } from "../trust/spec.js";
import { admitRecorded, planLoaded, recordedSet } from "./admission.js";
import type { SessionCatalogue } from "./catalogue.js";
import type { ResolvedToolSearch } from "./config.js";
import { NO_GROUPS, groupLoads, type GroupPart } from "./groups/index.js";
import { MAX_ON_MENU_NOTED, rankPage, requestWords, unmatchedWords, type PageVerdict } from "./live-search.js";
import { searchError, type SearchErrorResult } from "./results.js";
import { completeSearch, type PageParts } from "./search-page.js";
import { parseSearchInput, type SearchInput } from "./search-input.js";
import type { SearchCallOutcome } from "./types.js";

/**
 * What a session with tool search has and one without lacks, together so none is half there,
 * and the session's run state a search works in (shared with the session).
 */
export interface SearchParts extends PageParts {
  readonly config: ResolvedToolSearch;
  readonly ranker: SessionRanker;
  /** A catalogue tool's spec size, `undefined` (warned once) when it cannot load. */
  readonly specSize: (id: string) => number | undefined;
  readonly log: DecisionLog;
  readonly warn: WarningHook;
}

// The verdict goes into the record only when it says something, so a confident search's
// record is what it was before the verdict existed.
function verdictFields(decision: SearchDecision, { confident, fallback, unmatched }: PageVerdict): SearchDecision {
  const said = unmatched ? { ...decision, unmatched } : decision;
  return fallback ? { ...said, confident: false, fallback: true } : confident ? said : { ...said, confident: false };
}

// A record without alternatives matches a call without them; otherwise the recorded
// phrasings, in order, as `recordedQuery` keeps each.
function sameAlternatives(stored: unknown, asked: readonly string[] | undefined): boolean {
  if (asked === undefined) return stored === undefined;
  return Array.isArray(stored) && stored.length === asked.length && asked.every((phrasing, index) => stored[index] === recordedQuery(phrasing));
}

/**
 * The `search_tools` meta-tool of one session (DESIGN.md "Data flow of one `search_tools`
 * call"): parses a call, decides its page live (and records it) or re-admits its record on
 * replay, and grows the menu by it.
 */
export class ToolSearch {
  readonly #parts: SearchParts;
  #searches = 0;
  #fingerprint: string | undefined;
  #warnedConfig = false;
  #searchableSpecs: readonly ToolSpec[] | undefined;

  constructor(parts: SearchParts) {
    this.#parts = parts;
  }

  get toolName(): string {
    return this.#parts.config.toolName;
  }

  get catalogue(): SessionCatalogue {
    return this.#parts.catalogue;
  }

  /** Searches answered so far (refusals before the journal was asked are not counted). */
  get searches(): number {
    return this.#searches;
  }

  /** See `ToolSearchSession.searchableSpecs`: computed once, after the turn-0 menu. */
  searchableSpecs(): readonly ToolSpec[] {
    if (this.#searchableSpecs === undefined) {
      const catalogue = this.#parts.catalogue;
      const specs: ToolSpec[] = [];
      for (const id of catalogue.universe()) {
        // On the menu from the start (alwaysLoaded, an advertised group): what such a stack shows undeferred.
        const section = this.#parts.menu.get(id)?.section;
        const spec = section !== undefined && section !== "search" ? undefined : catalogue.spec(id);
        if (spec !== undefined) specs.push(spec);
      }
      this.#searchableSpecs = Object.freeze(specs);
    }
    return this.#searchableSpecs;
  }

  /** Handles one `search_tools` call: refused, replayed, or decided live and recorded. */
  call(name: string, raw: unknown, decisionId: string): SearchCallOutcome {
    const { config, groups, log } = this.#parts;
    const parsed = parseSearchInput(raw, config.maxPerSearch, groups !== undefined);
    if (!parsed.ok) return refused(name, decisionId, parsed.error);
    const unknown = groups?.unknownGroup(parsed.input.groups);
    if (unknown !== undefined) return refused(name, decisionId, unknown);
    if (this.#searches >= config.maxSearches) return refused(name, decisionId, searchError("search_limit_reached"));
    const lookup = log.lookup(decisionId);
    let outcome: SearchCallOutcome;
    try {
      if (lookup.kind === "unrecorded") outcome = refused(name, decisionId, searchError("search_unavailable"));
      else if (lookup.kind === "replay") outcome = this.#replay(name, parsed.input, decisionId, lookup.record);
      else outcome = this.#live(name, parsed.input, decisionId);
    } catch (error) {
      // A live call that threw recorded nothing (the record is the last step that can
      // throw), so it is not counted and its id stays free for the host's retry. A replay
      // that threw has diverged; it stays decided, as the recorded run's call was.
      if (lookup.kind === "live") log.release(decisionId);
      else this.#searches++;
      throw error;
    }
    this.#searches++;
    return outcome;
  }

  // A catalogue tool a search may add: searchable, not on the menu, not in the call's group loads.
  #admit(inGroup: ReadonlySet<string>): (id: string) => boolean {
    const { catalogue, menu } = this.#parts;
    return (id) => catalogue.searchable(id) && !menu.has(id) && !inGroup.has(id);
  }

  // The hits that load, in order, under the caps left after the call's group loads.
  #plan(results: readonly string[], group: GroupPart): string[] {
    const { config, groups, specSize } = this.#parts;
    return planLoaded(results, this.#parts.ledger.budget(config, groups?.maxTools, groupLoads(group)), specSize);
  }

  // A tool a search could return that is on the menu already (the agent's own tools are not),
  // and that the call did not select (the select note names those).
  #onMenuMatch(input: SearchInput, id: string): boolean {
    return this.#parts.catalogue.searchable(id) && this.#parts.menu.has(id) && !input.select.includes(id);
  }

  #sessionFingerprint(): string {
    if (this.#fingerprint === undefined) {
      const { config: search, catalogue, groups, menu } = this.#parts;
      const universe = [...catalogue.universe()].map((id) => `${id}\u0000${catalogue.entry(id).trust.ownTextTrusted ? 1 : 0}`);
      this.#fingerprint = fingerprint({
        v: 1,
        toolName: search.toolName,
        caps: [search.maxPerSearch, search.maxLoaded, search.maxSearches, search.maxMenuChars ?? null],
        menu: menu.names().slice(0, menu.size - this.#parts.ledger.tools),
        universe: fingerprint(universe),
        // Only with groups, so a session without them keeps its fingerprint.
        ...(groups === undefined ? {} : { groups: groups.fingerprint() }),
      });
    }
    return this.#fingerprint;
  }

  #live(name: string, input: SearchInput, decisionId: string): SearchCallOutcome {
    const { catalogue, ranker, groups, discovery } = this.#parts;
    const group = groups?.part(input.groups) ?? NO_GROUPS;
    const admit = this.#admit(new Set(group.ids));
    const selected = input.select.filter(admit).slice(0, input.page);
    const need = input.page - selected.length;
    let results = selected;
    let skills: string[] = [];
    let kind = "select";
    let verdict: PageVerdict = { confident: true, fallback: false };
    let onMenu: readonly string[] = [];
    const phrasings = [input.query, ...(input.alternatives ?? [])];
    if (input.query.length > 0 && need > 0) {
      const built = ranker.resolve();
      if (built === undefined) return refused(name, decisionId, searchError("search_unavailable"));
      const shared = discovery?.shared === true;
      const overAsk = this.#parts.ledger.catalogueOnMenu + catalogue.hidden + selected.length + (shared ? discovery.skills.activeCount : 0);
      const ranked = rankPage(
        built,
        phrasings,
        need,
        overAsk,
        (id) => (admit(id) && !selected.includes(id)) || (shared && discovery.admitsKey(id)),
        (id) => this.#onMenuMatch(input, id),
      );
      if (!ranked.ok) {
        safeWarn(this.#parts.warn, {
          code: "TOOLSIFT_RANKER_FAILED",
          message: `The ranker (${built.kind}) failed (${ranked.failure}); the search was answered search_unavailable.`,
          cause: ranked.cause,
        });
        return refused(name, decisionId, searchError("search_unavailable"));
      }
      let ids = ranked.ids;
      if (discovery !== undefined) {
        const split = discovery.split(ranked.ids);
        ids = split.tools;
        skills = split.skills;
        if (!discovery.shared) {
          const apart = discovery.rankApart(input.query, need, discovery.skills.activeCount);
          if (apart === undefined || !apart.ok) {
            if (apart?.ok === false) safeWarn(this.#parts.warn, { code: "TOOLSIFT_RANKER_FAILED", message: `The skill ranker failed (${apart.failure}); the search was answered search_unavailable.`, cause: apart.cause });
            return refused(name, decisionId, searchError("search_unavailable"));
          }
          ({ tools: ids, skills } = discovery.interleave(ids, apart.ids, need));
        }
      }
      results = [...selected, ...ids];
      kind = built.kind;
      onMenu = ranked.onMenu;
      if (ranked.ids.length > 0) verdict = ranked.verdict;
      // docs/scoring.md "Holding unconfident matches": only what the call selected loads.
      if (this.#parts.config.loadUnconfident === false && !verdict.confident) verdict = { ...verdict, unmatched: unmatchedWords(built.ranker, phrasings) };
    }
    const loaded = this.#plan(verdict.unmatched ? selected : results, group);
    // Record first, then grow the menu: if the store throws, nothing changed.
    const asked = input.alternatives === undefined ? { ranker: kind, query: recordedQuery(input.query) } : { ranker: kind, query: recordedQuery(input.query), alternatives: input.alternatives.map(recordedQuery) };
    const base: SearchDecision = discovery === undefined ? { ...asked, results, loaded } : { ...asked, results, loaded, skills };
    // Group fields only for a call that named groups: every other record keeps its bytes.
    const decision = input.groups === undefined ? base : { ...base, groups: input.groups, groupLoaded: group.ids };
    // Likewise the matches on the menu: only a search that skipped some records them.
    const fields = onMenu.length > 0 ? { ...decision, onMenu } : decision;
    this.#parts.log.record(decisionId, verdictFields(fields, verdict), this.#sessionFingerprint());
    return completeSearch(this.#parts, name, input, decisionId, { results, loaded, onMenu, group }, "live", verdict, skills);
  }

  #replay(name: string, input: SearchInput, decisionId: string, record: JournalRecord): SearchCallOutcome {
    const { groups, discovery } = this.#parts;
    const stored = readStoredDecision(record.value);
    if (stored.query !== recordedQuery(input.query) || !sameAlternatives(stored.alternatives, input.alternatives)) {
      this.#parts.log.diverged(`Replay of ${JSON.stringify(decisionId)} has another query than its record.`, [decisionId]);
    }
    if (record.fingerprint !== undefined && record.fingerprint !== this.#sessionFingerprint() && !this.#warnedConfig) {
      this.#warnedConfig = true;
      safeWarn(this.#parts.warn, {
        code: "TOOLSIFT_JOURNAL_CONFIG",
        message: "This journal was recorded under another tool-search configuration; its decisions are re-admitted against this one.",
      });
    }
    // The record is untrusted: re-admitted against this session, clipped to this call's
    // page, and its loaded list can only narrow what the caps allow now.
    // Groups: only those this call asks for and the record names, re-planned live and clipped
    // to the tools the record loaded.
    const recordedGroups = recordedSet(stored.groups);
    const group = groups?.part(input.groups?.filter((asked) => recordedGroups.has(asked)), recordedSet(stored.groupLoaded)) ?? NO_GROUPS;
    const results = admitRecorded(stored.results, input.page, this.#admit(new Set(group.ids)));
    const recordedLoaded = recordedSet(stored.loaded);
    const loaded = this.#plan(results, group).filter((id) => recordedLoaded.has(id));
    // The recorded verdict is only ever a reason to add a note, never to widen anything; the
    // recorded matches on the menu are named only while they are on this menu (the same as
    // when they were recorded, in a faithful replay, so the note is the same bytes).
    // A held search names the words it recorded that this call has (a forged record, no other text).
    const held = stored.unmatched;
    const verdict = {
      confident: stored.confident !== false,
      fallback: stored.fallback === true,
      ...(Array.isArray(held) && { unmatched: requestWords([input.query, ...(input.alternatives ?? [])]).filter((word) => held.includes(word)) }),
    };
    // Skills fill what the tools leave of the page (tools first), re-admitted like them.
    const skills = discovery?.admitRecorded(stored.skills, input.page - results.length) ?? [];
    const onMenu = admitRecorded(stored.onMenu, MAX_ON_MENU_NOTED, (id) => this.#onMenuMatch(input, id));
    return completeSearch(this.#parts, name, input, decisionId, { results, loaded, onMenu, group }, "replay", verdict, skills);
  }
}

function refused(name: string, decisionId: string, result: SearchErrorResult): SearchCallOutcome {
  return { kind: "search", name, result, tainted: false, decisionId, source: "refused", added: [] };
}
