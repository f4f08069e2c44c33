// Types for cases.js (kept as plain JavaScript so Node, workerd and Deno load it untransformed).
import type { RankerOptions } from "../../../src/index.js";

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
  Bm25ToolRanker: new (docs: readonly RuntimeDoc[], options?: RankerOptions) => RankerLike;
}

export declare const GOLDEN_FORMAT: number;
export declare const CONFIGS: readonly { readonly name: string; readonly options: RankerOptions }[];
export declare function buildRankers(api: ApiLike, docs: readonly RuntimeDoc[]): Map<string, RankerLike>;
export declare function rankCase(rankers: Map<string, RankerLike>, config: string, query: string, limit: number): CaseResult;
export declare function runCases(api: ApiLike, docs: readonly RuntimeDoc[], queries: readonly RuntimeQuery[]): CaseResult[];
export declare function serializeGolden(results: readonly CaseResult[], docCount: number): string;
export declare function goldenDifference(actual: string, expected: string): string | null;
