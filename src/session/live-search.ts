import { MAX_RANK_ASK, clipHits, type RankFailure } from "../rankers/clip.js";
import { isThenable } from "../rankers/shape.js";
import type { BuiltRanker } from "../rankers/session-ranker.js";

/** Ranker calls per search at most: the first ask and up to three widenings (SPEC §6.6). */
export const MAX_RANK_ROUNDS = 4;

/**
 * What the ranker said about the page (DESIGN.md "No confident match"). Rankers without
 * `search` give no verdict: `confident: true`, so no note is added on their behalf.
 */
export interface PageVerdict {
  readonly confident: boolean;
  /** The page's first tool came from the name fallback. */
  readonly fallback: boolean;
}

const NO_VERDICT: PageVerdict = Object.freeze({ confident: true, fallback: false });

export type RankedPage =
  | { readonly ok: true; readonly ids: readonly string[]; readonly verdict: PageVerdict }
  | { readonly ok: false; readonly failure: RankFailure; readonly cause?: unknown };

/**
 * The verdict on the first admitted id, read defensively from the ranker's last answer: with a
 * numeric `floor`, the admitted hit itself must reach it (the ranker's best hit may be a tool
 * already on the menu); otherwise the ranker's own `confident`. Anything unreadable is no verdict.
 */
function pageVerdict(answer: unknown, hits: unknown, first: string | undefined, ask: number): PageVerdict {
  if (first === undefined) return NO_VERDICT;
  try {
    const { confident, floor } = answer as { confident?: unknown; floor?: unknown };
    let hit: { score?: unknown; match?: unknown } | undefined;
    const list = hits as readonly unknown[];
    for (let index = 0; index < Math.min(list.length, ask) && hit === undefined; index++) {
      const entry = list[index] as { id?: unknown } | null;
      if (typeof entry === "object" && entry !== null && entry.id === first) hit = entry as { score?: unknown; match?: unknown };
    }
    if (hit === undefined) return NO_VERDICT;
    const { score, match } = hit;
    const fallback = match === "name";
    if (typeof floor === "number" && Number.isFinite(floor)) {
      return { confident: !fallback && typeof score === "number" && score >= floor, fallback };
    }
    return { confident: confident !== false && !fallback, fallback };
  } catch {
    return NO_VERDICT;
  }
}

/**
 * Asks the ranker for enough hits to fill `need` places after admission (SPEC §6.6). The
 * first ask over-asks by `overAsk` (tools on the menu and hidden tools, which admission
 * drops); while admission leaves the page short and the ranker filled its whole ask, the
 * ask doubles, at most `MAX_RANK_ROUNDS` calls and `MAX_RANK_ASK` hits. Each round's
 * output is cut to its ask and admitted afresh. A ranker with `search` is asked through it,
 * and its last answer gives the page's verdict.
 */
export function rankPage(
  built: BuiltRanker,
  query: string,
  need: number,
  overAsk: number,
  admit: (id: string) => boolean,
): RankedPage {
  let ask = Math.min(MAX_RANK_ASK, Math.max(1, need + overAsk));
  const search = built.search;
  let answer: unknown;
  let hits: unknown;
  const run = (size: number) => (): unknown => {
    if (search === undefined) return built.ranker.rank(query, size);
    answer = search.call(built.ranker, query, size);
    if (isThenable(answer)) return answer;
    hits = (answer as { hits?: unknown } | null)?.hits;
    return hits;
  };
  for (let round = 1; ; round++) {
    const size = ask;
    const clipped = clipHits(run(size), size, admit);
    if (!clipped.ok) return clipped;
    if (clipped.ids.length >= need || !clipped.full || ask >= MAX_RANK_ASK || round >= MAX_RANK_ROUNDS) {
      const ids = clipped.ids.slice(0, need);
      return { ok: true, ids, verdict: search === undefined ? NO_VERDICT : pageVerdict(answer, hits, ids[0], size) };
    }
    ask = Math.min(MAX_RANK_ASK, ask * 2);
  }
}
