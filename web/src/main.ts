// The playground's entry: load the core and the prebuilt index, answer the first query,
// then mount the views around one store. Everything runs in the page.
performance.mark("toolsift:modules-evaluated");
import "./styles/base.css";
import "./styles/views.css";
import { CATALOGUE_FROM_SERVERS, CATALOGUE_LABEL, boot } from "./state/boot.js";
import { exampleRequests } from "./catalogue/requests.js";
import { DEFAULT_SETTINGS, sameSettings } from "./state/settings.js";
import { Store, makeCatalogue } from "./state/store.js";
import { readUrl, writeUrl } from "./state/url.js";
import { h, replace } from "./ui/dom.js";
import { header } from "./views/header.js";
import { searchView } from "./views/search/index.js";
import { tabs } from "./views/tabs.js";
import { isDefaultTrust } from "./catalogue/model.js";

/** Resolves after the next frame has been produced (a message posted from its frame callback). */
function afterPaint(): Promise<void> {
  return new Promise((done) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done();
      channel.port2.postMessage(0);
    }),
  );
}

async function start(app: HTMLElement): Promise<void> {
  const initial = readUrl();
  const booted = await boot();
  const store = new Store(booted.ranker, booted.index);
  // Requests this catalogue answers: the embedded one's, or made from a servers.json's tools.
  const examples = exampleRequests(booted.ranker.ids(), CATALOGUE_FROM_SERVERS);
  store.query = initial.query ?? examples[0] ?? "";
  store.view = initial.view;
  store.settings = initial.settings;
  store.trust = initial.trust;
  const timings = booted.timings;

  const top = header(store, timings);
  const search = searchView(store, examples, () => {
    if (timings.firstQuery !== undefined) return;
    timings.firstQuery = performance.now();
    top.refresh();
  });
  // The search view answers first; the other views are built after that answer is painted.
  const main = h("main", { class: "main" }, search.element);
  const layout = h("div", { class: "layout" }, main);
  replace(app, top.element, layout);
  if (store.view === "search") {
    search.renderFirst();
    search.input.focus();
  }
  // The other views (and the session, journal and evaluation code) load once the first answer
  // is on screen: fetching, compiling and building them before would delay its frame.
  await afterPaint();
  search.complete();
  const [{ catalogueView }, { trustView }, { agentView }, { skillsView }, { evaluationView }, { settingsView }] = await Promise.all([
    import("./views/catalogue/index.js"),
    import("./views/trust/index.js"),
    import("./views/agent/index.js"),
    import("./views/skills/index.js"),
    import("./views/evaluation/index.js"),
    import("./views/settings/index.js"),
  ]);

  const { list, panels } = tabs(store, [
    { view: "search", label: "Search", panel: search.element },
    { view: "catalogue", label: "Your catalogue", panel: catalogueView(store) },
    { view: "trust", label: "Trust", panel: trustView(store) },
    { view: "agent", label: "Agent run", panel: agentView(store) },
    { view: "evaluation", label: "Evaluation", panel: evaluationView(store) },
    { view: "skills", label: "Skills", panel: skillsView(store) },
  ]);
  // The search panel stays where it is (moving it would drop the input's focus).
  main.prepend(list);
  main.append(...panels.filter((panel) => panel !== search.element));
  layout.append(settingsView(store));
  if (store.view !== "search") search.render();

  const customized = !sameSettings(store.settings, DEFAULT_SETTINGS) || !isDefaultTrust(store.trust);
  booted.catalogue().then(
    (tools) => {
      timings.catalogueReady = performance.now();
      const catalogue = makeCatalogue(CATALOGUE_LABEL, true, tools);
      store.embedded = catalogue;
      if (booted.index.source === "artifact") store.embeddedIndex = { ranker: booted.ranker, index: booted.index };
      // The artifact indexes the default state; a link with other settings or trust rebuilds.
      void store.setCatalogue(catalogue, { keepTrust: true, ranker: customized ? undefined : { ranker: store.ranker, index: store.index } });
      top.refresh();
    },
    (error: unknown) => top.fail(`The catalogue text could not be loaded: ${String(error)}`),
  );

  const sync = () => writeUrl({ query: store.query, view: store.view, settings: store.settings, trust: store.trust });
  for (const event of ["query", "view", "settings", "trust"] as const) store.on(event, sync);
  // Exposed for the end-to-end tests and for curious readers of the console.
  Object.assign(window, { toolsiftPlayground: { store, timings } });
}

const app = document.getElementById("app")!;
start(app).catch((error: unknown) => {
  replace(app, h("div", { class: "fatal", role: "alert" }, h("h1", {}, "The playground could not start"), h("pre", {}, error instanceof Error ? `${error.name}: ${error.message}` : String(error))));
});
