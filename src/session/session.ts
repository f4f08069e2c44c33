import { ToolsiftError } from "../errors.js";
import { InMemoryJournal, type Journal } from "../journal/in-memory.js";
import { blindDecisionId, deferralDecisionId, searchDecisionId, skillDecisionId } from "../journal/record.js";
import { DecisionLog } from "../journal/replay.js";
import { bm25RankerFactory } from "../rankers/builtin.js";
import { SessionRanker } from "../rankers/session-ranker.js";
import { emitProcessWarning, type WarningHook } from "../shared/warnings.js";
import { resultDescription, type ToolSpec } from "../trust/spec.js";
import { readCall, readInput, type ReadCall } from "./call-input.js";
import { parseSessionConfig, type ResolvedSessionConfig, type ToolSearchSessionConfig } from "./config.js";
import { SessionGroupCalls, groupsOn } from "./groups/index.js";
import { LoadLedger, specSizes } from "./load-ledger.js";
import type { Menu } from "./menu.js";
import { offMenuAnswer } from "./off-menu.js";
import { argumentAnswer, callLimitAnswer, type ToolCallErrorResult } from "./results.js";
import { setUpSession } from "./setup.js";
import { firstLine, toolLine } from "./signature.js";
import type { SessionSkillSet, SkillHost } from "./skill-engine.js";
import { ToolSearch } from "./tool-search.js";
import type { SessionStats, ToolCall, ToolCallOutcome } from "./types.js";
import { UsageRecorder } from "./usage.js";

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

const NO_SPECS: readonly ToolSpec[] = Object.freeze([]);

/**
 * One agent run's tool search (DESIGN.md "Session"): the append-only menu and the single entry point
 * for the model's tool calls. Create it with `createToolSearchSession`.
 */
export class ToolSearchSession {
  readonly runId: string;
  /** The search meta-tool; `undefined` without `toolSearch`. */
  readonly #search: ToolSearch | undefined;
  readonly #groups: SessionGroupCalls | undefined;
  readonly #skills: { readonly set: SessionSkillSet; readonly host: SkillHost } | undefined;
  readonly #menu: Menu;
  readonly #journal: Journal;
  readonly #log: DecisionLog;
  readonly #ledger: LoadLedger;
  readonly #usage: UsageRecorder | undefined;
  readonly #callCap: number;
  #busy = false;

  /** @internal Use `createToolSearchSession`. */
  constructor(config: ToolSearchSessionConfig) {
    const resolved = parseSessionConfig(config);
    const runId = resolved.runId;
    this.runId = runId;
    const warn: WarningHook = resolved.onWarning ?? emitProcessWarning;
    const setup = readSetup(resolved);
    const { menu, catalogue } = setup;
    this.#menu = menu;
    const search = resolved.toolSearch;
    const discovery = setup.skills?.discovery === true ? setup.skills.search(search?.ranker !== undefined, warn) : undefined;
    this.#journal = resolved.journal ?? new InMemoryJournal();
    const log = new DecisionLog(this.#journal, resolved.divergence, warn);
    this.#log = log;
    this.#callCap = resolved.maxToolCallsPerMessage;
    const ledger = new LoadLedger(menu, setup.universeOnMenu);
    this.#ledger = ledger;
    const usage = resolved.recordUsage ? new UsageRecorder(runId, log, warn) : undefined;
    this.#usage = usage;
    if (search !== undefined && catalogue !== undefined) {
      const specSize = specSizes(catalogue, warn);
      const before = menu.size;
      // What groups and the search share of the session; each takes what it needs of it.
      const host = { runId, config: search, catalogue, menu, log, warn, ledger, usage, specSize };
      const groups = groupsOn(search) ? new SessionGroupCalls(host) : undefined;
      // The advertised groups' tools, on the menu from turn 0.
      ledger.catalogueOnMenu += menu.size - before;
      this.#groups = groups;
      const docs = () => discovery?.sharedDocs(catalogue.docs()) ?? catalogue.docs();
      const ranker = new SessionRanker(search.ranker ?? bm25RankerFactory(), docs, warn);
      this.#search = new ToolSearch({ ...host, ranker, groups, discovery });
    }
    // A journal recorded with groups, resumed without them: its decision is passed over, not a divergence.
    if (this.#groups === undefined && log.has(deferralDecisionId(runId))) log.lookup(deferralDecisionId(runId));
    this.#skills =
      setup.skills === undefined
        ? undefined
        : { set: setup.skills, host: { log, menu, catalogue, warn, onCatalogueTool: () => void ledger.catalogueOnMenu++ } };
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
    return this.#groups?.block() ?? "";
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
    return this.#search?.searchableSpecs() ?? NO_SPECS;
  }

  /** The search meta-tool's name (`toolSearch.toolName`), or `undefined` without tool search. */
  get searchToolName(): string | undefined {
    return this.#search?.toolName;
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
      searches: this.#search?.searches ?? 0,
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

  #handle(call: ToolCall, { turn, index, name }: ReadCall): ToolCallOutcome {
    // Past the cap nothing runs and nothing is decided: a runaway batch costs one answer each.
    if (this.#callCap > 0 && index >= this.#callCap) return { kind: "tool", name, onMenu: false, result: callLimitAnswer(this.#callCap), tainted: false };
    const search = this.#search;
    if (search !== undefined && name === search.toolName) return search.call(name, readInput(call), searchDecisionId(this.runId, turn, index));
    const skills = this.#skills;
    if (skills !== undefined && name === skills.set.toolName) {
      return skills.set.call(skills.host, name, readInput(call), skillDecisionId(this.runId, turn, index));
    }
    const entry = this.#menu.get(name);
    if (entry?.tool !== undefined) {
      return { kind: "tool", name, onMenu: true, tool: entry.tool, thirdParty: entry.thirdParty };
    }
    const blind = this.#groups?.blindCall(name, blindDecisionId(this.runId, turn, index));
    if (blind !== undefined) return blind;
    const { result, tainted } = offMenuAnswer(name, this.#menu, search);
    return { kind: "tool", name, onMenu: false, result, tainted };
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
    const trust = this.#search?.catalogue.get(name)?.trust;
    return argumentAnswer(message, toolLine(entry.spec, trust === undefined ? firstLine(entry.spec.description) : resultDescription(trust)));
  }
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
