import { MAX_RANK_ASK, clipHits, type RankFailure } from "../rankers/clip.js";
import type { BuiltRanker } from "../rankers/session-ranker.js";

/** Ranker calls per search at most: the first ask and up to three widenings (SPEC §6.6). */
export const MAX_RANK_ROUNDS = 4;

export type RankedPage =
  | { readonly ok: true; readonly ids: readonly string[] }
  | { readonly ok: false; readonly failure: RankFailure; readonly cause?: unknown };

/**
 * Asks the ranker for enough hits to fill `need` places after admission (SPEC §6.6). The
 * first ask over-asks by `overAsk` (tools on the menu and hidden tools, which admission
 * drops); while admission leaves the page short and the ranker filled its whole ask, the
 * ask doubles, at most `MAX_RANK_ROUNDS` calls and `MAX_RANK_ASK` hits. Each round's
 * output is cut to its ask and admitted afresh.
 */
export function rankPage(
  built: BuiltRanker,
  query: string,
  need: number,
  overAsk: number,
  admit: (id: string) => boolean,
): RankedPage {
  let ask = Math.min(MAX_RANK_ASK, Math.max(1, need + overAsk));
  for (let round = 1; ; round++) {
    const size = ask;
    const clipped = clipHits(() => built.ranker.rank(query, size), size, admit);
    if (!clipped.ok) return clipped;
    if (clipped.ids.length >= need || !clipped.full || ask >= MAX_RANK_ASK || round >= MAX_RANK_ROUNDS) {
      return { ok: true, ids: clipped.ids.slice(0, need) };
    }
    ask = Math.min(MAX_RANK_ASK, ask * 2);
  }
}
