// The evaluation view's misses card: every query with no expected tool in the top 10, each a
// button that opens the explanation of why it missed in the card beside it.
import type { EvalRow } from "../../../../src/eval/index.js";
import { whyMissed } from "../../eval/why.js";
import type { Store } from "../../state/store.js";
import { h, replace } from "../../ui/dom.js";
import { count } from "../../ui/format.js";

/** `why`: the card the chosen miss's explanation goes into. */
export function missesCard(store: Store, rows: readonly EvalRow[], why: HTMLElement): HTMLElement {
  const misses = rows.filter((row) => row.firstRelevantRank === null);
  const choose = (row: EvalRow) => (event: MouseEvent) => {
    const button = event.currentTarget as HTMLButtonElement;
    button.closest("ul")?.querySelectorAll("button").forEach((other) => other.setAttribute("aria-pressed", "false"));
    button.setAttribute("aria-pressed", "true");
    replace(why, whyMissed(store, row, (query) => { store.setQuery(query); store.setView("search"); }));
  };
  return h(
    "div",
    { class: "card stack-gap" },
    h("h3", { id: "misses-title" }, `Misses: ${count(misses.length)} of ${count(rows.length)} (no expected tool in the top 10)`),
    misses.length === 0
      ? h("p", { class: "muted" }, "None.")
      : h(
          "ul",
          { class: "misses", "aria-labelledby": "misses-title" },
          misses.map((row) => h("li", {}, h("button", { type: "button", "aria-pressed": "false", onclick: choose(row) }, row.lang ? h("span", { class: "lang" }, row.lang) : null, row.query))),
        ),
  );
}
