// The page's one source of truth: the catalogue, the trust state, the settings and the
// ranker built from them. Views read it and listen for its events; every change that
// affects ranking rebuilds the index in the page and records how long that took.
import type { Bm25ToolRanker } from "../../../src/entry/browser.js";
import type { ToolDefinition } from "../../../src/entry/browser.js";
// The trust view shows the policy's verdict itself, which the package does not export.
import { toolTrust, type ToolTrust } from "../../../src/trust/policy.js";
import { IndexBuilder } from "./builder.js";
import { DEFAULT_TRUST, toolDefinitions, vouchedBy, type PlaygroundTool, type TrustState } from "../catalogue/model.js";
import { DEFAULT_SETTINGS, rankerOptions, sameSettings, type Settings } from "./settings.js";
import type { View } from "./url.js";

export interface Catalogue {
  /** Shown in the header, e.g. "MCP catalogue". */
  readonly name: string;
  readonly embedded: boolean;
  readonly tools: readonly PlaygroundTool[];
  readonly byId: ReadonlyMap<string, PlaygroundTool>;
  readonly servers: readonly string[];
}

/** How the current index came to be. */
export interface IndexInfo {
  readonly source: "artifact" | "built";
  /** Load time (artifact) or build time (built), in ms. */
  readonly milliseconds: number;
  /** Where a built index was built, and the time to load the worker's artifact into the page. */
  readonly where?: "worker" | "main thread";
  readonly loadMilliseconds?: number;
  readonly bytes?: number;
  /** Why the prebuilt artifact was not used, when it was refused. */
  readonly note?: string;
}

export type StoreEvent = "index" | "catalogue" | "busy" | "error" | "query" | "view" | "trust" | "settings";

export function makeCatalogue(name: string, embedded: boolean, tools: readonly PlaygroundTool[]): Catalogue {
  const servers = [...new Set(tools.map((tool) => tool.server))].sort();
  return { name, embedded, tools, byId: new Map(tools.map((tool) => [tool.id, tool])), servers };
}

export class Store extends EventTarget {
  ranker: Bm25ToolRanker;
  index: IndexInfo;
  catalogue: Catalogue | undefined;
  settings: Settings = DEFAULT_SETTINGS;
  trust: TrustState = DEFAULT_TRUST;
  verdicts = new Map<string, ToolTrust>();
  definitions: readonly ToolDefinition[] = [];
  /** The query shared by the search and trust views. */
  query = "";
  view: View = "search";
  busy = false;
  lastError: unknown;
  #pending: ReturnType<typeof setTimeout> | undefined;
  readonly #builder = new IndexBuilder();
  #latest = 0;

  constructor(ranker: Bm25ToolRanker, index: IndexInfo) {
    super();
    this.ranker = ranker;
    this.index = index;
  }

  on(event: StoreEvent, listener: () => void): void {
    this.addEventListener(event, listener);
  }

  #emit(event: StoreEvent): void {
    this.dispatchEvent(new Event(event));
  }

  /** The embedded catalogue, once its text has arrived. */
  embedded: Catalogue | undefined;
  /** The index loaded from the prebuilt artifact (default settings and trust), kept for switching back. */
  embeddedIndex: { ranker: Bm25ToolRanker; index: IndexInfo } | undefined;

  /** Switches back to the embedded catalogue (reusing the prebuilt index when nothing else changed). */
  useEmbedded(): void {
    if (this.embedded === undefined) return;
    const reuse = this.embeddedIndex !== undefined && sameSettings(this.settings, DEFAULT_SETTINGS);
    void this.setCatalogue(this.embedded, { keepTrust: false, ranker: reuse ? this.embeddedIndex : undefined });
  }

  /**
   * Installs a catalogue; the index is rebuilt unless `ranker` already indexes it. The
   * trust state is reset (its ids belong to the previous catalogue) unless `keepTrust`.
   */
  setCatalogue(catalogue: Catalogue, options: { keepTrust?: boolean; ranker?: { ranker: Bm25ToolRanker; index: IndexInfo } | undefined } = {}): Promise<void> {
    this.catalogue = catalogue;
    const ranker = options.ranker;
    if (options.keepTrust !== true && this.trust !== DEFAULT_TRUST) {
      this.trust = DEFAULT_TRUST;
      this.#emit("trust");
    }
    this.#refreshTrust();
    this.#emit("catalogue");
    if (ranker === undefined) return this.rebuild();
    this.#latest++;
    clearTimeout(this.#pending);
    this.ranker = ranker.ranker;
    this.index = ranker.index;
    this.#emit("index");
    return Promise.resolve();
  }

  setQuery(query: string): void {
    if (query === this.query) return;
    this.query = query;
    this.#emit("query");
  }

  setView(view: View): void {
    if (view === this.view) return;
    this.view = view;
    this.#emit("view");
  }

  setSettings(settings: Settings, rebuild = true): void {
    this.settings = settings;
    this.#emit("settings");
    if (rebuild) this.scheduleRebuild();
  }

  setTrust(trust: TrustState, rebuild = true): void {
    this.trust = trust;
    this.#refreshTrust();
    this.#emit("trust");
    if (rebuild) this.scheduleRebuild();
  }

  #refreshTrust(): void {
    const tools = this.catalogue?.tools ?? [];
    this.definitions = toolDefinitions(tools, this.trust);
    const vouched = vouchedBy(this.trust.vouched);
    this.verdicts = new Map(this.definitions.map((definition) => [definition.id!, toolTrust(definition, definition.id!, { trustJsonSchemaText: vouched })]));
  }

  /** Rebuilds soon, once: slider drags and typing in a label field coalesce. */
  scheduleRebuild(delay = 120): void {
    clearTimeout(this.#pending);
    this.#setBusy(true);
    this.#pending = setTimeout(() => void this.rebuild(), delay);
  }

  #setBusy(busy: boolean): void {
    if (this.busy === busy) return;
    this.busy = busy;
    this.#emit("busy");
  }

  /**
   * Builds the index from the catalogue, trust state and settings (in a worker when it can).
   * A build that a newer one overtook is dropped; failures are kept in `lastError`.
   */
  async rebuild(): Promise<void> {
    clearTimeout(this.#pending);
    if (this.catalogue === undefined) return;
    const request = ++this.#latest;
    this.#setBusy(true);
    try {
      const built = await this.#builder.build(this.definitions, this.trust.annotations, this.trust.vouched, rankerOptions(this.settings));
      if (request !== this.#latest) return;
      this.ranker = built.ranker;
      this.index = { source: "built", milliseconds: built.milliseconds, where: built.where, loadMilliseconds: built.loadMilliseconds };
      this.lastError = undefined;
      this.#emit("index");
    } catch (error) {
      if (request !== this.#latest) return;
      this.lastError = error;
      this.#emit("error");
    } finally {
      if (request === this.#latest) this.#setBusy(false);
    }
  }

  /** The tool's trust verdict (first-party when the catalogue is still loading). */
  verdict(id: string): ToolTrust | undefined {
    return this.verdicts.get(id);
  }
}
