import { WorkBudget } from "../core/work-budget.js";
import { ToolsiftError } from "../errors.js";
import { fingerprint } from "../journal/fingerprint.js";
import { InMemoryJournal, type Journal } from "../journal/memory.js";
import { blindDecisionId, deferralDecisionId, readStoredDecision, recordedQuery, searchDecisionId, skillDecisionId, type JournalRecord, type SearchDecision } from "../journal/record.js";
import { DecisionLog } from "../journal/replay.js";
import { bm25RankerFactory } from "../rankers/builtin.js";
import { SessionRanker } from "../rankers/session-ranker.js";
import { emitProcessWarning, safeWarn, type WarningHook } from "../rankers/warnings.js";
import { deepFreeze } from "../trust/schema.js";
import { resultDescription, type ToolSpec } from "../trust/spec.js";
import { admitRecorded, planLoaded, recordedSet, type LoadBudget } from "./admission.js";
import type { SessionCatalogue } from "./catalogue.js";
import { parseSessionConfig, type ResolvedSessionConfig, type ResolvedToolSearch, type ToolSearchSessionConfig } from "./config.js";
import { MAX_ON_MENU_NOTED, rankPage, type PageVerdict } from "./live-search.js";
import type { Menu } from "./menu.js";
import { NEAR_NAMES_BUDGET, nearNames } from "./near-names.js";
import { argumentAnswer, callLimitAnswer } from "./blind-call.js";
import { NO_GROUPS, blindCall, decideGroups, groupEntries, groupPart, searchRules, type GroupContext, type GroupPart } from "./group-calls.js";
import { groupsOn, type SessionGrouping } from "./group-state.js";
import { LoadLedger } from "./load-ledger.js";
import { firstLine, toolLine } from "./signature.js";
import { echoName, searchError, unknownGroup, type SearchErrorResult, type SearchSkillHit, type SearchToolsResult, type ToolCallErrorResult } from "./results.js";
import { parseSearchInput, type SearchInput } from "./search-input.js";
import { setUpSession } from "./setup.js";
import type { SessionSkillSet, SkillHost, SkillSearch } from "./skill-engine.js";
import type { SearchCallOutcome, SessionStats, ToolCall, ToolCallOutcome } from "./types.js";
import { UsageRecorder } from "./usage.js";

const NOTE_NO_MATCH = "No matching tools.";
const NOTE_NO_MATCH_OR_SKILL = "No matching tools or skills.";
const NOTE_ONLY_SKILLS = "No matching tools; the skills found are activated with activate_skill.";
const NOTE_NO_OTHER_MATCH = "No other matching tools.";
const NOTE_NOT_CONFIDENT = "No confident match; these are the closest tools.";
const NOTE_NAME_FALLBACK = "No tool matched the words of the query; these tools' names contain part of it.";
const NOTE_NOT_LOADED = "Tools with loaded: false did not fit on the menu and cannot be called.";
const MAX_NOTED_NAMES = 5;

// The host's call object, each field read once; a getter or proxy trap that throws is the
// host's error, typed, with the original as `cause`.
function readCall(call: unknown): { turn: number; index: number; name: string } {
  if (typeof call !== "object" || call === null) throw new ToolsiftError("invalid_tool_call", "A tool call is { turn, index, name, input }.");
  let turn: unknown;
  let index: unknown;
  let name: unknown;
  try {
    ({ turn, index, name } = call as Record<string, unknown>);
  } catch (cause) {
    throw new ToolsiftError("invalid_tool_call", "The tool call could not be read (a getter or proxy trap threw).", { cause });
  }
  if (!isIndex(turn) || !isIndex(index)) {
    throw new ToolsiftError("invalid_tool_call", "turn and index are non-negative integers.", { path: isIndex(turn) ? ["index"] : ["turn"] });
  }
  if (typeof name !== "string") throw new ToolsiftError("invalid_tool_call", "name is a string.", { path: ["name"] });
  return { turn, index, name };
}

// Tool definitions are host objects read here for the first time; a getter or proxy trap
// that throws is a config error with the host's error as `cause`.
function readSetup(resolved: ResolvedSessionConfig): ReturnType<typeof setUpSession> {
  try {
    return setUpSession(resolved);
  } catch (cause) {
    if (cause instanceof ToolsiftError) throw cause;
    throw new ToolsiftError("invalid_config", "config: a tool definition could not be read (a getter or proxy trap threw)", { cause });
  }
}

// Read only for a search call: a call of another tool never touches its input.
function readInput(call: ToolCall): unknown {
  try {
    return call.input;
  } catch (cause) {
    throw new ToolsiftError("invalid_tool_call", "The tool call's input could not be read (a getter or proxy trap threw).", { path: ["input"], cause });
  }
}

function isIndex(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

// The verdict goes into the record only when it says something, so a confident search's
// record is what it was before the verdict existed.
function verdictFields(decision: SearchDecision, verdict: PageVerdict): SearchDecision {
  if (verdict.fallback) return { ...decision, confident: false, fallback: true };
  return verdict.confident ? decision : { ...decision, confident: false };
}

function namesNote(label: string, names: readonly string[]): string {
  const shown = names.slice(0, MAX_NOTED_NAMES).map(echoName).join(", ");
  return `${label}: ${shown}${names.length > MAX_NOTED_NAMES ? ", …" : ""}.`;
}

/** What a session with tool search has and one without lacks, together so none is half there. */
interface SearchParts {
  readonly config: ResolvedToolSearch;
  readonly catalogue: SessionCatalogue;
  readonly ranker: SessionRanker;
  /** Groups and the deferral decision (docs/groups.md); `undefined` without `groups`. */
  readonly grouping: SessionGrouping | undefined;
}

/**
 * One agent run's tool search (DESIGN.md "Session"): the append-only menu and the single entry point
 * for the model's tool calls. Create it with `createToolSearchSession`.
 */
export class ToolSearchSession {
  readonly runId: string;
  readonly #parts: SearchParts | undefined;
  readonly #menu: Menu;
  readonly #journal: Journal;
  readonly #log: DecisionLog;
  readonly #warn: WarningHook;
  readonly #admit: (id: string) => boolean;
  readonly #badSpecs = new Set<string>();
  readonly #skills: { readonly set: SessionSkillSet; readonly host: SkillHost } | undefined;
  readonly #discovery: SkillSearch | undefined;
  readonly #usage: UsageRecorder | undefined;
  #searchableSpecs: readonly ToolSpec[] | undefined;
  #universeOnMenu: number;
  #searches = 0;
  readonly #ledger: LoadLedger;
  #fingerprint: string | undefined;
  readonly #callCap: number;
  #warnedConfig = false;
  #busy = false;

  /** @internal Use `createToolSearchSession`. */
  constructor(config: ToolSearchSessionConfig) {
    const resolved = parseSessionConfig(config);
    this.runId = resolved.runId;
    this.#warn = resolved.onWarning ?? emitProcessWarning;
    const setup = readSetup(resolved);
    this.#menu = setup.menu;
    this.#universeOnMenu = setup.universeOnMenu;
    const catalogue = setup.catalogue;
    const search = resolved.toolSearch;
    const discovery = setup.skills?.discovery === true ? setup.skills.search(search?.ranker !== undefined, this.#warn) : undefined;
    this.#discovery = discovery;
    const docs = () => discovery?.sharedDocs(catalogue!.docs()) ?? catalogue!.docs();
    this.#journal = resolved.journal ?? new InMemoryJournal();
    this.#log = new DecisionLog(this.#journal, resolved.divergence, this.#warn);
    this.#callCap = resolved.maxToolCallsPerMessage;
    this.#ledger = new LoadLedger(this.#menu, () => void this.#universeOnMenu++);
    const before = this.#menu.size;
    const grouping =
      search !== undefined && catalogue !== undefined && groupsOn(search)
        ? decideGroups(this.runId, search, catalogue, this.#menu, this.#log, (id) => this.#specSize(catalogue, id))
        : undefined;
    this.#universeOnMenu += this.#menu.size - before;
    // A journal recorded with groups, resumed without them: its decision is passed over, not a divergence.
    if (grouping === undefined && this.#log.has(deferralDecisionId(this.runId))) this.#log.lookup(deferralDecisionId(this.runId));
    this.#parts =
      search === undefined || catalogue === undefined
        ? undefined
        : { config: search, catalogue, ranker: new SessionRanker(search.ranker ?? bm25RankerFactory(), docs, this.#warn), grouping };
    this.#admit = (id) => catalogue !== undefined && catalogue.searchable(id) && !this.#menu.has(id);
    this.#usage = resolved.recordUsage ? new UsageRecorder(this.runId, this.#log, this.#warn) : undefined;
    this.#skills =
      setup.skills === undefined
        ? undefined
        : { set: setup.skills, host: { log: this.#log, menu: this.#menu, catalogue, warn: this.#warn, onCatalogueTool: () => void this.#universeOnMenu++ } };
  }

  /**
   * The catalogue block for the system prompt (docs/groups.md "The catalogue block"): every
   * held-back group by name, the host's first, servers under their own heading; exact tool
   * names for a small group, a prefix and a count for a large one. The same bytes for the
   * whole run: loading a group or a tool never changes it. Empty without groups, or when
   * nothing is held back.
   *
   * @example
   * const system = `${instructions}\n\n${session.catalogueBlock()}`; // "…Connected servers:\n- argocd: 16 tools, names start with \"argocd__\"…"
   */
  catalogueBlock(): string {
    return this.#parts?.grouping?.block() ?? "";
  }

  /**
   * The skill index for the turn-0 system prompt (DESIGN.md "Skills"): one line per skill in
   * id order, bounded by `maxIndex` and `maxIndexChars`, and a last line counting the skills
   * left out. The same text every call. Empty without skills.
   */
  skillIndex(): string {
    return this.#skills?.set.index() ?? "";
  }

  /** The model-facing specs in menu order: the same frozen objects every turn, new ones only appended. */
  menu(): readonly ToolSpec[] {
    return this.#menu.specs();
  }

  /**
   * The model-facing specs of every tool a search may load, in catalogue order, minus the
   * tools on the menu when the session was created: for a stack that declares the whole
   * catalogue up front and defers it (Anthropic's `defer_loading`). Trust-filtered like the
   * menu's specs (an un-vouched third-party tool shows the withheld text); a tool whose own
   * schema is not JSON is left out, as it never loads. The same frozen array every call.
   */
  searchableSpecs(): readonly ToolSpec[] {
    if (this.#searchableSpecs === undefined) {
      const catalogue = this.#parts?.catalogue;
      const specs: ToolSpec[] = [];
      for (const id of catalogue?.universe() ?? []) {
        // On the menu from the start (alwaysLoaded, an advertised group): what such a stack shows undeferred.
        const section = this.#menu.get(id)?.section;
        const spec = section !== undefined && section !== "search" ? undefined : catalogue!.spec(id);
        if (spec !== undefined) specs.push(spec);
      }
      this.#searchableSpecs = Object.freeze(specs);
    }
    return this.#searchableSpecs;
  }

  /** The search meta-tool's name (`toolSearch.toolName`), or `undefined` without tool search. */
  get searchToolName(): string | undefined {
    return this.#parts?.config.toolName;
  }

  /** The skill meta-tool's name, or `undefined` without skills. */
  get skillToolName(): string | undefined {
    return this.#skills?.set.toolName;
  }

  /** The names on the menu, in menu order. */
  menuNames(): readonly string[] {
    return this.#menu.names();
  }

  isOnMenu(name: string): boolean {
    return this.#menu.has(name);
  }

  /** The journal this session records into (and replays from). */
  get journal(): Journal {
    return this.#journal;
  }

  stats(): SessionStats {
    return {
      searches: this.#searches,
      loadedBySearch: this.#ledger.tools,
      searchMenuChars: this.#ledger.chars,
      pendingReplay: this.#log.pending,
    };
  }

  /**
   * Ends the run: a replay that left recorded decisions unasked went another way than its
   * journal (a `journal_divergence` error in `"fail"` mode, a warning in `"warn"` mode).
   */
  finish(): void {
    this.#log.checkComplete();
  }

  /**
   * Handles one tool call of the model. `search_tools` is answered here (and the menu
   * grows); for any other name the outcome says whether the tool is on the menu (the host
   * then runs it through its own gates) or gives the model an error with near names.
   * Throws `invalid_tool_call` for a malformed call or one handled twice, and
   * `journal_divergence` when a replay goes another way in `"fail"` mode.
   */
  handleToolCall(call: ToolCall): ToolCallOutcome {
    // A ranker, a getter of the host's objects or the journal's store may call back into the
    // session; serving that call would record a decision the outer call then contradicts.
    if (this.#busy) {
      throw new ToolsiftError("reentrant_call", "handleToolCall was called again before the previous call of this session returned; nothing was recorded for it.");
    }
    this.#busy = true;
    try {
      const read = readCall(call);
      const outcome = this.#handle(call, read);
      this.#usage?.observe(read, outcome);
      return outcome;
    } finally {
      this.#busy = false;
    }
  }

  #handle(call: ToolCall, { turn, index, name }: ReturnType<typeof readCall>): ToolCallOutcome {
    // Past the cap nothing runs and nothing is decided: a runaway batch costs one answer each.
    if (this.#callCap > 0 && index >= this.#callCap) return { kind: "tool", name, onMenu: false, result: callLimitAnswer(this.#callCap), tainted: false };
    const parts = this.#parts;
    if (parts !== undefined && name === parts.config.toolName) {
      return this.#searchCall(parts, name, readInput(call), searchDecisionId(this.runId, turn, index));
    }
    const skills = this.#skills;
    if (skills !== undefined && name === skills.set.toolName) {
      return skills.set.call(skills.host, name, readInput(call), skillDecisionId(this.runId, turn, index));
    }
    const entry = this.#menu.get(name);
    if (entry?.tool !== undefined) {
      return { kind: "tool", name, onMenu: true, tool: entry.tool, thirdParty: entry.thirdParty };
    }
    const held = parts?.grouping?.heldGroupOf(name);
    if (held !== undefined && parts!.catalogue.searchable(name)) {
      const blind = blindCall(this.#groupContext(parts!), held, name, blindDecisionId(this.runId, turn, index));
      if (blind !== undefined) return blind;
    }
    const { result, tainted } = this.#offMenu(name);
    return { kind: "tool", name, onMenu: false, result, tainted };
  }

  #groupContext(parts: SearchParts): GroupContext {
    const catalogue = parts.catalogue;
    return { grouping: parts.grouping!, config: parts.config, catalogue, menu: this.#menu, log: this.#log, ledger: this.#ledger, specSize: (id) => this.#specSize(catalogue, id) };
  }

  /**
   * The error a host sends when a call of `name` fails on its arguments (its own validation):
   * `message` followed by the tool's one-line signature, so the model's next try has the
   * parameters (docs/groups.md "Blind calls"). `undefined` for a tool not on the menu.
   *
   * @example
   * session.argumentError("notes_read", "url is required.")
   * // { code: "invalid_tool_arguments", message: "url is required. It takes: notes_read(path, url*) — Read a note.", … }
   */
  argumentError(name: string, message: string): ToolCallErrorResult | undefined {
    const entry = this.#menu.get(name);
    if (entry?.tool === undefined) return undefined;
    const catalogue = this.#parts?.catalogue;
    const trust = catalogue?.get(name)?.trust;
    return argumentAnswer(message, toolLine(entry.spec, trust === undefined ? firstLine(entry.spec.description) : resultDescription(trust)));
  }

  #offMenu(name: string): { result: ToolCallErrorResult; tainted: boolean } {
    const catalogue = this.#parts?.catalogue;
    if (this.#parts !== undefined && catalogue !== undefined && catalogue.searchable(name)) {
      const message = `Tool ${echoName(name)} is not loaded. Call ${this.#parts.config.toolName} with select: [${echoName(name)}] to load it.`;
      return { result: deepFreeze({ code: "tool_not_loaded", message, suggestions: [] }), tainted: catalogue.entry(name).trust.thirdParty };
    }
    const menuNames = this.#menu.names();
    const admit = this.#admit;
    // One budget for looking at catalogue ids and comparing them: a catalogue whose ids are
    // mostly not admitted (on the menu) costs its look-ups too.
    const budget = new WorkBudget(NEAR_NAMES_BUDGET);
    const candidates = function* (): Generator<string> {
      yield* menuNames;
      if (catalogue !== undefined) {
        for (const id of catalogue.universe()) {
          if (!budget.take(1)) return;
          if (admit(id)) yield id;
        }
      }
    };
    const suggestions = nearNames(name, candidates(), budget);
    const tainted = suggestions.some((suggestion) => (this.#menu.get(suggestion)?.thirdParty ?? catalogue?.get(suggestion)?.trust.thirdParty) === true);
    const message = `Unknown tool ${echoName(name)}.${suggestions.length > 0 ? ` Did you mean: ${suggestions.join(", ")}?` : ""}`;
    return { result: deepFreeze({ code: "unknown_tool", message, suggestions }), tainted };
  }

  #refused(name: string, decisionId: string, result: SearchErrorResult): SearchCallOutcome {
    return { kind: "search", name, result, tainted: false, decisionId, source: "refused", added: [] };
  }

  #searchCall(parts: SearchParts, name: string, raw: unknown, decisionId: string): SearchCallOutcome {
    const search = parts.config;
    const grouping = parts.grouping;
    const parsed = parseSearchInput(raw, search.maxPerSearch, grouping !== undefined);
    if (!parsed.ok) return this.#refused(name, decisionId, parsed.error);
    const unknown = parsed.input.groups?.find((group) => grouping!.groups.get(group) === undefined);
    if (unknown !== undefined) return this.#refused(name, decisionId, unknownGroup(unknown, grouping!.nearGroups(unknown)));
    if (this.#searches >= search.maxSearches) return this.#refused(name, decisionId, searchError("search_limit_reached"));
    const lookup = this.#log.lookup(decisionId);
    let outcome: SearchCallOutcome;
    try {
      if (lookup.kind === "unrecorded") outcome = this.#refused(name, decisionId, searchError("search_unavailable"));
      else if (lookup.kind === "replay") outcome = this.#replay(parts, name, parsed.input, decisionId, lookup.record);
      else outcome = this.#live(parts, name, parsed.input, decisionId);
    } catch (error) {
      // A live call that threw recorded nothing (the record is the last step that can
      // throw), so it is not counted and its id stays free for the host's retry. A replay
      // that threw has diverged; it stays decided, as the recorded run's call was.
      if (lookup.kind === "live") this.#log.release(decisionId);
      else this.#searches++;
      throw error;
    }
    this.#searches++;
    return outcome;
  }

  #budget(parts: SearchParts, group: GroupPart = NO_GROUPS): LoadBudget {
    return this.#ledger.budget(parts.config, parts.grouping?.deferral.maxTools, { entries: groupEntries(group), tools: group.ids.length, chars: group.chars });
  }

  #groupPart(parts: SearchParts, asked: readonly string[] | undefined, recorded?: ReadonlySet<string>): GroupPart {
    return parts.grouping === undefined ? NO_GROUPS : groupPart(this.#groupContext(parts), asked, recorded);
  }

  // What a catalogue tool would add to the menu, for the caps; `undefined` when it cannot load.
  #specSize(catalogue: SessionCatalogue, id: string): number | undefined {
    const spec = catalogue.spec(id);
    if (spec === undefined) {
      if (!this.#badSpecs.has(id)) {
        this.#badSpecs.add(id);
        safeWarn(this.#warn, { code: "TOOLSIFT_TOOL_SPEC", message: `Catalogue tool ${echoName(id)} has an input schema that is not JSON; it is never loaded.` });
      }
      return undefined;
    }
    return JSON.stringify(spec).length;
  }

  #plan(parts: SearchParts, results: readonly string[], group: GroupPart = NO_GROUPS): string[] {
    return planLoaded(results, this.#budget(parts, group), (id) => this.#specSize(parts.catalogue, id));
  }

  #sessionFingerprint(parts: SearchParts): string {
    if (this.#fingerprint === undefined) {
      const { config: search, catalogue } = parts;
      const universe = [...catalogue.universe()].map((id) => `${id}\u0000${catalogue.entry(id).trust.ownTextTrusted ? 1 : 0}`);
      this.#fingerprint = fingerprint({
        v: 1,
        toolName: search.toolName,
        caps: [search.maxPerSearch, search.maxLoaded, search.maxSearches, search.maxMenuChars ?? null],
        menu: this.#menu.names().slice(0, this.#menu.size - this.#ledger.tools),
        universe: fingerprint(universe),
        // Only with groups, so a session without them keeps its fingerprint.
        ...(parts.grouping === undefined ? {} : { groups: fingerprint([parts.grouping.groups.list.map((group) => [group.name, group.load, group.dynamic, group.members]), parts.grouping.deferral]) }),
      });
    }
    return this.#fingerprint;
  }

  #live(parts: SearchParts, name: string, input: SearchInput, decisionId: string): SearchCallOutcome {
    const group = this.#groupPart(parts, input.groups);
    const inGroup = new Set(group.ids);
    const admit = inGroup.size === 0 ? this.#admit : (id: string) => this.#admit(id) && !inGroup.has(id);
    const selected = input.select.filter(admit).slice(0, input.page);
    const need = input.page - selected.length;
    let results = selected;
    let skills: string[] = [];
    let kind = "select";
    let verdict: PageVerdict = { confident: true, fallback: false };
    let onMenu: readonly string[] = [];
    if (input.query.length > 0 && need > 0) {
      const built = parts.ranker.resolve();
      if (built === undefined) return this.#refused(name, decisionId, searchError("search_unavailable"));
      const discovery = this.#discovery;
      const shared = discovery?.shared === true;
      const overAsk = this.#universeOnMenu + parts.catalogue.hidden + selected.length + (shared ? discovery.skills.activeCount : 0);
      const ranked = rankPage(
        built,
        [input.query, ...(input.alternatives ?? [])],
        need,
        overAsk,
        (id) => (admit(id) && !selected.includes(id)) || (shared && discovery.admitsKey(id)),
        (id) => this.#onMenuMatch(parts.catalogue, input, id),
      );
      if (!ranked.ok) {
        safeWarn(this.#warn, {
          code: "TOOLSIFT_RANKER_FAILED",
          message: `The ranker (${built.kind}) failed (${ranked.failure}); the search was answered search_unavailable.`,
          cause: ranked.cause,
        });
        return this.#refused(name, decisionId, searchError("search_unavailable"));
      }
      let ids = ranked.ids;
      if (discovery !== undefined) {
        const split = discovery.split(ranked.ids);
        ids = split.tools;
        skills = split.skills;
        if (!discovery.shared) {
          const apart = discovery.rankApart(input.query, need, discovery.skills.activeCount);
          if (apart === undefined || !apart.ok) {
            if (apart?.ok === false) safeWarn(this.#warn, { code: "TOOLSIFT_RANKER_FAILED", message: `The skill ranker failed (${apart.failure}); the search was answered search_unavailable.`, cause: apart.cause });
            return this.#refused(name, decisionId, searchError("search_unavailable"));
          }
          ({ tools: ids, skills } = discovery.interleave(ids, apart.ids, need));
        }
      }
      results = [...selected, ...ids];
      kind = built.kind;
      onMenu = ranked.onMenu;
      if (ranked.ids.length > 0) verdict = ranked.verdict;
    }
    const loaded = this.#plan(parts, results, group);
    // Record first, then grow the menu: if the store throws, nothing changed.
    const asked = input.alternatives === undefined ? { ranker: kind, query: recordedQuery(input.query) } : { ranker: kind, query: recordedQuery(input.query), alternatives: input.alternatives.map(recordedQuery) };
    const base: SearchDecision = this.#discovery === undefined ? { ...asked, results, loaded } : { ...asked, results, loaded, skills };
    // Group fields only for a call that named groups: every other record keeps its bytes.
    const decision = input.groups === undefined ? base : { ...base, groups: input.groups, groupLoaded: group.ids };
    // Likewise the matches on the menu: only a search that skipped some records them.
    const fields = onMenu.length > 0 ? { ...decision, onMenu } : decision;
    this.#log.record(decisionId, verdictFields(fields, verdict), this.#sessionFingerprint(parts));
    return this.#complete(parts.catalogue, name, input, decisionId, { results, loaded, onMenu, group }, "live", verdict, skills);
  }

  // A tool a search could return that is on the menu already (the agent's own tools are not),
  // and that the call did not select (the select note names those).
  #onMenuMatch(catalogue: SessionCatalogue, input: SearchInput, id: string): boolean {
    return catalogue.searchable(id) && this.#menu.has(id) && !input.select.includes(id);
  }

  #replay(parts: SearchParts, name: string, input: SearchInput, decisionId: string, record: JournalRecord): SearchCallOutcome {
    const stored = readStoredDecision(record.value);
    if (stored.query !== recordedQuery(input.query) || !sameAlternatives(stored.alternatives, input.alternatives)) {
      this.#log.diverged(`Replay of ${JSON.stringify(decisionId)} has another query than its record.`, [decisionId]);
    }
    if (record.fingerprint !== undefined && record.fingerprint !== this.#sessionFingerprint(parts) && !this.#warnedConfig) {
      this.#warnedConfig = true;
      safeWarn(this.#warn, {
        code: "TOOLSIFT_JOURNAL_CONFIG",
        message: "This journal was recorded under another tool-search configuration; its decisions are re-admitted against this one.",
      });
    }
    // The record is untrusted: re-admitted against this session, clipped to this call's
    // page, and its loaded list can only narrow what the caps allow now.
    // Groups: only those this call asks for and the record names, re-planned live and clipped
    // to the tools the record loaded.
    const recordedGroups = recordedSet(stored.groups);
    const group = this.#groupPart(parts, input.groups?.filter((asked) => recordedGroups.has(asked)), recordedSet(stored.groupLoaded));
    const inGroup = new Set(group.ids);
    const results = admitRecorded(stored.results, input.page, inGroup.size === 0 ? this.#admit : (id) => this.#admit(id) && !inGroup.has(id));
    const recordedLoaded = recordedSet(stored.loaded);
    const loaded = this.#plan(parts, results, group).filter((id) => recordedLoaded.has(id));
    // The recorded verdict is only ever a reason to add a note, never to widen anything; the
    // recorded matches on the menu are named only while they are on this menu (the same as
    // when they were recorded, in a faithful replay, so the note is the same bytes).
    const verdict = { confident: stored.confident !== false, fallback: stored.fallback === true };
    // Skills fill what the tools leave of the page (tools first), re-admitted like them.
    const skills = this.#discovery?.admitRecorded(stored.skills, input.page - results.length) ?? [];
    const onMenu = admitRecorded(stored.onMenu, MAX_ON_MENU_NOTED, (id) => this.#onMenuMatch(parts.catalogue, input, id));
    return this.#complete(parts.catalogue, name, input, decisionId, { results, loaded, onMenu, group }, "replay", verdict, skills);
  }

  #complete(
    catalogue: SessionCatalogue,
    name: string,
    input: SearchInput,
    decisionId: string,
    page: { readonly results: readonly string[]; readonly loaded: readonly string[]; readonly onMenu: readonly string[]; readonly group: GroupPart },
    source: "live" | "replay",
    verdict: PageVerdict,
    skills: readonly string[],
  ): SearchCallOutcome {
    const { results, loaded, onMenu, group } = page;
    // What the ranking returned, not the call's select: only such a use teaches (src/learn).
    this.#usage?.ranked(decisionId, results.filter((id) => !input.select.includes(id)));
    const notes: string[] = [...group.notes];
    const discovery = this.#discovery;
    // A call that only named groups has its notes from them: no "no match" note for the query it did not send.
    if (results.length === 0 && (input.groups === undefined || input.query.length > 0 || input.select.length > 0)) {
      notes.push(onMenu.length > 0 ? NOTE_NO_OTHER_MATCH : discovery === undefined ? NOTE_NO_MATCH : skills.length === 0 ? NOTE_NO_MATCH_OR_SKILL : NOTE_ONLY_SKILLS);
    }
    else if (verdict.fallback) notes.push(NOTE_NAME_FALLBACK);
    else if (!verdict.confident) notes.push(NOTE_NOT_CONFIDENT);
    if (onMenu.length > 0) notes.push(namesNote("Matches already on the menu", onMenu));
    const alreadyOn = input.select.filter((selected) => this.#menu.has(selected));
    const notFound = input.select.filter((selected) => !this.#menu.has(selected) && !catalogue.searchable(selected));
    if (alreadyOn.length > 0) notes.push(namesNote("Already on the menu", alreadyOn));
    if (notFound.length > 0) notes.push(namesNote("No tool named", notFound));
    const loadedSet = new Set(loaded);
    if (results.some((id) => !loadedSet.has(id))) notes.push(NOTE_NOT_LOADED);
    if (input.clampedFrom !== undefined) notes.push(`Limit ${input.clampedFrom} is above this session's maximum of ${input.page}.`);

    // A group's tools first, in the group's order: discovery order, so the prefix keeps its bytes.
    this.#ledger.load(catalogue, [...group.ids, ...loaded], loaded.length + groupEntries(group));
    const grouping = this.#parts?.grouping;
    const rules = grouping === undefined ? "" : searchRules(grouping, group, loaded);
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
      skills.some((id) => discovery!.skills.thirdParty(id));
    return { kind: "search", name, result: deepFreeze(result), tainted, decisionId, source, added: Object.freeze([...group.ids, ...loaded]) };
  }
}

// A record without alternatives matches a call without them; otherwise the recorded
// phrasings, in order, as `recordedQuery` keeps each.
function sameAlternatives(stored: unknown, asked: readonly string[] | undefined): boolean {
  if (asked === undefined) return stored === undefined;
  return Array.isArray(stored) && stored.length === asked.length && asked.every((phrasing, index) => stored[index] === recordedQuery(phrasing));
}

/**
 * Creates the tool search of one agent run (DESIGN.md "Session"). Validates the config (typed
 * `invalid_config` / `invalid_ranker` errors naming the field) and builds the turn-0 menu.
 * With a journal that holds records of an earlier run, searches are served from it.
 *
 * @example
 * await init();
 * const session = createToolSearchSession({ runId: "run-1", tools: agentTools, toolSearch: { catalogue } });
 * const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query: "open an issue" } });
 * // outcome.result → { tools: [{ name: "github__create_issue", description: "…", loaded: true }] }
 * session.menu(); // search_tools, the agent's tools, then github__create_issue
 */
export function createToolSearchSession(config: ToolSearchSessionConfig): ToolSearchSession {
  return new ToolSearchSession(config);
}
