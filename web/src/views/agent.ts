// The agent-run view: an editable script of the model's tool calls runs through a real
// session, a call at a time or all at once; the menu grows append-only, each decision is
// journaled into IndexedDB as it is made, so a reload resumes the run where it was, and Replay
// serves the run again from the journal (as shown, or as edited) and checks that it is identical.
import { isToolsiftError } from "../../../src/entry/browser.js";
import { journalFromJsonLines, journalToJsonLines } from "../../../src/entry/browser.js";
import type { IndexedDbJournal } from "../../../src/journal/stores/index.js";
import { AgentRun, GROUPS_MAX_TOOLS, compareRuns, runScript, type RunRecord, type StepRecord } from "../agent/run.js";
import { DEFAULT_SCRIPT, GROUPS_SCRIPT, SKILLS_SCRIPT, parseScript, ScriptError } from "../agent/script.js";
import { StoredRunError, claimRun, clearStoredRun, newRunId, openRunJournal, readStoredRun, saveStoredRun } from "../agent/stored.js";
import type { ParsedSkill } from "../../../src/skills/parse.js";
import { readSamples } from "../skills/samples.js";
import type { Store } from "../state/store.js";
import { readRunId, writeRunId } from "../state/url.js";
import { h, replace, uid } from "../ui/dom.js";
import { download } from "../ui/download.js";
import { count, counted, milliseconds } from "../ui/format.js";
import { skillResultView } from "./skill-result.js";

/** The run in the view: its session, its stored journal and what it was started with. */
interface Current {
  readonly runId: string;
  readonly run: AgentRun;
  readonly journal: IndexedDbJournal;
  readonly script: string;
  readonly skills: readonly ParsedSkill[] | undefined;
  readonly groups: boolean;
  /** The run's record once every call was made. */
  record?: RunRecord;
  /** Set when the store refused a write: the run cannot go on. */
  failed?: boolean;
}

/** The message of a typed error (`code: message`), a stored-run error or a script error. */
function describe(error: unknown): string | undefined {
  if (isToolsiftError(error)) return `${error.code}: ${error.message}`;
  if (error instanceof StoredRunError || error instanceof ScriptError) return error.message;
  return undefined;
}

function stepView(step: StepRecord, number: number): HTMLElement {
  const { call, outcome } = step;
  const head = h(
    "div",
    { class: "step-head" },
    h("span", { class: "badge" }, `#${number}`),
    h("span", { class: "muted" }, `turn ${call.turn}`),
    h("code", {}, call.name),
    h("code", { class: "muted" }, JSON.stringify(call.input)),
  );
  if (outcome === undefined) return h("li", { class: "step" }, head, h("p", { class: "error" }, `${step.error?.code}: ${step.error?.message}`));
  if (outcome.kind === "search") {
    const result = outcome.result;
    const body =
      "tools" in result
        ? h(
            "ul",
            {},
            result.tools.map((tool) =>
              h("li", {}, h("code", {}, tool.name), tool.loaded ? null : h("span", { class: "badge tainted" }, "not loaded"), " ", h("span", { class: "muted" }, tool.description)),
            ),
          )
        : h("p", { class: "error" }, `${result.code}: ${result.message}`);
    return h(
      "li",
      { class: "step", "data-source": outcome.source },
      head,
      h(
        "div",
        { class: "step-head" },
        h("span", { class: `badge ${outcome.source === "refused" ? "tainted" : outcome.source === "replay" ? "vouched" : "annotated"}` }, outcome.source),
        outcome.tainted ? h("span", { class: "badge third-party", title: "names a third-party tool: fence it as data" }, "tainted result") : null,
        h("span", { class: "muted" }, `ranker calls: ${step.rankerCalls} · +${outcome.added.length} on the menu`),
      ),
      "groups" in result && result.groups
        ? h(
            "p",
            { class: "note" },
            result.groups.map((group) => h("span", { class: `badge ${group.loaded ? "ok" : "tainted"}` }, group.loaded ? `group ${group.name}: ${count(group.tools)} tools, one load` : `group ${group.name} not loaded`)),
          )
        : null,
      body,
      "rules" in result && result.rules ? h("pre", { class: "skill-text" }, result.rules) : null,
      "note" in result && result.note ? h("p", { class: "note" }, result.note) : null,
    );
  }
  if (outcome.kind === "skill") return h("li", { class: "step", "data-source": outcome.source }, head, skillResultView(outcome));
  if (outcome.onMenu) {
    return h("li", { class: "step" }, head, h("p", {}, h("span", { class: "badge ok" }, "on the menu"), " The host runs it through its own gates (validation, approval).", outcome.thirdParty ? " Third-party: its output is untrusted data." : ""));
  }
  if (outcome.result.code === "tool_loaded") {
    return h(
      "li",
      { class: "step", "data-source": outcome.source ?? "live" },
      head,
      h("div", { class: "step-head" }, h("span", { class: "badge annotated" }, "blind call"), h("span", { class: "muted" }, `did not run · +${outcome.added?.length ?? 0} on the menu for the next turn`)),
      h("p", {}, "It takes: ", h("code", {}, outcome.result.signature ?? "")),
      h("pre", { class: "skill-text" }, outcome.result.message),
    );
  }
  return h(
    "li",
    { class: "step" },
    head,
    h("p", {}, h("span", { class: "badge tainted" }, outcome.result.code), " ", outcome.result.message),
    outcome.result.suggestions.length > 0 ? h("p", { class: "note" }, "Suggestions: ", outcome.result.suggestions.join(", ")) : null,
  );
}

export function agentView(store: Store): HTMLElement {
  const scriptId = uid("script");
  // Wrapped: the script's longest calls ran past the box's edge, out of sight.
  const script = h("textarea", { id: scriptId, class: "code", spellcheck: "false", wrap: "soft", rows: 12, "aria-describedby": `${scriptId}-help` });
  script.value = DEFAULT_SCRIPT;
  const journalId = uid("journal");
  // Wrapped: every record begins with the same 60 characters, which were all a line showed.
  const journalText = h("textarea", { id: journalId, class: "code journal-text", spellcheck: "false", wrap: "soft", rows: 14, readonly: true, "aria-describedby": `${journalId}-help` });
  const steps = h("ol", { class: "steps", "aria-label": "Calls and outcomes" });
  const status = h("div", { "aria-live": "polite" });
  const progress = h("div", { "aria-live": "polite" });
  const replayStatus = h("div", { "aria-live": "polite" });
  const menu = h("ol", { class: "menu-list", "aria-label": "Menu" });
  const scrubId = uid("scrub");
  const scrub = h("input", { id: scrubId, type: "range", min: 0, max: 0, value: 0, step: 1, disabled: true });
  const scrubLabel = h("span", { class: "muted" });
  const runButton = h("button", { type: "button", onclick: () => void start(Number.POSITIVE_INFINITY) }, "Run the script");
  const stepButton = h("button", { type: "button", class: "secondary", onclick: () => void (current === undefined || current.record !== undefined || current.failed ? start(1) : advance(1)) }, "Run the next call");
  const finishButton = h("button", { type: "button", class: "secondary", disabled: true, onclick: () => void advance(Number.POSITIVE_INFINITY) }, "Finish the run");
  const replayButton = h("button", { type: "button", disabled: true, onclick: replay }, "Replay from the journal");
  const clearButton = h("button", { type: "button", class: "secondary", disabled: readRunId() === undefined, onclick: () => void clear() }, "Clear the stored run");
  const skillsToggle = h("input", { type: "checkbox" });
  const groupsToggle = h("input", { type: "checkbox" });
  let current: Current | undefined;
  // The run this tab holds (claimRun): only the holder steps it, resumes it or clears it.
  let claimed: { readonly runId: string; readonly release: () => void } | undefined;
  // A step, a start, a resume or a clear in flight: the buttons wait for it.
  let working = false;
  let samples: readonly ParsedSkill[] | undefined;
  const sampleSkills = () => (samples ??= readSamples().skills);

  function renderMenu(run: { readonly initialMenu: readonly string[]; readonly steps: readonly StepRecord[] }, after: number): void {
    const names = after === 0 ? run.initialMenu : run.steps[after - 1]!.menu;
    const addedBy = new Map<string, number>();
    run.steps.forEach((step, index) => {
      const outcome = step.outcome;
      if (outcome?.kind === "search" || outcome?.kind === "skill") for (const id of outcome.added) addedBy.set(id, index + 1);
      else if (outcome !== undefined && !outcome.onMenu) for (const id of outcome.added ?? []) addedBy.set(id, index + 1);
    });
    replace(
      menu,
      names.map((name) => {
        const by = addedBy.get(name);
        return h(
          "li",
          { class: by !== undefined && by === after ? "fresh" : "" },
          h("code", {}, name),
          h(
            "span",
            { class: "section" },
            name === "search_tools" || name === "activate_skill" ? "meta" : by !== undefined ? `call #${by}` : name === "reply_to_user" || current?.groups !== true ? "agent" : "group (advertised)",
          ),
        );
      }),
    );
    scrubLabel.textContent = after === 0 ? "at the start (turn 0)" : `after call #${after}: ${count(names.length)} tools`;
  }

  scrub.addEventListener("input", () => {
    if (current !== undefined) renderMenu(current.run, Number(scrub.value));
  });

  function fail(message: string): void {
    replace(status, h("div", { class: "alert bad", role: "alert", "data-testid": "run-error" }, message));
  }

  function setButtons(): void {
    const open = current !== undefined && current.record === undefined && current.failed !== true;
    runButton.disabled = working;
    stepButton.disabled = working;
    finishButton.disabled = working || !open;
    replayButton.disabled = working || current?.record === undefined;
    clearButton.disabled = working || readRunId() === undefined;
  }

  /** Shows the run as it is: its steps, the menu after the last, the journal, how far it is. */
  function show(note?: HTMLElement): void {
    if (current === undefined) return;
    const { run, journal, runId } = current;
    replace(steps, run.steps.map((step, index) => stepView(step, index + 1)));
    journalText.value = journalToJsonLines(journal);
    scrub.max = String(run.done);
    scrub.value = String(run.done);
    scrub.disabled = false;
    renderMenu(run, run.done);
    const stored = journal.records().length - journal.pending;
    replace(
      progress,
      h(
        "div",
        { class: "alert good", role: "status", "data-testid": "run-progress", "data-run": runId, "data-done": String(run.done) },
        h("strong", {}, `Run ${runId}: ${count(run.done)} of ${count(run.total)} calls made.`),
        `${counted(stored, "journal record")} stored in IndexedDB; a reload resumes the run from them.`,
        note ?? null,
      ),
    );
    setButtons();
  }

  function showFinished(record: RunRecord): void {
    journalText.readOnly = false;
    const skills = current?.skills;
    replace(
      status,
      h(
        "div",
        { class: "alert good", role: "status", "data-testid": "run-result" },
        h("strong", {}, `Ran ${count(record.steps.length)} calls in ${milliseconds(record.milliseconds)}: ${count(record.journal.records().length)} ${skills === undefined ? "search decisions" : "decisions (searches and activations)"} journaled, ${count(record.rankerCalls)} ranker calls.`),
        `The menu grew from ${count(record.initialMenu.length)} to ${count(record.menu.length)} tools, append-only.`,
        skills !== undefined ? h("p", {}, `With ${count(skills.length)} skills; the index in the system prompt:`, h("pre", { class: "skill-text" }, record.skillIndex)) : null,
        current?.groups === true
          ? h(
              "p",
              { "data-testid": "catalogue-block" },
              `Groups on (one per server, at most ${count(GROUPS_MAX_TOOLS)} tools): ${count(record.held.length)} held back, named in the catalogue block of the system prompt (${count(record.catalogueBlock.length)} characters, the same bytes every turn):`,
              h("pre", { class: "skill-text" }, record.catalogueBlock),
            )
          : null,
        record.warnings.length > 0 ? h("p", {}, record.warnings.join(" ")) : null,
      ),
    );
  }

  /** Claims `runId` for this tab, giving up the run it held before; false when another tab holds it. */
  async function claim(runId: string): Promise<boolean> {
    if (claimed?.runId === runId) return true;
    const release = await claimRun(runId);
    if (release === undefined) return false;
    claimed?.release();
    claimed = { runId, release };
    return true;
  }

  /** Runs one step at a time while `working` holds the buttons; a typed error is shown, others thrown. */
  async function exclusive(action: () => Promise<void>): Promise<void> {
    if (working) return;
    working = true;
    setButtons();
    try {
      await action();
    } catch (error) {
      const message = describe(error);
      if (message === undefined) throw error;
      fail(message);
    } finally {
      working = false;
      setButtons();
    }
  }

  /** Starts a new run of the script (the stored one is cleared) and makes up to `calls` calls. */
  function start(calls: number): Promise<void> {
    return exclusive(async () => {
      replace(replayStatus);
      replace(status);
      const text = script.value;
      const parsed = parseScript(text);
      const skills = skillsToggle.checked ? sampleSkills() : undefined;
      const groups = groupsToggle.checked;
      await dropStored();
      const runId = newRunId();
      await claim(runId);
      const journal = await openRunJournal(runId);
      const run = new AgentRun(store, parsed, journal, { skills, groups, runId });
      current = { runId, run, journal, script: text, skills, groups };
      saveStoredRun({ runId, script: text, skills: skills !== undefined, groups, done: 0, menu: run.initialMenu });
      writeRunId(runId);
      journalText.readOnly = true;
      await makeCalls(calls);
    });
  }

  function advance(calls: number): Promise<void> {
    return exclusive(() => makeCalls(calls));
  }

  /**
   * Makes up to `calls` calls of the current run. Each call's records are stored before the
   * run counts it done (`flush`), so a reload at any point resumes with none lost or repeated.
   */
  async function makeCalls(calls: number): Promise<void> {
    const open = current;
    if (open === undefined) return;
    const { run, journal, runId } = open;
    for (let made = 0; made < calls && run.step() !== undefined; made++) {
      show();
      try {
        await journal.flush();
      } catch (error) {
        open.failed = true;
        show();
        throw error;
      }
      saveStoredRun({ runId, script: open.script, skills: open.skills !== undefined, groups: open.groups, done: run.done, menu: run.menu() });
      show();
    }
    if (run.done === run.total) {
      open.record = run.finish();
      showFinished(open.record);
      show();
    }
  }

  /**
   * Clears the run the address names (its journal records and its entry), if any; false when
   * another tab holds it, which keeps it stored (this tab only forgets its address).
   */
  async function dropStored(): Promise<boolean> {
    const runId = readRunId();
    if (runId === undefined) return true;
    if (!(await claim(runId))) {
      writeRunId(undefined);
      return false;
    }
    // A write still queued would store its record again after the clear.
    await current?.journal.flush().catch(() => undefined);
    await clearStoredRun(runId);
    writeRunId(undefined);
    return true;
  }

  function clear(): Promise<void> {
    return exclusive(async () => {
      const cleared = await dropStored();
      current = undefined;
      claimed?.release();
      claimed = undefined;
      replace(steps);
      replace(progress);
      replace(replayStatus);
      replace(menu);
      scrubLabel.textContent = "";
      scrub.disabled = true;
      journalText.value = "";
      journalText.readOnly = true;
      replace(status, h("div", { class: "alert good", role: "status", "data-testid": "run-cleared" }, cleared ? "The stored run was cleared; the next run starts fresh." : "This tab forgot the run; it stays stored for the tab that holds it. The next run here starts fresh."));
    });
  }

  /** Resolves once the catalogue is in and no index is being built: a resumed run needs both. */
  function ready(): Promise<void> {
    return new Promise((resolve) => {
      const events = ["catalogue", "index", "busy"] as const;
      const check = () => {
        if (store.catalogue === undefined || store.busy) return;
        for (const event of events) store.removeEventListener(event, check);
        resolve();
      };
      for (const event of events) store.on(event, check);
      check();
    });
  }

  /**
   * Resumes the run the address names: its journal opened from IndexedDB, a new session over
   * it, the calls made before the reload replayed from their records (no ranking), and the
   * menu checked against the one stored after them. The remaining calls then go live.
   */
  function resume(runId: string): Promise<void> {
    return exclusive(async () => {
      const stored = readStoredRun(runId);
      if (stored === undefined) {
        replace(status, h("p", { class: "hint", "data-testid": "run-missing" }, `No run ${runId} is stored in this browser; Clear the stored run forgets its address.`));
        return;
      }
      if (!(await claim(runId))) {
        replace(status, h("p", { class: "hint", "data-testid": "run-elsewhere" }, `The run ${runId} is open in another tab of this browser and goes on there; this tab leaves it alone. Run the script here for a run of its own.`));
        return;
      }
      script.value = stored.script;
      skillsToggle.checked = stored.skills;
      groupsToggle.checked = stored.groups;
      const parsed = parseScript(stored.script);
      await ready();
      const journal = await openRunJournal(runId);
      const skills = stored.skills ? sampleSkills() : undefined;
      const run = new AgentRun(store, parsed, journal, { skills, groups: stored.groups, runId });
      current = { runId, run, journal, script: stored.script, skills, groups: stored.groups };
      const loaded = journal.loaded;
      while (run.done < Math.min(stored.done, run.total)) run.step();
      const same = JSON.stringify(run.menu()) === JSON.stringify(stored.menu);
      const note = h(
        "p",
        { "data-testid": "run-resumed" },
        `Resumed from IndexedDB after a reload: ${counted(run.done, "call")} replayed from ${counted(loaded, "stored record")} with ${counted(run.rankerCalls, "ranker call")}; `,
        same ? `the menu is the one the run had (${count(stored.menu.length)} tools).` : h("strong", { class: "error" }, "the menu differs from the one the run had."),
      );
      if (run.done === run.total) {
        current.record = run.finish();
        showFinished(current.record);
      }
      show(note);
    });
  }

  function replay(): void {
    const record = current?.record;
    if (current === undefined || record === undefined) return;
    let replayed: RunRecord;
    const edited = journalText.value !== journalToJsonLines(record.journal);
    try {
      replayed = runScript(store, parseScript(current.script), journalFromJsonLines(journalText.value), { skills: current.skills, groups: current.groups, runId: current.runId });
    } catch (error) {
      if (!isToolsiftError(error)) throw error;
      replace(replayStatus, h("div", { class: "alert bad", role: "alert", "data-testid": "replay-result" }, h("strong", {}, "The journal was refused."), `${error.code}: ${error.message}`));
      return;
    }
    const check = compareRuns(record, replayed);
    replace(steps, replayed.steps.map((step, index) => stepView(step, index + 1)));
    replace(
      replayStatus,
      check.identical
        ? h(
            "div",
            { class: "alert good", role: "status", "data-testid": "replay-result" },
            h("strong", {}, "Replay identical."),
            `${count(check.served)} search decisions served from the journal with 0 ranker calls; every result and the ${count(replayed.menu.length)}-tool menu match the live run.`,
          )
        : h(
            "div",
            { class: "alert warn", role: "status", "data-testid": "replay-result" },
            h("strong", {}, edited ? "Replay of the edited journal differs from the live run." : "Replay differs from the live run."),
            h("ul", {}, check.differences.map((difference) => h("li", {}, difference))),
            replayed.warnings.length > 0 ? h("p", {}, replayed.warnings.join(" ")) : null,
            edited ? h("p", {}, "A journal is untrusted input: on replay its decisions are re-admitted against this session, clipped, never widened.") : null,
          ),
    );
  }

  store.on("index", () => {
    if (current?.record !== undefined) replace(replayStatus, h("p", { class: "hint" }, "The index changed since this run; Replay still serves the journal, without the ranker."));
  });

  const storedRun = readRunId();
  if (storedRun !== undefined) void resume(storedRun);

  return h(
    "section",
    { class: "view agent-view stack-gap" },
    h(
      "div",
      { class: "card" },
      h("h2", {}, "Agent run"),
      h(
        "p",
        { class: "muted" },
        "A scripted run of the model's tool calls through a real session over the current catalogue, all at once or a call at a time: search_tools answers and appends matches to the menu (never removing one), every decision is journaled into this browser's IndexedDB as it is made, so a reload resumes the run, and Replay serves the same run from the journal without calling the ranker.",
      ),
    ),
    h(
      "div",
      { class: "agent-grid" },
      h(
        "div",
        { class: "stack-gap" },
        h(
          "div",
          { class: "card stack-gap" },
          h("label", { for: scriptId }, "Script: the model's tool calls"),
          h(
            "p",
            { id: `${scriptId}-help`, class: "hint" },
            "A JSON array, one call per turn: a string is a search_tools query; an object is a search_tools input ({ query, limit, select }); an object with \"name\" calls that tool.",
          ),
          script,
          h("label", { class: "inline" }, skillsToggle, "Skills on (the sample SKILL.md files; adds activate_skill)"),
          h("label", { class: "inline" }, groupsToggle, "Groups on (each server a group, at most 128 tools on the menu)"),
          h(
            "div",
            { class: "row" },
            runButton,
            stepButton,
            finishButton,
            replayButton,
            clearButton,
            h("button", { type: "button", class: "secondary", onclick: () => ((script.value = DEFAULT_SCRIPT), (skillsToggle.checked = false), (groupsToggle.checked = false)) }, "Reset the script"),
            h("button", { type: "button", class: "secondary", onclick: () => ((script.value = SKILLS_SCRIPT), (skillsToggle.checked = true), (groupsToggle.checked = false)) }, "The skills script"),
            h("button", { type: "button", class: "secondary", onclick: () => ((script.value = GROUPS_SCRIPT), (groupsToggle.checked = true), (skillsToggle.checked = false)) }, "The groups script"),
          ),
          progress,
          status,
          replayStatus,
        ),
        steps,
      ),
      h(
        "div",
        { class: "stack-gap" },
        h(
          "div",
          { class: "card stack-gap" },
          h("h3", {}, "Menu"),
          h("div", { class: "control" }, h("label", { for: scrubId }, "Show the menu ", scrubLabel), scrub),
          menu,
        ),
        h(
          "div",
          { class: "card stack-gap" },
          h("h3", {}, h("label", { for: journalId }, "Journal (JSON lines)")),
          h("p", { id: `${journalId}-help`, class: "hint" }, "One record per search decision. Edit it and press Replay to see a tampered journal clipped, never widened."),
          journalText,
          h(
            "button",
            {
              type: "button",
              class: "secondary",
              onclick: () => download(journalText.value, "playground-run.jsonl", "application/x-ndjson"),
            },
            "Download the journal",
          ),
        ),
      ),
    ),
  );
}
