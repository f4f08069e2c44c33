// Page start: the core and the prebuilt index artifact are fetched in parallel (the HTML
// preloads the artifact), the artifact is loaded, and the embedded catalogue's text (for
// display and for rebuilds) arrives behind it. Every step is timed from navigation start.
import wasmUrl from "../../../build/toolsift.wasm?url";
// data/mcp-catalogue.json, or a servers.json's tools (web/vite.config.ts resolves it).
import catalogueUrl from "toolsift-playground-catalogue?url";
import { Bm25ToolRanker, init, isToolsiftError } from "../../../src/entry/browser.js";
import { toolSearchDocs } from "../../../src/entry/browser.js";
import { DEFAULT_TRUST, readCatalogue, toolDefinitions, type PlaygroundTool } from "../catalogue/model.js";
import type { IndexInfo } from "./store.js";

declare const __TOOLSIFT_CATALOGUE_LABEL__: string;
declare const __TOOLSIFT_CATALOGUE_FROM_SERVERS__: boolean;

/** The name of the catalogue the page shows: "MCP catalogue", or the servers.json it was listed from. */
export const CATALOGUE_LABEL: string = __TOOLSIFT_CATALOGUE_LABEL__;

/** The catalogue was listed from a servers.json (TOOLSIFT_PLAYGROUND_SERVERS), not the embedded one. */
export const CATALOGUE_FROM_SERVERS: boolean = __TOOLSIFT_CATALOGUE_FROM_SERVERS__;

/** The artifact `scripts/build-playground-index.ts` writes into web/public. */
export const ARTIFACT_PATH = "./mcp-catalogue.tsi";

export interface BootTimings {
  /** ms after navigation start when the core was compiled. */
  coreReady: number;
  /** ms after navigation start when the index was ready to answer. */
  indexReady: number;
  /** ms after navigation start when the first query was answered (set by the search view). */
  firstQuery?: number;
  /** ms after navigation start when the catalogue's text was parsed. */
  catalogueReady?: number;
}

export interface Booted {
  readonly ranker: Bm25ToolRanker;
  readonly index: IndexInfo;
  readonly timings: BootTimings;
  /**
   * Downloads and parses the embedded catalogue's text. Neither is needed for the first
   * answer, so both wait for this call: the 2.4 MB download (compressed by the server as it
   * goes) would otherwise compete with the first answer for the machine.
   */
  readonly catalogue: () => Promise<PlaygroundTool[]>;
}


/** What the HTML's first script started (web/vite.config.ts writes it into the built page). */
interface EarlyStart {
  readonly artifact?: Promise<Response>;
  readonly core?: Promise<WebAssembly.Module>;
}

function early(): EarlyStart {
  return (window as { __toolsiftEarlyStart?: EarlyStart }).__toolsiftEarlyStart ?? {};
}

function checked(response: Response, url: string): Response {
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

const fetchOk = async (url: string): Promise<Response> => checked(await fetch(url), url);

/**
 * Loads the embedded catalogue's index; builds it from the catalogue when the artifact is refused.
 * The catalogue's text is fetched only when `catalogue()` is first called (after the first
 * answer is painted), unless the index has to be built from it.
 */
export async function boot(): Promise<Booted> {
  const started = early();
  const artifact = (started.artifact ?? fetch(ARTIFACT_PATH)).then((response) => checked(response, ARTIFACT_PATH).arrayBuffer());
  let download: Promise<string> | undefined;
  const fetchCatalogue = () => (download ??= fetchOk(catalogueUrl).then((response) => response.text()));
  let parsed: Promise<PlaygroundTool[]> | undefined;
  const catalogue = () => (parsed ??= fetchCatalogue().then((text) => readCatalogue(JSON.parse(text))));
  // Rejections are handled by whoever awaits; mark them seen so an early failure is not "unhandled".
  artifact.catch(() => undefined);

  // The package's browser entry, given the module Vite placed: its packaged-file URL is never
  // fetched. A core the early script could not compile (no application/wasm type) is fetched again.
  const core = started.core?.catch(() => fetch(wasmUrl)) ?? fetch(wasmUrl);
  await init(core);
  const coreReady = performance.now();
  let ranker: Bm25ToolRanker;
  let index: IndexInfo;
  try {
    const bytes = new Uint8Array(await artifact);
    const started = performance.now();
    ranker = Bm25ToolRanker.load(bytes);
    index = { source: "artifact", milliseconds: performance.now() - started, bytes: bytes.length };
  } catch (error) {
    // A stale artifact (another core build) or a missing one: build in the page instead.
    const note = isToolsiftError(error) ? `${error.code}: ${error.message}` : String(error);
    const tools = await catalogue();
    const started = performance.now();
    ranker = new Bm25ToolRanker(toolSearchDocs(toolDefinitions(tools, DEFAULT_TRUST)));
    index = { source: "built", milliseconds: performance.now() - started, note };
  }
  return { ranker, index, timings: { coreReady, indexReady: performance.now() }, catalogue };
}
