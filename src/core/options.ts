import { z } from "zod";
import { DEFAULT_LEXICON } from "../analysis/lexicon.js";
import { DEFAULT_STOPWORDS } from "../analysis/stopwords.js";
import { ToolsiftError } from "../errors.js";

/** Field names in index order (DESIGN.md §A5). */
export const FIELDS = ["name", "aliases", "tags", "summary", "description", "params"] as const;
export type FieldName = (typeof FIELDS)[number];

/**
 * Default ranking options. Units and ranges:
 * - `weights`: per-field BM25F weight, ≥ 0 (0 ignores the field; larger trusts it more).
 * - `k1`: term-frequency saturation, 0–10 (0: any match counts the same; large: near linear).
 * - `b`: length normalization, 0–1 (0: none; 1: full).
 * - `maxQueryTerms`: distinct query terms scored, 1–64.
 * - `termSelection`: which terms survive the cap: the `first` in query order or the `rarest`.
 * - `stopwords`: query-only stopwords (`DEFAULT_STOPWORDS`), at most 256 entries; `[]` disables.
 * - `lexicon`: query expansion (`DEFAULT_LEXICON`, Russian and Chinese → English): a word or
 *   phrase → English words; `false` disables. At most 20,000 keys.
 * - `expansionWeight`: query weight of lexicon terms, 0–1 (0: expansions never count; 1: as
 *   much as the query's own words).
 */
export const DEFAULT_RANKER_OPTIONS = Object.freeze({
  analyzer: "plural" as "plural" | "stem",
  weights: Object.freeze({ name: 3, aliases: 2, tags: 2, summary: 1.5, description: 1, params: 0.5 }),
  k1: 1.2,
  b: 0.75,
  maxQueryTerms: 64,
  termSelection: "rarest" as "first" | "rarest",
  stopwords: DEFAULT_STOPWORDS,
  lexicon: DEFAULT_LEXICON as Readonly<Record<string, readonly string[]>> | false,
  expansionWeight: 0.5,
});

const weight = z.number().finite().min(0);

const isWord = (value: unknown): boolean => typeof value === "string" && value.length >= 1 && value.length <= 64;

// A plain loop, not a zod record: the bundled lexicon has hundreds of keys and is checked
// every time a ranker is made.
function isLexicon(value: unknown): boolean {
  if (value === false) return true;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length > 20_000) return false;
  for (const key of keys) {
    const words: unknown = (value as Record<string, unknown>)[key];
    if (!isWord(key) || !Array.isArray(words) || words.length > 16 || !words.every(isWord)) return false;
  }
  return true;
}

export const rankerOptionsSchema = z
  .object({
    analyzer: z.enum(["plural", "stem"]).default(DEFAULT_RANKER_OPTIONS.analyzer),
    weights: z
      .object({
        name: weight.default(DEFAULT_RANKER_OPTIONS.weights.name),
        aliases: weight.default(DEFAULT_RANKER_OPTIONS.weights.aliases),
        tags: weight.default(DEFAULT_RANKER_OPTIONS.weights.tags),
        summary: weight.default(DEFAULT_RANKER_OPTIONS.weights.summary),
        description: weight.default(DEFAULT_RANKER_OPTIONS.weights.description),
        params: weight.default(DEFAULT_RANKER_OPTIONS.weights.params),
      })
      .strict()
      .default(DEFAULT_RANKER_OPTIONS.weights),
    k1: z.number().finite().min(0).max(10).default(DEFAULT_RANKER_OPTIONS.k1),
    b: z.number().finite().min(0).max(1).default(DEFAULT_RANKER_OPTIONS.b),
    maxQueryTerms: z.number().int().min(1).max(64).default(DEFAULT_RANKER_OPTIONS.maxQueryTerms),
    termSelection: z.enum(["first", "rarest"]).default(DEFAULT_RANKER_OPTIONS.termSelection),
    stopwords: z
      .array(z.string().max(200))
      .max(256)
      .default(() => [...DEFAULT_RANKER_OPTIONS.stopwords]),
    lexicon: z
      .custom<Readonly<Record<string, readonly string[]>> | false>(isLexicon, {
        message: "expected false or { word: [english words] } (at most 20,000 keys of 1–64 characters, at most 16 words each)",
      })
      .default(() => DEFAULT_RANKER_OPTIONS.lexicon),
    expansionWeight: z.number().finite().min(0).max(1).default(DEFAULT_RANKER_OPTIONS.expansionWeight),
  })
  .strict();

export type RankerOptions = z.input<typeof rankerOptionsSchema>;
export type ResolvedRankerOptions = z.output<typeof rankerOptionsSchema>;

/** Validates ranker options once, at the edge; a bad option is an `invalid_option` error naming it. */
export function resolveRankerOptions(options: unknown): ResolvedRankerOptions {
  const result = rankerOptionsSchema.safeParse(options ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map((part) => (typeof part === "symbol" ? String(part) : part));
  const name = path.length > 0 ? path.join(".") : "options";
  throw new ToolsiftError("invalid_option", `ranker option ${name}: ${issue.message}`, { path, cause: result.error });
}
