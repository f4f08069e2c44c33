// The trust view's live ranking: the top ten for the query under the current trust, with
// arrows for how far each hit moved since the last trust change.
import type { Store } from "../../state/store.js";
import { h, replace, uid } from "../../ui/dom.js";
import { count, milliseconds } from "../../ui/format.js";
import { hitList } from "../hits.js";

export interface RankingPanel {
  readonly element: HTMLElement;
  render(): void;
  /** Keeps the ranking as it is, for the arrows once a trust change rebuilt the index. */
  remember(): void;
  /** Drops the remembered ranking (a new query or catalogue: the arrows would mean nothing). */
  forget(): void;
}

export function rankingPanel(store: Store): RankingPanel {
  let previous: Map<string, number> | undefined;
  const queryId = uid("trust-query");
  const query = h("input", { id: queryId, type: "search", autocomplete: "off", value: store.query });
  query.addEventListener("input", () => {
    previous = undefined;
    store.setQuery(query.value);
  });
  const ranking = h("div", { "aria-live": "polite" });
  const rankingStatus = h("p", { class: "hint" });

  function render(): void {
    if (query.value !== store.query) query.value = store.query;
    const text = store.query.trim();
    if (text.length === 0) {
      replace(ranking, h("p", { class: "muted" }, "Type a query to see the ranking."));
      return;
    }
    const hits = store.ranker.explain(text, 10);
    replace(ranking, hits.length === 0 ? h("p", { class: "empty" }, "No tool matched.") : hitList(store, hits, { compact: true, ...(previous ? { previous } : {}) }));
    replace(
      rankingStatus,
      store.busy
        ? "Rebuilding the index…"
        : `${store.index.source === "built" ? `Index rebuilt in ${milliseconds(store.index.milliseconds)}` : "Prebuilt index"} · ${count(store.ranker.size)} tools${previous ? " · arrows: movement since the last trust change" : ""}`,
    );
  }

  const element = h("div", { class: "card stack-gap" }, h("h3", {}, "Live ranking"), h("div", { class: "control" }, h("label", { for: queryId }, "Query"), query), rankingStatus, ranking);
  return {
    element,
    render,
    remember() {
      const text = store.query.trim();
      previous = text.length > 0 ? new Map(store.ranker.rank(text, 50).map((hit, index) => [hit.id, index + 1])) : undefined;
    },
    forget() {
      previous = undefined;
    },
  };
}
