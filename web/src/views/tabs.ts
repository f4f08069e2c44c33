// The view switcher: an ARIA tab list (arrow keys, Home and End move between tabs) whose
// panels are the views. The open view is part of the URL.
import type { Store } from "../state/store.js";
import type { View } from "../state/url.js";
import { h } from "../ui/dom.js";

export interface TabSpec {
  readonly view: View;
  readonly label: string;
  readonly panel: HTMLElement;
}

export function tabs(store: Store, specs: readonly TabSpec[]): { list: HTMLElement; panels: HTMLElement[] } {
  const buttons = specs.map((spec) =>
    h(
      "button",
      {
        type: "button",
        role: "tab",
        id: `tab-${spec.view}`,
        "aria-controls": `panel-${spec.view}`,
        "data-view": spec.view,
        onclick: () => store.setView(spec.view),
      },
      spec.label,
    ),
  );
  const panels = specs.map((spec) => {
    spec.panel.id = `panel-${spec.view}`;
    spec.panel.setAttribute("role", "tabpanel");
    spec.panel.setAttribute("aria-labelledby", `tab-${spec.view}`);
    spec.panel.tabIndex = -1;
    return spec.panel;
  });
  const list = h("nav", { class: "tabs", role: "tablist", "aria-label": "Views" }, buttons);
  list.addEventListener("keydown", (event) => {
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    let next = current;
    if (event.key === "ArrowRight") next = (current + 1) % buttons.length;
    else if (event.key === "ArrowLeft") next = (current - 1 + buttons.length) % buttons.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    else return;
    event.preventDefault();
    buttons[next]!.focus();
    store.setView(specs[next]!.view);
  });
  const sync = () => {
    specs.forEach((spec, index) => {
      const selected = spec.view === store.view;
      buttons[index]!.setAttribute("aria-selected", String(selected));
      buttons[index]!.tabIndex = selected ? 0 : -1;
      panels[index]!.hidden = !selected;
    });
  };
  store.on("view", sync);
  sync();
  return { list, panels };
}
