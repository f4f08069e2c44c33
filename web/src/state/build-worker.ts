// Builds an index off the main thread: the page stays responsive while a slider moves. The
// worker has its own copy of the core; it sends back the index artifact, which the page
// loads (a copy into a fresh core plus checks, no re-analysis).
import wasmUrl from "../../../build/toolsift.wasm?url";
import { vouchedBy } from "../catalogue/model.js";
import { Bm25ToolRanker, init, isToolsiftError, type RankerOptions } from "../../../src/entry/browser.js";
import { toolSearchDocs, type ToolAnnotations, type ToolDefinition } from "../../../src/entry/browser.js";

export interface BuildRequest {
  readonly id: number;
  readonly definitions: readonly ToolDefinition[];
  readonly annotations: ToolAnnotations;
  /** Exact ids the operator vouches for (a predicate cannot cross postMessage). */
  readonly vouched: readonly string[];
  readonly options: RankerOptions;
}

export type BuildReply =
  | { readonly id: number; readonly bytes: Uint8Array; readonly milliseconds: number }
  | { readonly id: number; readonly error: { readonly code?: string; readonly message: string } };

const ready = init(fetch(wasmUrl));

self.addEventListener("message", async (event: MessageEvent<BuildRequest>) => {
  const { id, definitions, annotations, vouched, options } = event.data;
  try {
    await ready;
    const started = performance.now();
    const ranker = new Bm25ToolRanker(toolSearchDocs(definitions, { annotations, trustJsonSchemaText: vouchedBy(vouched) }), options);
    const milliseconds = performance.now() - started;
    const serialized = ranker.serialize();
    // Transfer a buffer of exactly the artifact's bytes.
    const bytes = serialized.byteOffset === 0 && serialized.byteLength === serialized.buffer.byteLength ? serialized : serialized.slice();
    const reply: BuildReply = { id, bytes, milliseconds };
    (self as unknown as Worker).postMessage(reply, [bytes.buffer]);
  } catch (error) {
    const reply: BuildReply = { id, error: { ...(isToolsiftError(error) ? { code: error.code } : {}), message: error instanceof Error ? error.message : String(error) } };
    (self as unknown as Worker).postMessage(reply);
  }
});
