// A numeric setting as a slider and an exact-value box that follow each other; an out-of-range
// value typed in the box is marked invalid and not applied.
import { h, uid } from "../../ui/dom.js";

export interface RangeSpec {
  readonly label: string;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly hint?: string;
  readonly className?: string;
}

export function range(spec: RangeSpec, value: number, onChange: (value: number) => void): { element: HTMLElement; set: (value: number) => void } {
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
