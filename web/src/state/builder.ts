// Index builds for the store: in a worker when the browser has workers (the page stays
// responsive), else on the main thread. Both paths time the build itself.
import { Bm25ToolRanker, ToolsiftError, type RankerOptions, type ToolsiftErrorCode } from "../../../src/entry/browser.js";
import { vouchedBy } from "../catalogue/model.js";
import { toolSearchDocs, type ToolAnnotations, type ToolDefinition } from "../../../src/entry/browser.js";
import type { BuildReply, BuildRequest } from "./build-worker.js";

export interface Built {
  readonly ranker: Bm25ToolRanker;
  /** Time to build the index, ms. */
  readonly milliseconds: number;
  /** Time to load the worker's artifact into the page's core, ms (0 when built on the main thread). */
  readonly loadMilliseconds: number;
  readonly where: "worker" | "main thread";
}

type Waiter = { resolve: (built: Built) => void; reject: (error: unknown) => void };

export class IndexBuilder {
  #worker: Worker | undefined;
  #broken = typeof Worker === "undefined";
  #next = 1;
  readonly #waiting = new Map<number, Waiter>();

  #start(): Worker | undefined {
    if (this.#broken) return undefined;
    if (this.#worker !== undefined) return this.#worker;
    try {
      const worker = new Worker(new URL("./build-worker.ts", import.meta.url), { type: "module", name: "toolsift-index-builder" });
      worker.addEventListener("message", (event: MessageEvent<BuildReply>) => this.#reply(event.data));
      worker.addEventListener("error", () => this.#fail());
      this.#worker = worker;
      return worker;
    } catch {
      this.#broken = true;
      return undefined;
    }
  }

  // A worker that cannot start (or dies) hands its pending builds to the main thread.
  #fail(): void {
    this.#broken = true;
    this.#worker?.terminate();
    this.#worker = undefined;
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const waiter of waiting) waiter.reject(new Error("the index worker stopped"));
  }

  #reply(reply: BuildReply): void {
    const waiter = this.#waiting.get(reply.id);
    if (waiter === undefined) return;
    this.#waiting.delete(reply.id);
    if ("error" in reply) {
      const code = (reply.error.code ?? "invalid_catalogue") as ToolsiftErrorCode;
      waiter.reject(new ToolsiftError(code, reply.error.message));
      return;
    }
    try {
      const started = performance.now();
      const ranker = Bm25ToolRanker.load(reply.bytes);
      waiter.resolve({ ranker, milliseconds: reply.milliseconds, loadMilliseconds: performance.now() - started, where: "worker" });
    } catch (error) {
      waiter.reject(error);
    }
  }

  build(definitions: readonly ToolDefinition[], annotations: ToolAnnotations, vouched: readonly string[], options: RankerOptions): Promise<Built> {
    const worker = this.#start();
    if (worker === undefined) return Promise.resolve(buildHere(definitions, annotations, vouched, options));
    const id = this.#next++;
    const request: BuildRequest = { id, definitions, annotations, vouched, options };
    return new Promise<Built>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      worker.postMessage(request);
    }).catch((error: unknown) => {
      if (this.#broken && !(error instanceof ToolsiftError)) return buildHere(definitions, annotations, vouched, options);
      throw error;
    });
  }
}

export function buildHere(definitions: readonly ToolDefinition[], annotations: ToolAnnotations, vouched: readonly string[], options: RankerOptions): Built {
  const started = performance.now();
  const ranker = new Bm25ToolRanker(toolSearchDocs(definitions, { annotations, trustJsonSchemaText: vouchedBy(vouched) }), options);
  return { ranker, milliseconds: performance.now() - started, loadMilliseconds: 0, where: "main thread" };
}
