import { ToolsiftError } from "../errors.js";

/** What `init` accepts: a compiled module (Workers require this), or bytes / a Response to compile. */
export type WasmSource =
  | WebAssembly.Module
  | ArrayBuffer
  | ArrayBufferView
  | Response
  | PromiseLike<WebAssembly.Module | ArrayBuffer | ArrayBufferView | Response>;

let compiled: WebAssembly.Module | undefined;

async function compile(source: WasmSource): Promise<WebAssembly.Module> {
  const resolved = await source;
  if (resolved instanceof WebAssembly.Module) return resolved;
  if (typeof Response !== "undefined" && resolved instanceof Response) {
    if (typeof WebAssembly.compileStreaming === "function") {
      try {
        return await WebAssembly.compileStreaming(resolved.clone());
      } catch {
        // A server without the application/wasm type: fall back to bytes below.
      }
    }
    return WebAssembly.compile(await resolved.arrayBuffer());
  }
  return WebAssembly.compile(resolved as BufferSource);
}

/**
 * Loads the core once per realm; everything after is synchronous. Each runtime's entry passes
 * its own default source (a file in Node, `fetch` in browsers, a module import in workerd/Deno).
 */
export async function initWith(source: WasmSource): Promise<void> {
  if (compiled !== undefined) return;
  try {
    compiled = await compile(source);
  } catch (cause) {
    throw new ToolsiftError("wasm_load_failed", "the toolsift WebAssembly module could not be compiled", { cause });
  }
}

export function isInitialized(): boolean {
  return compiled !== undefined;
}

/** The numeric exports of one core instance (DESIGN.md "Boundary ABI"). */
export interface CoreExports {
  readonly memory: WebAssembly.Memory;
  readonly MAX_INPUT: WebAssembly.Global;
  readonly EXPLAIN_STRIDE: WebAssembly.Global;
  readonly STAGING_BYTES: WebAssembly.Global;
  readonly MAX_TERMS: WebAssembly.Global;
  readonly EMIT_BATCH: WebAssembly.Global;
  scratchPointer(): number;
  stagingPointer(): number;
  decodeStaged(offset: number, length: number, check: number): number;
  addStagedDocument(document: number, bytes: number, check: number, name: number, aliases: number, tags: number, summary: number, description: number, params: number): number;
  configure(wordFormMode: number, k1: number, b: number, maxQueryTerms: number, termSelection: number): void;
  setFieldWeight(field: number, weight: number): void;
  setNameCoverageBonus(value: number): void;
  nameCoverageFactor(document: number): number;
  addStopword(length: number): void;
  beginBuild(count: number): void;
  addField(document: number, field: number, length: number): void;
  finishBuild(): number;
  recordTotal(): number;
  emitPostings(from: number, count: number): void;
  termCount(): number;
  search(length: number, limit: number): number;
  resultDocumentsPointer(): number;
  resultScoresPointer(): number;
  queryStatsPointer(): number;
  explain(document: number): number;
  explainPointer(): number;
  queryTermText(index: number): number;
  lastQueryTermCount(): number;
  analyze(length: number): number;
  documents(): number;
  heapEnd(): number;
  buildId(): number;
  sectionPointer(section: number): number;
  sectionBytes(section: number): number;
  prepareLoad(count: number, termCount: number, poolLength: number, postingCount: number, stopwordBytes: number, lexiconBytes: number): number;
  stageTables(): void;
  prepareTables(stopwordBytes: number, lexiconBytes: number): void;
  restoreTables(): number;
  checksumLanesPointer(): number;
  absorbSection(section: number): void;
  absorbScratch(length: number): void;
  finishLoad(): number;
  termPoolLength(): number;
  termDocumentFrequency(term: number): number;
  termText(term: number): number;
  addLexiconEntries(length: number): void;
  lexiconEntries(): number;
  setQueryExpansionWeight(weight: number): void;
  setQueryRelatedWeight(weight: number): void;
  queryTermWeight(index: number): number;
}

/**
 * A fresh core instance: one per index, so indexes never share memory. The core imports only
 * its memory (idf's logarithm is computed inside, assembly/index/log.ts): a new one of a page,
 * or `memory`, which must be all zeros (the core assumes it and writes no zero data).
 */
export function instantiateCore(memory = new WebAssembly.Memory({ initial: 1 })): CoreExports {
  if (compiled === undefined) {
    throw new ToolsiftError("not_initialized", "call `await init()` before building or loading an index");
  }
  const instance = new WebAssembly.Instance(compiled, { env: { memory } });
  return instance.exports as unknown as CoreExports;
}
