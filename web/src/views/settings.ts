// Ranking settings: analyzer, field weights, k1, b, the query-term cap, stopwords and the
// lexicon. Each change rebuilds the index in the page; the panel shows how long that took.
import { FIELDS, type FieldName } from "../../../src/entry/browser.js";
import { DEFAULT_SETTINGS, LEXICON_SUPPORTED, sameSettings, type Settings } from "../state/settings.js";
import type { Store } from "../state/store.js";
import { h, replace, uid } from "../ui/dom.js";
import { bytes, count, milliseconds } from "../ui/format.js";
import { FIELD_LABELS } from "./explain.js";

interface RangeSpec {
  readonly label: string;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly hint?: string;
  readonly className?: string;
}

function range(spec: RangeSpec, value: number, onChange: (value: number) => void): { element: HTMLElement; set: (value: number) => void } {
  const id = uid("range");
  const slider = h("input", { id, type: "range", min: spec.min, max: spec.max, step: spec.step, value });
  const box = h("input", { type: "number", min: spec.min, max: spec.max, step: spec.step, value, "aria-label": `${spec.label} (exact value)` });
  const set = (next: number) => {
    slider.value = String(next);
    box.value = String(next);
  };
  slider.addEventListener("input", () => {
    box.value = slider.value;
    onChange(Number(slider.value));
  });
  box.addEventListener("change", () => {
    const next = Number(box.value);
    if (!Number.isFinite(next) || next < spec.min || next > spec.max) {
      box.setAttribute("aria-invalid", "true");
      return;
    }
    box.removeAttribute("aria-invalid");
    slider.value = box.value;
    onChange(next);
  });
  const element = h(
    "div",
    { class: `control range ${spec.className ?? ""}` },
    h("label", { for: id }, spec.label, spec.hint ? h("span", { class: "hint" }, spec.hint) : null),
    h("div", { class: "range-row" }, slider, box),
  );
  return { element, set };
}

export function settingsView(store: Store): HTMLElement {
  const status = h("div", { class: "build-status", "aria-live": "polite", "data-testid": "build-status" });
  const change = (patch: Partial<Settings>) => store.setSettings({ ...store.settings, ...patch });
  const setters: ((settings: Settings) => void)[] = [];

  const analyzerName = uid("analyzer");
  const analyzer = h(
    "fieldset",
    { class: "control" },
    h("legend", {}, "Analyzer"),
    (["plural", "stem"] as const).map((value) => {
      const id = uid("analyzer");
      const radio = h("input", { type: "radio", id, name: analyzerName, value, checked: store.settings.analyzer === value, onchange: () => change({ analyzer: value }) });
      setters.push((settings) => (radio.checked = settings.analyzer === value));
      return h("label", { for: id, class: "inline" }, radio, value === "plural" ? " plural folding" : " stemming (Porter / Snowball Russian)");
    }),
  );

  const weights = h(
    "fieldset",
    { class: "control weights" },
    h("legend", {}, "Field weights"),
    FIELDS.map((field: FieldName) => {
      const control = range({ label: FIELD_LABELS[field], min: 0, max: 10, step: 0.1, className: `field-${field}-accent` }, store.settings.weights[field], (value) =>
        change({ weights: { ...store.settings.weights, [field]: value } }),
      );
      setters.push((settings) => control.set(settings.weights[field]));
      return control.element;
    }),
  );

  const k1 = range({ label: "k1", hint: "term-frequency saturation, 0–10", min: 0, max: 10, step: 0.05 }, store.settings.k1, (value) => change({ k1: value }));
  const b = range({ label: "b", hint: "length normalization, 0–1", min: 0, max: 1, step: 0.05 }, store.settings.b, (value) => change({ b: value }));
  const terms = range({ label: "Query terms scored", hint: "1–64", min: 1, max: 64, step: 1 }, store.settings.maxQueryTerms, (value) => change({ maxQueryTerms: value }));
  setters.push((settings) => k1.set(settings.k1), (settings) => b.set(settings.b), (settings) => terms.set(settings.maxQueryTerms));

  const selectionId = uid("selection");
  const selection = h(
    "select",
    { id: selectionId, onchange: () => change({ termSelection: selection.value as Settings["termSelection"] }) },
    h("option", { value: "rarest" }, "the rarest terms"),
    h("option", { value: "first" }, "the first terms"),
  );
  selection.value = store.settings.termSelection;
  setters.push((settings) => (selection.value = settings.termSelection));

  const checkbox = (label: string, key: "stopwords" | "lexicon", disabled: boolean, note?: string) => {
    const id = uid(key);
    const box = h("input", { type: "checkbox", id, checked: store.settings[key], disabled, onchange: () => change({ [key]: box.checked }) });
    setters.push((settings) => (box.checked = settings[key]));
    return h("div", { class: "control" }, h("label", { for: id, class: "inline" }, box, ` ${label}`), note ? h("p", { class: "hint" }, note) : null);
  };
  const expansion = LEXICON_SUPPORTED
    ? range({ label: "Expansion weight", hint: "lexicon terms, 0–1", min: 0, max: 1, step: 0.05 }, store.settings.expansionWeight, (value) => change({ expansionWeight: value }))
    : undefined;
  if (expansion !== undefined) setters.push((settings) => expansion.set(settings.expansionWeight));

  const reset = h("button", { type: "button", class: "secondary", onclick: () => store.setSettings(DEFAULT_SETTINGS) }, "Reset to defaults");

  function renderStatus(): void {
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
  store.on("index", renderStatus);
  store.on("busy", renderStatus);
  store.on("error", renderStatus);
  store.on("settings", () => {
    setters.forEach((set) => set(store.settings));
    reset.disabled = sameSettings(store.settings, DEFAULT_SETTINGS);
  });
  renderStatus();

  return h(
    "aside",
    { class: "settings", "aria-labelledby": "settings-title" },
    h("h2", { id: "settings-title" }, "Settings"),
    status,
    analyzer,
    weights,
    k1.element,
    b.element,
    terms.element,
    h("div", { class: "control" }, h("label", { for: selectionId }, "Over the cap, keep"), selection),
    checkbox("Drop query stopwords", "stopwords", false),
    checkbox(
      "Lexicon (Russian and Chinese → English)",
      "lexicon",
      !LEXICON_SUPPORTED,
      LEXICON_SUPPORTED ? undefined : "This build of the ranker has no lexicon option; it cannot be switched on here.",
    ),
    expansion?.element,
    reset,
  );
}
