// The picker: each request is a search_tools call of one agent run whose session is kept in
// the page and whose journal is in IndexedDB, so a reload resumes the run where it was. The
// component shown is the ranker's best for the request: the session's result lists only tools
// it adds to the menu (a model already has the others), so asking again for a component this
// run loaded would show the next best one instead.
import { Bm25ToolRanker, createToolSearchSession, init } from "toolsift";
import { IndexedDbJournal, resumeSession } from "toolsift/journal-stores";
import components from "../components.json";
import { DEMO_REQUESTS } from "./demo.js";

const RUN = "widget-picker";
const byId = new Map(components.map((component) => [component.id, component]));
const $ = (id) => document.getElementById(id);
const element = (tag, text, attributes = {}) => Object.assign(document.createElement(tag), { textContent: text ?? "" }, attributes);

await init();
// Built at the example's build time by `toolsift build` (public/components.tsi).
const ranker = Bm25ToolRanker.load(await (await fetch(new URL("components.tsi", document.baseURI))).arrayBuffer());

async function openRun() {
  const journal = await IndexedDbJournal.open(RUN);
  const session = createToolSearchSession({ runId: RUN, journal, toolSearch: { catalogue: components, ranker, maxPerSearch: 3 } });
  resumeSession(session);
  return { journal, session };
}

let run = await openRun();

/** The best components for `query`, best first, whether this run loaded them already or not. */
function ranked(query) {
  return ranker.search(query, 3).hits.map((hit) => hit.id);
}

function showPick(query, picks) {
  const pick = $("pick");
  pick.replaceChildren();
  const best = picks[0];
  if (best === undefined) {
    pick.append(element("p", `No component fits “${query}”.`, { id: "pick-none" }));
    return;
  }
  const component = byId.get(best);
  pick.append(element("h2", component.id, { id: "pick-name" }), element("p", component.description, { className: "hint" }));
  const form = element("fieldset", "", { id: "props" });
  form.append(element("legend", `${component.id} props`));
  for (const param of component.params) {
    const id = `prop-${param.name}`;
    form.append(element("label", param.name, { htmlFor: id }), element("input", "", { id, name: param.name, placeholder: param.description }));
  }
  pick.append(form);
  if (picks.length > 1) pick.append(element("p", `Also close: ${picks.slice(1).join(", ")}`, { className: "hint", id: "pick-others" }));
}

function showHistory() {
  $("menu").textContent = run.session.menuNames().filter((name) => byId.has(name)).join(", ");
  $("history").replaceChildren(
    ...run.journal.records().map((record) => element("li", `${record.value.query} → ${ranked(record.value.query)[0] ?? "nothing"}`)),
  );
}

$("ask").addEventListener("submit", async (event) => {
  event.preventDefault();
  const query = $("request").value.trim();
  if (query.length === 0) return;
  // The session loads the request's components into the run (and journals the decision).
  run.session.handleToolCall({ turn: run.journal.records().length, index: 0, name: "search_tools", input: { query, limit: 3 } });
  await run.journal.flush();
  showPick(query, ranked(query));
  showHistory();
  document.body.dataset.turns = String(run.journal.records().length);
});

$("reset").addEventListener("click", async () => {
  await new Promise((resolve) => {
    const deleting = indexedDB.deleteDatabase("toolsift-journal");
    deleting.onsuccess = deleting.onerror = deleting.onblocked = resolve;
  });
  location.reload();
});

$("demo").append(...DEMO_REQUESTS.map((request) => element("option", "", { value: request })));
showHistory();
document.body.dataset.turns = String(run.journal.records().length);
fetch(new URL("size.json", document.baseURI))
  .then((response) => (response.ok ? response.json() : undefined))
  .then((size) => {
    if (size) $("size").textContent = `This page ships toolsift in ${((size.js + size.wasm) / 1024).toFixed(1)} kB gzipped (${size.js} B of JS, ${size.wasm} B of wasm) plus a ${size.index} B index.`;
  });
document.body.dataset.ready = "true";
