import { lazyRecord } from "../analysis/lazy-record.js";
import * as z from "zod/mini";
import { firstIssue, issueMessage, issuePath, type ParseError } from "./config-schema.js";
import { TRANSLATION_LEXICON } from "../analysis/lexicon.js";
import { BUNDLED_STOPWORDS } from "../analysis/stopwords.js";
import { ENGLISH_SYNONYMS } from "../analysis/synonyms.js";
import { ToolsiftError } from "../errors.js";

/** Field names in index order (docs/analyzer.md §A5). */
export const FIELDS = ["name", "aliases", "tags", "summary", "description", "params"] as const;
export type FieldName = (typeof FIELDS)[number];

/**
 * Default ranking options. Units and ranges:
 * - `weights`: per-field BM25F weight, ≥ 0 (0 ignores the field; larger trusts it more).
 * - `k1`: term-frequency saturation, above 0 and at most 10 (near 0: any match counts the
 *   same; large: near linear). 0 itself is refused: a match with no weighted field would be 0/0.
 * - `b`: length normalization, 0–1 (0: none; 1: full).
 * - `maxQueryTerms`: distinct query terms scored, 1–64.
 * - `termSelection`: which terms survive the cap: the `first` in query order or the `rarest`.
 * - `stopwords`: query-only stopwords (`BUNDLED_STOPWORDS`), at most 256 entries; `[]` disables.
 * - `lexicon`: query expansion (`TRANSLATION_LEXICON`, Russian and Chinese → English): a word or
 *   phrase → English words; `false` disables. At most 20,000 keys.
 * - `expansionWeight`: query weight of lexicon terms, 0–1 (0: expansions never count; 1: as
 *   much as the query's own words).
 * - `relatedWeight`: query weight of related terms, 0–1: expansions of lexicon entries whose key
 *   is ASCII (English synonyms, `ENGLISH_SYNONYMS`) and word-form variants of the chosen terms
 *   (`sending` → `send`, `schedule` → `scheduled`; `plural` analyzer only). 0 turns both off.
 * - `lookalikes`: Cyrillic look-alikes (docs/analyzer.md §A10): a Russian word that sounds like a word
 *   of a tool id's namespace (`ноушене` → `notion` for `notion__…`) adds that word to the
 *   request; `false` disables.
 * - `nameBonus`: name-coverage bonus, 0–10: a hit's score is multiplied by
 *   `1 + nameBonus × (query terms in its name / distinct terms of its name)` (0: off; large:
 *   a tool whose name the query spells out wins over descriptions that mention the words).
 */
/** The bundled lexicon: Russian and Chinese → English, plus the English synonyms (built on first read). */
const BUNDLED_LEXICON: Readonly<Record<string, readonly string[]>> = lazyRecord(() => ({ ...TRANSLATION_LEXICON, ...ENGLISH_SYNONYMS }));

export const RANKER_DEFAULTS = Object.freeze({
  analyzer: "plural" as "plural" | "stem",
  weights: Object.freeze({ name: 3, aliases: 2, tags: 1, summary: 2, description: 0.5, params: 0.5 }),
  k1: 1.8,
  b: 0.75,
  maxQueryTerms: 64,
  termSelection: "rarest" as "first" | "rarest",
  stopwords: BUNDLED_STOPWORDS,
  lexicon: BUNDLED_LEXICON as Readonly<Record<string, readonly string[]>> | false,
  expansionWeight: 1,
  relatedWeight: 0.3,
  nameBonus: 0.6,
  lookalikes: true,
});

// A finite number from `low` to `high` (`"above"`: `low` itself left out).
const numberIn = (low: number, high: number, from: "from" | "above" = "from") =>
  z.number().check(from === "above" ? z.gt(low) : z.gte(low), z.lte(high));

const weight = z.number().check(z.gte(0));

const isWord = (value: unknown): boolean => typeof value === "string" && value.length >= 1 && value.length <= 64;

// A plain loop, not a record schema: the bundled lexicon has hundreds of keys and is checked
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

const defaults = RANKER_DEFAULTS;

// Messages are zod's issues in the options' words (`issueMessage`), naming the allowed range.
export const rankerOptionsSchema = z.strictObject({
  analyzer: z._default(z.enum(["plural", "stem"]), defaults.analyzer),
  weights: z._default(
    z.strictObject({
      name: z._default(weight, defaults.weights.name),
      aliases: z._default(weight, defaults.weights.aliases),
      tags: z._default(weight, defaults.weights.tags),
      summary: z._default(weight, defaults.weights.summary),
      description: z._default(weight, defaults.weights.description),
      params: z._default(weight, defaults.weights.params),
    }),
    () => ({ ...defaults.weights }),
  ),
  k1: z._default(numberIn(0, 10, "above"), defaults.k1),
  b: z._default(numberIn(0, 1), defaults.b),
  maxQueryTerms: z._default(z.int().check(z.gte(1), z.lte(64)), defaults.maxQueryTerms),
  termSelection: z._default(z.enum(["first", "rarest"]), defaults.termSelection),
  // The default is the frozen list itself (a function: zod would copy a value), so its
  // prepared form is cached per realm.
  stopwords: z._default(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(256)), () => defaults.stopwords as string[]),
  lexicon: z._default(
    z.custom<Readonly<Record<string, readonly string[]>> | false>(isLexicon, {
      error: "must be false or { word: [english words] } (at most 20,000 keys of 1–64 characters, at most 16 words each)",
    }),
    () => defaults.lexicon,
  ),
  expansionWeight: z._default(numberIn(0, 1), defaults.expansionWeight),
  relatedWeight: z._default(numberIn(0, 1), defaults.relatedWeight),
  nameBonus: z._default(numberIn(0, 10), defaults.nameBonus),
  lookalikes: z._default(z.boolean(), defaults.lookalikes),
});

export type RankerOptions = z.input<typeof rankerOptionsSchema>;
export type ResolvedRankerOptions = z.output<typeof rankerOptionsSchema>;

/**
 * An `invalid_option` error for the first issue of a failed parse of `kind` options, naming
 * the option and its range; an unknown key with the nearest known one (parsed with
 * `issueMessage`).
 */
export function optionError(kind: string, error: ParseError): ToolsiftError {
  const issue = firstIssue(error);
  const path = issuePath(issue);
  const name = path.length > 0 ? path.join(".") : "options";
  return new ToolsiftError("invalid_option", `${kind} option ${name}: ${issue.message}`, { path, cause: error });
}

/** Validates ranker options once, at the edge; a bad option is an `invalid_option` error naming it and its range. */
export function resolveRankerOptions(options: unknown): ResolvedRankerOptions {
  const result = rankerOptionsSchema.safeParse(options ?? {}, { error: issueMessage });
  if (result.success) return result.data as ResolvedRankerOptions;
  throw optionError("ranker", result.error);
}
