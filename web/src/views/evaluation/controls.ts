// The evaluation view's controls card: a labelled set or a queries file, the fold and
// language filters, the run button and a line on what is loaded.
import queriesEn from "../../../../test/fixtures/queries-en.json?url";
import queriesRu from "../../../../test/fixtures/queries-ru.json?url";
import queriesZh from "../../../../test/fixtures/queries-zh.json?url";
import type { EvalOptions } from "../../../../src/eval/index.js";
import { h, replace, uid } from "../../ui/dom.js";

const PRESETS = [
  { label: "MCP catalogue — English requests", url: queriesEn },
  { label: "MCP catalogue — Russian requests", url: queriesRu },
  { label: "MCP catalogue — Chinese requests", url: queriesZh },
] as const;

export interface EvaluationControls {
  readonly element: HTMLElement;
  readonly runButton: HTMLButtonElement;
  /** What is loaded, or why a file was refused. */
  readonly loaded: HTMLElement;
  /** The filters chosen, as evaluation options. */
  options(): EvalOptions;
  /** The filters chosen, as a title suffix (" · dev · ru"). */
  filters(): string;
  /** Offers these languages in the language filter. */
  setLanguages(languages: readonly string[]): void;
}

/** `accept(text, name)`: a queries file's text came in; `rerun`: a filter changed. */
export function evaluationControls(accept: (text: string, name: string) => void, rerun: () => void): EvaluationControls {
  const presetId = uid("preset");
  const preset = h("select", { id: presetId }, h("option", { value: "" }, "— choose a labelled set —"), PRESETS.map((item, index) => h("option", { value: String(index) }, item.label)));
  const fileId = uid("queries-file");
  const file = h("input", { id: fileId, type: "file", accept: ".json,application/json" });
  const foldId = uid("fold");
  const fold = h("select", { id: foldId }, h("option", { value: "" }, "all"), h("option", { value: "dev" }, "dev"), h("option", { value: "test" }, "test"));
  const langId = uid("lang");
  const lang = h("select", { id: langId }, h("option", { value: "" }, "all"));
  const runButton = h("button", { type: "button", disabled: true, onclick: rerun }, "Run the evaluation");
  const loaded = h("p", { class: "hint", "aria-live": "polite" });

  preset.addEventListener("change", async () => {
    const chosen = PRESETS[Number(preset.value)];
    if (preset.value === "" || chosen === undefined) return;
    const response = await fetch(chosen.url);
    accept(await response.text(), chosen.label);
  });
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    if (chosen === undefined) return;
    preset.value = "";
    accept(await chosen.text(), chosen.name);
    file.value = "";
  });
  fold.addEventListener("change", rerun);
  lang.addEventListener("change", rerun);

  const element = h(
    "div",
    { class: "card stack-gap" },
    h("h2", {}, "Evaluation"),
    h("p", { class: "muted" }, "A queries file is a JSON array of ", h("code", {}, '{ "query", "relevant": [tool ids], "lang"?, "fold"? }'), ". The labelled sets below were written against the embedded MCP catalogue."),
    h(
      "div",
      { class: "row" },
      h("div", { class: "control" }, h("label", { for: presetId }, "Labelled set"), preset),
      h("div", { class: "control" }, h("label", { for: fileId }, "…or a queries file"), file),
      h("div", { class: "control" }, h("label", { for: foldId }, "Fold"), fold),
      h("div", { class: "control" }, h("label", { for: langId }, "Language"), lang),
      h("div", { class: "control" }, h("span", { class: "hint" }, " "), runButton),
    ),
    loaded,
  );
  return {
    element,
    runButton,
    loaded,
    options: () => ({ limit: 10, ...(fold.value ? { fold: fold.value as "dev" | "test" } : {}), ...(lang.value ? { lang: lang.value } : {}) }),
    filters: () => `${fold.value ? ` · ${fold.value}` : ""}${lang.value ? ` · ${lang.value}` : ""}`,
    setLanguages(languages) {
      replace(lang, h("option", { value: "" }, "all"), languages.map((value) => h("option", { value }, value)));
    },
  };
}
