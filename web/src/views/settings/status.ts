// The settings panel's build status: where the index came from and how long it took, a spinner
// while it is rebuilt, and why the last rebuild failed, if it did.
import { DEFAULT_SETTINGS, sameSettings } from "../../state/settings.js";
import type { Store } from "../../state/store.js";
import { h, replace } from "../../ui/dom.js";
import { bytes, count, milliseconds } from "../../ui/format.js";

/** `reset`: the reset button, enabled once an index of other settings is in. */
export function buildStatus(store: Store, reset: HTMLButtonElement): { element: HTMLElement; render: () => void } {
  const status = h("div", { class: "build-status", "aria-live": "polite", "data-testid": "build-status" });

  function render(): void {
    const index = store.index;
    const ranker = store.ranker;
    if (store.busy) {
      replace(status, h("span", { class: "spinner", "aria-hidden": "true" }), "Rebuilding the index…");
      return;
    }
    replace(
      status,
      index.source === "artifact"
        ? h("span", {}, "Loaded from the prebuilt artifact (", bytes(index.bytes ?? 0), ") in ", h("strong", {}, milliseconds(index.milliseconds)))
        : h(
            "span",
            {},
            `Built ${index.where === "worker" ? "in a worker" : "in the page"} in `,
            h("strong", { "data-testid": "build-time" }, milliseconds(index.milliseconds)),
            index.where === "worker" ? `, loaded in ${milliseconds(index.loadMilliseconds ?? 0)}` : "",
          ),
      h("span", { class: "muted" }, ` · ${count(ranker.size)} tools, ${count(ranker.termCount)} terms`),
      index.note ? h("p", { class: "hint" }, `Prebuilt artifact refused (${index.note}).`) : null,
      store.lastError !== undefined ? h("p", { class: "error", role: "alert" }, `The last rebuild failed: ${store.lastError instanceof Error ? store.lastError.message : String(store.lastError)}`) : null,
    );
    reset.disabled = sameSettings(store.settings, DEFAULT_SETTINGS);
  }

  return { element: status, render };
}
