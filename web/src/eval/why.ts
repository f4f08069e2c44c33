// Why a query missed: what the analyzer made of it, where each expected tool ranked and
// which query terms it lacks, and what outranked it, each with its per-field explanation.
import type { EvalRow } from "../../../src/eval/index.js";
import type { Store } from "../state/store.js";
import { h } from "../ui/dom.js";
import { count } from "../ui/format.js";
import { explanation } from "../views/explain.js";
import { queryTermChips, queryTerms } from "../views/query-info.js";

export function whyMissed(store: Store, row: EvalRow, openInSearch: (query: string) => void): HTMLElement {
  const ranker = store.ranker;
  const info = queryTerms(ranker, row.query);
  const weights = new Map(info.terms.map((entry) => [entry.term, entry.weight]));
  const everything = ranker.rank(row.query, ranker.size);
  const position = new Map(everything.map((hit, index) => [hit.id, index + 1]));
  const expected = row.relevant.map((id) => {
    const rank = position.get(id);
    if (!store.catalogue?.byId.has(id) && rank === undefined) {
      return h("li", {}, h("code", {}, id), " — ", h("span", { class: "error" }, "not in this catalogue"));
    }
    if (rank === undefined) {
      return h("li", {}, h("code", {}, id), " — ", h("strong", {}, "no query term matched it"), h("span", { class: "muted" }, ` (needs one of: ${info.terms.map((entry) => entry.term).join(", ")})`));
    }
    const hit = ranker.explain(row.query, rank)[rank - 1]!;
    const matched = new Set(hit.terms.map((term) => term.term));
    const missing = info.terms.map((entry) => entry.term).filter((term) => !matched.has(term));
    return h(
      "li",
      {},
      h("code", {}, id),
      ` — ranked #${count(rank)}`,
      missing.length > 0 ? h("span", { class: "muted" }, ` · lacks: ${missing.join(", ")}`) : null,
      h("details", {}, h("summary", {}, "explanation"), explanation(hit, weights)),
    );
  });
  const top = ranker.explain(row.query, 3);
  return h(
    "div",
    { class: "why stack-gap", "data-testid": "why" },
    h("h3", {}, "“", row.query, "”"),
    queryTermChips(info),
    h("h3", {}, "Expected"),
    h("ul", {}, expected),
    h("h3", {}, "Ranked above them"),
    top.length === 0
      ? h("p", { class: "muted" }, "Nothing matched.")
      : h("ol", {}, top.map((hit) => h("li", {}, h("code", {}, hit.id), h("details", {}, h("summary", {}, "explanation"), explanation(hit, weights))))),
    h("button", { type: "button", class: "secondary", onclick: () => openInSearch(row.query) }, "Open this query in Search"),
  );
}
