// The page header: what this is, which catalogue is loaded, and the start-up figures
// measured in this page (navigation start → first answered query).
import { CATALOGUE_FROM_SERVERS, CATALOGUE_LABEL, type BootTimings } from "../state/boot.js";
import type { Store } from "../state/store.js";
import { h, replace } from "../ui/dom.js";
import { bytes, count, milliseconds } from "../ui/format.js";

export function header(store: Store, timings: BootTimings): { element: HTMLElement; refresh: () => void; fail: (message: string) => void } {
  const facts = h("dl", { class: "facts" });
  const problem = h("p", { class: "error", role: "alert", hidden: true });

  const fact = (term: string, value: Node | string, testId?: string) => h("div", { class: "fact" }, h("dt", {}, term), h("dd", { "data-testid": testId }, value));

  function refresh(): void {
    const index = store.index;
    replace(
      facts,
      fact("catalogue", `${store.catalogue?.name ?? CATALOGUE_LABEL} · ${count(store.ranker.size)} tools`, "catalogue-fact"),
      fact(
        "index",
        index.source === "artifact"
          ? `prebuilt artifact, ${bytes(index.bytes ?? 0)}, loaded in ${milliseconds(index.milliseconds)}`
          : `built ${index.where === "worker" ? "in a worker" : "in the page"} in ${milliseconds(index.milliseconds)}`,
      ),
      fact(
        "first query",
        timings.firstQuery === undefined ? "…" : h("span", {}, h("strong", {}, milliseconds(timings.firstQuery)), " after navigation start"),
        "first-query",
      ),
    );
  }
  store.on("index", refresh);
  store.on("catalogue", refresh);
  refresh();

  const copied = h("span", { class: "hint", "aria-live": "polite" });
  const copy = h(
    "button",
    {
      type: "button",
      class: "secondary",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(window.location.href);
          copied.textContent = "Copied.";
        } catch {
          copied.textContent = "Copy the address bar: it holds the query and the settings.";
        }
        setTimeout(() => (copied.textContent = ""), 4000);
      },
    },
    "Copy a link to this view",
  );

  const element = h(
    "header",
    { class: "top" },
    h(
      "div",
      { class: "brand" },
      h("h1", {}, h("span", { class: "logo", "aria-hidden": "true" }, "◆"), " toolsift ", h("span", { class: "sub" }, "playground")),
      // The count is the catalogue fact's alone: the tagline names only what the tools are.
      h("p", { class: "tagline" }, `Tool search for LLM agents — a WebAssembly BM25F index over ${CATALOGUE_FROM_SERVERS ? "the tools of your MCP servers" : "real MCP tools"}, running entirely in this page.`),
    ),
    h("div", { class: "header-side" }, copy, copied),
    facts,
    problem,
  );
  return {
    element,
    refresh,
    fail: (message) => {
      problem.textContent = message;
      problem.hidden = false;
    },
  };
}
