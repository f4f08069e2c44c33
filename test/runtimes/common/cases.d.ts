// Types for cases.js (kept as plain JavaScript so Node, workerd and Deno load it untransformed).
import type { RankerOptions } from "../../../src/core/index.js";

export interface RuntimeQuery {
  readonly query: string;
  readonly limit: number;
}
export interface RuntimeDoc {
  readonly id: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly aliases: readonly string[];
  readonly params?: readonly { readonly name: string; readonly description?: string }[];
}
export interface CaseResult {
  readonly config: string;
  readonly query: string;
  readonly limit: number;
  readonly hits: readonly (readonly [string, number])[];
}
interface RankerLike {
  rank(query: string, limit: number): readonly { readonly id: string; readonly score: number }[];
}
interface ApiLike {
  Bm25ToolRanker: {
    new (docs: readonly RuntimeDoc[], options?: RankerOptions): RankerLike;
    load(bytes: Uint8Array, options?: RankerOptions): RankerLike;
  };
  ToolsiftError: abstract new (...args: never[]) => Error;
}
export interface LoadError {
  readonly toolsiftError: boolean;
  readonly name: string;
  readonly code: string | null;
  readonly message: string;
}
export interface FlippedLoad {
  readonly offset: number;
  /** Null when the damaged artifact loaded (a failure of the check). */
  readonly error: LoadError | null;
  readonly loadedDocuments?: number | null;
}

export declare const GOLDEN_FORMAT: number;
export declare const CONFIGS: readonly { readonly name: string; readonly options: RankerOptions }[];
export declare function buildRankers(api: ApiLike, docs: readonly RuntimeDoc[]): Map<string, RankerLike>;
export declare function rankCase(rankers: Map<string, RankerLike>, config: string, query: string, limit: number): CaseResult;
export declare function runCases(api: ApiLike, docs: readonly RuntimeDoc[], queries: readonly RuntimeQuery[]): CaseResult[];
export declare function runCasesWith(rankers: Map<string, RankerLike>, queries: readonly RuntimeQuery[]): CaseResult[];
export declare const ARTIFACT_DIR: string;
export declare function artifactName(config: string): string;
export declare function loadRankers(api: ApiLike, artifacts: Map<string, Uint8Array>): Map<string, RankerLike>;
export declare function flipArtifactByte(bytes: Uint8Array): { bytes: Uint8Array; offset: number };
export declare function describeError(api: ApiLike, error: unknown): LoadError;
export declare function loadFlipped(api: ApiLike, bytes: Uint8Array): FlippedLoad;
export declare function serializeGolden(results: readonly CaseResult[], docCount: number): string;
export declare function goldenDifference(actual: string, expected: string): string | null;
/** This runtime's simd128 check on the packaged module compiled here. */
export function simdCheck(core: WebAssembly.Module): { probe: boolean | string; simdBuild: number; dot: number };
