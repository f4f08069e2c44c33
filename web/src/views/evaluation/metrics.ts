// The evaluation view's metrics card: recall, nDCG, MRR and time per query as tiles, and the
// recall@k chart of this run over the previous one.
import type { EvalMetrics } from "../../../../src/eval/index.js";
import { h } from "../../ui/dom.js";
import { count, microseconds, milliseconds, percent } from "../../ui/format.js";
import { tile } from "../../ui/tile.js";

/** `took`: ms the whole evaluation took; `compared`: the chart shows a previous run too. */
export function metricsCard(title: string, metrics: EvalMetrics, took: number, chart: Element, compared: boolean): HTMLElement {
  return h(
    "div",
    { class: "card stack-gap" },
    h("h3", {}, title),
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
    h("p", { class: "hint" }, `Evaluated in ${milliseconds(took)} with the current settings.${compared ? " Dashed: the previous run, to compare a settings change." : ""}`),
  );
}
