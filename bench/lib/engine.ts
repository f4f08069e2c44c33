import type { ToolRanker, ToolSearchDoc } from "../../src/types.js";

/**
 * One search engine under benchmark: toolsift or a peer, behind the same five calls so the
 * harness measures every engine the same way. `build` is called once per instance;
 * `load` is called on a fresh instance with what another instance's `serialize` returned.
 */
export interface BenchEngine {
  readonly name: string;
  build(docs: readonly ToolSearchDoc[]): void;
  rank(query: string, limit: number): readonly { readonly id: string }[];
  serialize?(): string | Uint8Array;
  load?(data: string | Uint8Array): void;
  /** Per-hit, per-term, per-field contributions (toolsift only; off the hot path). */
  explain?(query: string, limit: number): unknown;
  /** Distinct terms in the index (toolsift only; for the cost curves). */
  termCount?(): number;
}

/** Makes a fresh, empty engine (one per build or load measured). */
export interface EngineFactory {
  readonly name: string;
  /** How the engine is configured, one line of markdown, for the reports. */
  readonly description: string;
  create(): BenchEngine;
}

/** An engine as a `ToolRanker`, for `evaluate`. */
export function asRanker(engine: BenchEngine): ToolRanker {
  return { kind: engine.name, rank: (query, limit) => engine.rank(query, limit) };
}

/** Byte size of a serialized index: UTF-8 bytes for text, length for binary. */
export function serializedBytes(data: string | Uint8Array): number {
  return typeof data === "string" ? Buffer.byteLength(data, "utf8") : data.byteLength;
}
