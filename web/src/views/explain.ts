// One hit's explanation: each query term's contribution to its score, split by field,
// as a table (exact numbers) and a stacked bar per term (the shape at a glance). The foot
// adds them up: the terms' sum times the name-coverage factor is the score, so the table
// accounts for all of it (each total cell carries its exact value in data-value).
import { FIELDS, type HitExplanation } from "../../../src/entry/browser.js";
import { h } from "../ui/dom.js";
import { score } from "../ui/format.js";

export const FIELD_LABELS: Record<(typeof FIELDS)[number], string> = {
  name: "name",
  aliases: "aliases",
  tags: "tags",
  summary: "summary",
  description: "description",
  params: "params",
};

export function fieldLegend(): HTMLElement {
  return h(
    "ul",
    { class: "legend", "aria-label": "Field colours" },
    FIELDS.map((field) => h("li", {}, h("span", { class: `swatch field-${field}`, "aria-hidden": "true" }), FIELD_LABELS[field])),
  );
}

const NAME_FACTOR_NOTE = "The sum is multiplied by this factor when the query spells the tool's name (1 when it does not)";

function footRow(part: string, label: string, text: string, value: number, title?: string): HTMLElement {
  return h(
    "tr",
    { "data-part": part },
    h("th", { scope: "row", title }, label),
    FIELDS.map(() => h("td", {})),
    h("td", { class: "num total", "data-value": String(value) }, text),
    h("td", {}),
  );
}

/** `weights`: query-term weights (1 for the query's own words, less for lexicon expansions). */
export function explanation(hit: HitExplanation, weights: ReadonlyMap<string, number> = new Map()): HTMLElement {
  if (hit.terms.length === 0) return h("p", { class: "muted" }, "No query term matched this tool.");
  const widest = Math.max(...hit.terms.map((term) => term.score));
  const rows = hit.terms.map((term) => {
    const weight = weights.get(term.term);
    const bar = h(
      "div",
      { class: "stack", role: "img", "aria-label": `${term.term}: ${score(term.score)}` },
      FIELDS.filter((field) => term.fields[field] > 0).map((field) =>
        h("span", {
          class: `field-${field}`,
          style: `width:${((term.fields[field] / widest) * 100).toFixed(2)}%`,
          title: `${FIELD_LABELS[field]}: ${score(term.fields[field])}`,
        }),
      ),
    );
    return h(
      "tr",
      {},
      h("th", { scope: "row" }, h("code", {}, term.term), weight !== undefined && weight < 1 ? h("span", { class: "badge expansion", title: "lexicon expansion" }, `×${weight}`) : null),
      FIELDS.map((field) => h("td", { class: term.fields[field] > 0 ? "num" : "num zero" }, term.fields[field] > 0 ? score(term.fields[field]) : "·")),
      h("td", { class: "num total", "data-value": String(term.score) }, score(term.score)),
      h("td", { class: "bar-cell" }, bar),
    );
  });
  return h(
    "div",
    { class: "explain" },
    h(
      "table",
      {},
      h("caption", { class: "visually-hidden" }, `Score of ${hit.id} by query term and field: the sum of the terms times the name-coverage factor`),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "term"), FIELDS.map((field) => h("th", { scope: "col", class: "num" }, FIELD_LABELS[field])), h("th", { scope: "col", class: "num" }, "total"), h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, "share")))),
      h("tbody", {}, rows),
      h(
        "tfoot",
        {},
        footRow("sum", "sum of the terms", score(hit.termTotal), hit.termTotal),
        footRow("factor", "× name coverage", `×${hit.nameFactor.toFixed(2)}`, hit.nameFactor, NAME_FACTOR_NOTE),
        footRow("score", "= score", score(hit.termTotal * hit.nameFactor), hit.termTotal * hit.nameFactor),
      ),
    ),
    fieldLegend(),
  );
}
