// The evaluation view: load a queries file (or one of the labelled sets written against the
// embedded catalogue), run `evaluateDetailed` in the page, chart recall@k and list the
// misses; a miss opens an explanation of why.
import { isToolsiftError } from "../../../../src/entry/browser.js";
import { evaluateDetailed, parseQueries, type EvalQuery, type EvalReport } from "../../../../src/eval/index.js";
import { recallChart, recallCurve, type Curve } from "../../eval/chart.js";
import type { Store } from "../../state/store.js";
import { h, replace } from "../../ui/dom.js";
import { count } from "../../ui/format.js";
import { evaluationControls } from "./controls.js";
import { metricsCard } from "./metrics.js";
import { missesCard } from "./misses.js";

export function evaluationView(store: Store): HTMLElement {
  let queries: EvalQuery[] | undefined;
  let source = "";
  let previous: Curve | undefined;
  let report: EvalReport | undefined;

  const controls = evaluationControls(accept, run);
  const results = h("div", { class: "stack-gap", "aria-live": "polite" });
  const why = h("div", { class: "card" }, h("p", { class: "muted" }, "Choose a miss to see why it missed."));

  function accept(text: string, name: string): void {
    try {
      queries = parseQueries(text);
    } catch (error) {
      queries = undefined;
      controls.runButton.disabled = true;
      replace(controls.loaded, h("span", { class: "error", role: "alert" }, isToolsiftError(error) ? `${name}: ${error.message}` : String(error)));
      return;
    }
    source = name;
    previous = undefined;
    controls.setLanguages([...new Set(queries.map((query) => query.lang).filter((value): value is string => value !== undefined))].sort());
    controls.runButton.disabled = false;
    replace(controls.loaded, `${name}: ${count(queries.length)} queries loaded.`);
    run();
  }

  function run(): void {
    if (queries === undefined) return;
    const started = performance.now();
    try {
      report = evaluateDetailed(store.ranker, queries, controls.options());
    } catch (error) {
      if (!isToolsiftError(error)) throw error;
      replace(results, h("div", { class: "alert bad", role: "alert" }, `${error.code}: ${error.message}`));
      return;
    }
    const took = performance.now() - started;
    replace(controls.loaded, `${source}: ${count(queries.length)} queries loaded.`);
    const { metrics, rows } = report;
    const curve: Curve = { label: "this run", values: recallCurve(rows) };
    const chart = recallChart(curve, previous);
    replace(results, metricsCard(`${source}${controls.filters()}`, metrics, took, chart, previous !== undefined), h("div", { class: "eval-grid" }, missesCard(store, rows, why), why));
    previous = curve;
  }

  store.on("index", () => {
    if (report !== undefined) replace(controls.loaded, `${source}: the index changed — run again to compare (the last run stays dashed).`);
  });

  return h("section", { class: "view evaluation-view stack-gap" }, controls.element, results);
}
