// The agent view's menu card: the tools on the menu after any call of the run (a scrubber
// walks back through them), each named with the call that added it.
import type { StepRecord } from "../../agent/run.js";
import { h, replace, uid } from "../../ui/dom.js";
import { count } from "../../ui/format.js";

/** The part of a run the menu is drawn from (a live run, or a finished record). */
interface MenuSource {
  readonly initialMenu: readonly string[];
  readonly steps: readonly StepRecord[];
}

export interface MenuPanel {
  readonly element: HTMLElement;
  /** Draws the menu after call `after` (0: before the first); `groups` names the held tools. */
  render(run: MenuSource, after: number, groups: boolean): void;
  /** Draws the menu after the last of `done` calls and lets the scrubber reach back from there. */
  show(run: MenuSource, done: number, groups: boolean): void;
  /** Empties the menu and turns the scrubber off. */
  clear(): void;
}

/** The call (from 1) that put each tool on the menu. */
function addedByCall(steps: readonly StepRecord[]): Map<string, number> {
  const addedBy = new Map<string, number>();
  steps.forEach((step, index) => {
    const outcome = step.outcome;
    if (outcome?.kind === "search" || outcome?.kind === "skill") for (const id of outcome.added) addedBy.set(id, index + 1);
    else if (outcome !== undefined && !outcome.onMenu) for (const id of outcome.added ?? []) addedBy.set(id, index + 1);
  });
  return addedBy;
}

/** `scrubbed`: the run to draw when the scrubber moves, if any. */
export function menuPanel(scrubbed: () => { run: MenuSource; groups: boolean } | undefined): MenuPanel {
  const menu = h("ol", { class: "menu-list", "aria-label": "Menu" });
  const scrubId = uid("scrub");
  const scrub = h("input", { id: scrubId, type: "range", min: 0, max: 0, value: 0, step: 1, disabled: true });
  const scrubLabel = h("span", { class: "muted" });

  function render(run: MenuSource, after: number, groups: boolean): void {
    const names = after === 0 ? run.initialMenu : run.steps[after - 1]!.menu;
    const addedBy = addedByCall(run.steps);
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
            name === "search_tools" || name === "activate_skill" ? "meta" : by !== undefined ? `call #${by}` : name === "reply_to_user" || !groups ? "agent" : "group (advertised)",
          ),
        );
      }),
    );
    scrubLabel.textContent = after === 0 ? "at the start (turn 0)" : `after call #${after}: ${count(names.length)} tools`;
  }

  scrub.addEventListener("input", () => {
    const shown = scrubbed();
    if (shown !== undefined) render(shown.run, Number(scrub.value), shown.groups);
  });

  const element = h(
    "div",
    { class: "card stack-gap" },
    h("h3", {}, "Menu"),
    h("div", { class: "control" }, h("label", { for: scrubId }, "Show the menu ", scrubLabel), scrub),
    menu,
  );
  return {
    element,
    render,
    show(run, done, groups) {
      scrub.max = String(done);
      scrub.value = String(done);
      scrub.disabled = false;
      render(run, done, groups);
    },
    clear() {
      replace(menu);
      scrubLabel.textContent = "";
      scrub.disabled = true;
    },
  };
}
