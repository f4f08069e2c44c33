// The settings panel's controls, one per setting or group of settings: each draws the store's
// settings when made, applies a change through `change`, and follows the settings it is `set` to.
import { FIELDS, type FieldName } from "../../../../src/entry/browser.js";
import type { Settings } from "../../state/settings.js";
import { h, uid } from "../../ui/dom.js";
import { FIELD_LABELS } from "../explain.js";
import { range, type RangeSpec } from "./range.js";

export interface SettingControl {
  readonly element: HTMLElement;
  /** Shows these settings (after a reset, or a link that set them). */
  set(settings: Settings): void;
}

/** Applies a change of some settings. */
export type Change = (patch: Partial<Settings>) => void;

type NumberKey = "k1" | "b" | "maxQueryTerms" | "expansionWeight";

export function analyzerControl(settings: Settings, change: Change): SettingControl {
  const analyzerName = uid("analyzer");
  const radios = (["plural", "stem"] as const).map((value) => {
    const id = uid("analyzer");
    const radio = h("input", { type: "radio", id, name: analyzerName, value, checked: settings.analyzer === value, onchange: () => change({ analyzer: value }) });
    return { value, radio, label: h("label", { for: id, class: "inline" }, radio, value === "plural" ? " plural folding" : " stemming (Porter / Snowball Russian)") };
  });
  const element = h("fieldset", { class: "control" }, h("legend", {}, "Analyzer"), radios.map((item) => item.label));
  return { element, set: (next) => radios.forEach((item) => (item.radio.checked = next.analyzer === item.value)) };
}

export function weightsControl(settings: Settings, current: () => Settings, change: Change): SettingControl {
  const ranges = FIELDS.map((field: FieldName) => {
    const control = range({ label: FIELD_LABELS[field], min: 0, max: 10, step: 0.1, className: `field-${field}-accent` }, settings.weights[field], (value) =>
      change({ weights: { ...current().weights, [field]: value } }),
    );
    return { field, control };
  });
  const element = h("fieldset", { class: "control weights" }, h("legend", {}, "Field weights"), ranges.map((item) => item.control.element));
  return { element, set: (next) => ranges.forEach((item) => item.control.set(next.weights[item.field])) };
}

/** One numeric setting as a range control. */
export function numberControl(spec: RangeSpec, key: NumberKey, settings: Settings, change: Change): SettingControl {
  const control = range(spec, settings[key], (value) => change({ [key]: value }));
  return { element: control.element, set: (next) => control.set(next[key]) };
}

export function selectionControl(settings: Settings, change: Change): SettingControl {
  const selectionId = uid("selection");
  const selection = h(
    "select",
    { id: selectionId, onchange: () => change({ termSelection: selection.value as Settings["termSelection"] }) },
    h("option", { value: "rarest" }, "the rarest terms"),
    h("option", { value: "first" }, "the first terms"),
  );
  selection.value = settings.termSelection;
  const element = h("div", { class: "control" }, h("label", { for: selectionId }, "Over the cap, keep"), selection);
  return { element, set: (next) => (selection.value = next.termSelection) };
}

export function checkboxControl(label: string, key: "stopwords" | "lexicon", settings: Settings, change: Change, disabled: boolean, note?: string): SettingControl {
  const id = uid(key);
  const box = h("input", { type: "checkbox", id, checked: settings[key], disabled, onchange: () => change({ [key]: box.checked }) });
  const element = h("div", { class: "control" }, h("label", { for: id, class: "inline" }, box, ` ${label}`), note ? h("p", { class: "hint" }, note) : null);
  return { element, set: (next) => (box.checked = next[key]) };
}
