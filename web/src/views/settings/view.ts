// Ranking settings: analyzer, field weights, k1, b, the query-term cap, stopwords and the
// lexicon. Each change rebuilds the index in the page; the panel shows how long that took.
import { DEFAULT_SETTINGS, LEXICON_SUPPORTED, sameSettings, type Settings } from "../../state/settings.js";
import type { Store } from "../../state/store.js";
import { h } from "../../ui/dom.js";
import { analyzerControl, checkboxControl, numberControl, selectionControl, weightsControl, type SettingControl } from "./controls.js";
import { buildStatus } from "./status.js";

export function settingsView(store: Store): HTMLElement {
  const change = (patch: Partial<Settings>) => store.setSettings({ ...store.settings, ...patch });
  const settings = store.settings;
  const controls: (SettingControl | undefined)[] = [
    analyzerControl(settings, change),
    weightsControl(settings, () => store.settings, change),
    numberControl({ label: "k1", hint: "term-frequency saturation, 0–10", min: 0, max: 10, step: 0.05 }, "k1", settings, change),
    numberControl({ label: "b", hint: "length normalization, 0–1", min: 0, max: 1, step: 0.05 }, "b", settings, change),
    numberControl({ label: "Query terms scored", hint: "1–64", min: 1, max: 64, step: 1 }, "maxQueryTerms", settings, change),
    selectionControl(settings, change),
    checkboxControl("Drop query stopwords", "stopwords", settings, change, false),
    checkboxControl(
      "Lexicon (Russian and Chinese → English)",
      "lexicon",
      settings,
      change,
      !LEXICON_SUPPORTED,
      LEXICON_SUPPORTED ? undefined : "This build of the ranker has no lexicon option; it cannot be switched on here.",
    ),
    LEXICON_SUPPORTED ? numberControl({ label: "Expansion weight", hint: "lexicon terms, 0–1", min: 0, max: 1, step: 0.05 }, "expansionWeight", settings, change) : undefined,
  ];

  const reset = h("button", { type: "button", class: "secondary", onclick: () => store.setSettings(DEFAULT_SETTINGS) }, "Reset to defaults");
  const status = buildStatus(store, reset);
  store.on("index", status.render);
  store.on("busy", status.render);
  store.on("error", status.render);
  store.on("settings", () => {
    controls.forEach((control) => control?.set(store.settings));
    reset.disabled = sameSettings(store.settings, DEFAULT_SETTINGS);
  });
  status.render();

  return h(
    "aside",
    { class: "settings", "aria-labelledby": "settings-title" },
    h("h2", { id: "settings-title" }, "Settings"),
    status.element,
    controls.map((control) => control?.element),
    reset,
  );
}
