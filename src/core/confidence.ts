import * as z from "zod/mini";
import { issueMessage } from "./config-schema.js";
import { optionError } from "./options.js";

/**
 * Defaults of the "no confident match" rule (docs/scoring.md "No confident match"; chosen on the
 * dev folds, see "Tuning"). A search is confident when its best hit scored at least
 * `floor × reference` and at least `share × ceiling`, where `reference` is the idf of a term
 * only one tool has and `ceiling` the score of a tool matching every chosen query term fully.
 * - `floor`: 0–10, default 0.6 (0: any hit is confident; 1: the best hit must score like a
 *   fully matched term that only one tool has).
 * - `share`: 0–1, default 0.05 (0: the query's length does not matter; 1: only a hit matching
 *   every term with saturation 1 and a fully covered name is confident).
 */
export const CONFIDENCE_DEFAULTS = Object.freeze({ floor: 0.6, share: 0.05 });

export const confidenceOptionsSchema = z.strictObject({
  floor: z._default(z.number().check(z.gte(0), z.lte(10)), CONFIDENCE_DEFAULTS.floor),
  share: z._default(z.number().check(z.gte(0), z.lte(1)), CONFIDENCE_DEFAULTS.share),
});

export type ConfidenceOptions = z.input<typeof confidenceOptionsSchema>;
export type ResolvedConfidenceOptions = z.output<typeof confidenceOptionsSchema>;

/** Validates confidence options at the edge: a bad one is an `invalid_option` error naming it and its range. */
export function resolveConfidenceOptions(options: unknown): ResolvedConfidenceOptions {
  if (options === undefined) return CONFIDENCE_DEFAULTS;
  const result = confidenceOptionsSchema.safeParse(options, { error: issueMessage });
  if (result.success) return result.data;
  throw optionError("confidence", result.error);
}

/**
 * The score a best hit needs for the search to be confident: `max(floor × reference,
 * share × ceiling)`. A search without hits is never confident.
 */
export function confidenceFloor(ceiling: number, reference: number, options: ResolvedConfidenceOptions): number {
  return Math.max(options.floor * reference, options.share * ceiling);
}
