// The evaluation view: load a queries file (or one of the labelled sets written against the
// embedded catalogue), run `evaluateDetailed` in the page, chart recall@k and list the
// misses; a miss opens an explanation of why.
import queriesEn from "../../../test/fixtures/queries-en.json?url";
import queriesRu from "../../../test/fixtures/queries-ru.json?url";
import queriesZh from "../../../test/fixtures/queries-zh.json?url";
import { isToolsiftError } from "../../../src/entry/browser.js";
import { evaluateDetailed, parseQueries, type EvalOptions, type EvalQuery, type EvalReport } from "../../../src/eval/index.js";
import { recallChart, recallCurve, type Curve } from "../eval/chart.js";
import { whyMissed } from "../eval/why.js";
import type { Store } from "../state/store.js";
import { h, replace, uid } from "../ui/dom.js";
import { count, microseconds, milliseconds, percent } from "../ui/format.js";

const PRESETS = [
  { label: "MCP catalogue — English requests", url: queriesEn },
  { label: "MCP catalogue — Russian requests", url: queriesRu },
  { label: "MCP catalogue — Chinese requests", url: queriesZh },
] as const;

export function evaluationView(store: Store): HTMLElement {
  let queries: EvalQuery[] | undefined;
  let source = "";
  let previous: Curve | undefined;
  let report: EvalReport | undefined;

  const presetId = uid("preset");
  const preset = h("select", { id: presetId }, h("option", { value: "" }, "— choose a labelled set —"), PRESETS.map((item, index) => h("option", { value: String(index) }, item.label)));
  const fileId = uid("queries-file");
  const file = h("input", { id: fileId, type: "file", accept: ".json,application/json" });
  const foldId = uid("fold");
  const fold = h("select", { id: foldId }, h("option", { value: "" }, "all"), h("option", { value: "dev" }, "dev"), h("option", { value: "test" }, "test"));
  const langId = uid("lang");
  const lang = h("select", { id: langId }, h("option", { value: "" }, "all"));
  const runButton = h("button", { type: "button", disabled: true, onclick: run }, "Run the evaluation");
  const loaded = h("p", { class: "hint", "aria-live": "polite" });
  const results = h("div", { class: "stack-gap", "aria-live": "polite" });
  const why = h("div", { class: "card" }, h("p", { class: "muted" }, "Choose a miss to see why it missed."));

  function accept(text: string, name: string): void {
    try {
      queries = parseQueries(text);
    } catch (error) {
      queries = undefined;
      runButton.disabled = true;
      replace(loaded, h("span", { class: "error", role: "alert" }, isToolsiftError(error) ? `${name}: ${error.message}` : String(error)));
      return;
    }
    source = name;
    previous = undefined;
    const languages = [...new Set(queries.map((query) => query.lang).filter((value): value is string => value !== undefined))].sort();
    replace(lang, h("option", { value: "" }, "all"), languages.map((value) => h("option", { value }, value)));
    runButton.disabled = false;
    replace(loaded, `${name}: ${count(queries.length)} queries loaded.`);
    run();
  }

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
  fold.addEventListener("change", () => queries && run());
  lang.addEventListener("change", () => queries && run());

  function tile(name: string, value: string): HTMLElement {
    return h("div", { class: "tile" }, h("div", { class: "value" }, value), h("div", { class: "name" }, name));
  }

  function run(): void {
    if (queries === undefined) return;
    const options: EvalOptions = { limit: 10, ...(fold.value ? { fold: fold.value as "dev" | "test" } : {}), ...(lang.value ? { lang: lang.value } : {}) };
    const started = performance.now();
    try {
      report = evaluateDetailed(store.ranker, queries, options);
    } catch (error) {
      if (!isToolsiftError(error)) throw error;
      replace(results, h("div", { class: "alert bad", role: "alert" }, `${error.code}: ${error.message}`));
      return;
    }
    const took = performance.now() - started;
    replace(loaded, `${source}: ${count(queries.length)} queries loaded.`);
    const { metrics, rows } = report;
    const curve: Curve = { label: "this run", values: recallCurve(rows) };
    const misses = rows.filter((row) => row.firstRelevantRank === null);
    const chart = recallChart(curve, previous);
    replace(
      results,
      h(
        "div",
        { class: "card stack-gap" },
        h("h3", {}, `${source}${fold.value ? ` · ${fold.value}` : ""}${lang.value ? ` · ${lang.value}` : ""}`),
        h(
          "div",
          { class: "metrics", "data-testid": "metrics" },
          tile("recall@1", percent(metrics["recall@1"])),
          tile("recall@5", percent(metrics["recall@5"])),
          tile("recall@10", percent(metrics["recall@10"])),
          tile("nDCG@10", metrics["ndcg@10"].toFixed(3)),
          tile("MRR", metrics.mrr.toFixed(3)),
          tile("queries", count(metrics.queries)),
          tile("per query", microseconds(metrics.queries === 0 ? 0 : (took * 1000) / metrics.queries)),
        ),
        chart,
        h("p", { class: "hint" }, `Evaluated in ${milliseconds(took)} with the current settings.${previous ? " Dashed: the previous run, to compare a settings change." : ""}`),
      ),
      h(
        "div",
        { class: "eval-grid" },
        h(
          "div",
          { class: "card stack-gap" },
          h("h3", { id: "misses-title" }, `Misses: ${count(misses.length)} of ${count(rows.length)} (no expected tool in the top 10)`),
          misses.length === 0
            ? h("p", { class: "muted" }, "None.")
            : h(
                "ul",
                { class: "misses", "aria-labelledby": "misses-title" },
                misses.map((row) =>
                  h(
                    "li",
                    {},
                    h(
                      "button",
                      {
                        type: "button",
                        "aria-pressed": "false",
                        onclick: (event: MouseEvent) => {
                          const button = event.currentTarget as HTMLButtonElement;
                          button.closest("ul")?.querySelectorAll("button").forEach((other) => other.setAttribute("aria-pressed", "false"));
                          button.setAttribute("aria-pressed", "true");
                          replace(why, whyMissed(store, row, (query) => { store.setQuery(query); store.setView("search"); }));
                        },
                      },
                      row.lang ? h("span", { class: "lang" }, row.lang) : null,
                      row.query,
                    ),
                  ),
                ),
              ),
        ),
        why,
      ),
    );
    previous = curve;
  }

  store.on("index", () => {
    if (report !== undefined) replace(loaded, `${source}: the index changed — run again to compare (the last run stays dashed).`);
  });

  return h(
    "section",
    { class: "view evaluation-view stack-gap" },
    h(
      "div",
      { class: "card stack-gap" },
      h("h2", {}, "Evaluation"),
      h(
        "p",
        { class: "muted" },
        "A queries file is a JSON array of ",
        h("code", {}, '{ "query", "relevant": [tool ids], "lang"?, "fold"? }'),
        ". The labelled sets below were written against the embedded MCP catalogue.",
      ),
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
    ),
    results,
  );
}
