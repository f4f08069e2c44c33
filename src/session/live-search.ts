import { MAX_RANK_ASK, clipWithLead, type ClipResult, type LeadHit, type RankFailure } from "../rankers/clip.js";
import { fuseRankedLists } from "../rankers/fusion.js";
import { isThenable } from "../rankers/shape.js";
import type { BuiltRanker } from "../rankers/session-ranker.js";
import type { ToolRanker } from "../types.js";

/** Ranker calls per search at most: the first ask and up to three widenings (DESIGN.md "Rankers"). */
export const MAX_RANK_ROUNDS = 4;

/**
 * What the ranker said about the page (docs/scoring.md "No confident match"). Rankers without
 * `search` give no verdict: `confident: true`, so no note is added on their behalf.
 */
export interface PageVerdict {
  readonly confident: boolean;
  /** The page's first tool came from the name fallback. */
  readonly fallback: boolean;
  /** Only when the search held its tools (`loadUnconfident: false`): the words of the request no tool matches. */
  readonly unmatched?: readonly string[];
}

const NO_VERDICT: PageVerdict = Object.freeze({ confident: true, fallback: false });

/** Tools already on the menu that a page names in its note at most (DESIGN.md "Session"). */
export const MAX_ON_MENU_NOTED = 5;

export type RankedPage =
  | {
      readonly ok: true;
      readonly ids: readonly string[];
      readonly verdict: PageVerdict;
      /** Hits ranked before the page's last tool (or anywhere, on a short page) that admission dropped for being on the menu; at most `MAX_ON_MENU_NOTED`. */
      readonly onMenu: readonly string[];
    }
  | { readonly ok: false; readonly failure: RankFailure; readonly cause?: unknown };

/** What a `search` answer says beside its hits, read once; `undefined` when unreadable. */
interface AnswerFields {
  readonly confident: unknown;
  readonly floor: unknown;
}

function answerFields(answer: unknown): AnswerFields | undefined {
  try {
    const { confident, floor } = answer as { confident?: unknown; floor?: unknown };
    return { confident, floor };
  } catch {
    return undefined;
  }
}

/** One round: the page's hits admitted and clipped, its first hit's fields, and what the answer said of them. */
interface Round {
  readonly clipped: ClipResult;
  readonly lead?: LeadHit;
  readonly answer?: AnswerFields;
}

/**
 * Asks the ranker once: through `search` when it has one (its `hits`, `confident` and
 * `floor` read once, here), else `rank`. Everything the page needs is read before the
 * session changes anything.
 */
function askRanker(built: BuiltRanker, query: string, size: number, admit: (id: string) => boolean): Round & { readonly output?: unknown } {
  const search = built.search;
  let output: unknown;
  let answer: unknown;
  try {
    if (search === undefined) output = built.ranker.rank(query, size);
    else {
      answer = search.call(built.ranker, query, size);
      output = isThenable(answer) ? answer : (answer as { hits?: unknown } | null)?.hits;
    }
  } catch (cause) {
    return { clipped: { ok: false, failure: "threw", cause } };
  }
  const { clipped, lead } = clipWithLead(output, size, admit);
  if (search === undefined || !clipped.ok) return { clipped, output };
  const fields = answerFields(answer);
  return { clipped, output, ...(lead === undefined ? {} : { lead }), ...(fields === undefined ? {} : { answer: fields }) };
}

/** The words of a text (an array's, joined): lower case, cut at every character that is no letter, mark or digit, each once. */
export const requestWords = (text: unknown): string[] => [...new Set(String(text).toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u))].filter(Boolean);

/**
 * The words of the request no tool matches (docs/scoring.md "Holding unconfident matches"):
 * each of the phrasings' first 64 words that is none of the ranker's stopwords and for which,
 * alone, the ranker ranks no tool. A ranker that throws names none.
 */
export function unmatchedWords(ranker: ToolRanker, phrasings: readonly string[]): string[] {
  try {
    const stopwords = requestWords((ranker as { options?: { stopwords?: unknown } }).options?.stopwords ?? "");
    return requestWords(phrasings).slice(0, 64).filter((word) => !stopwords.includes(word) && ranker.rank(word, 1).length === 0);
  } catch {
    return [];
  }
}

/**
 * RRF weights of the query and of its alternatives, and the RRF constant, chosen on MetaTool's
 * dev fold (docs/embeddings.md "Several phrasings", `bench/alternatives.ts`): weighting the
 * query above its alternatives (1.5, 2) lost 0.7–2.2 nDCG@10 there, and k 10 beat k 60 by 0.4.
 */
export const PHRASING_FUSION = Object.freeze({ queryWeight: 1, alternativeWeight: 1, k: 10 });

/**
 * One round for several phrasings: each asked for `size` hits, their lists fused by
 * reciprocal rank (scores of different queries are not comparable; ranks are), then the fused
 * list admitted and clipped like one ranker's. The page is confident when any phrasing's
 * first admitted hit was.
 */
function askPhrasings(built: BuiltRanker, queries: readonly string[], size: number, admit: (id: string) => boolean, pure: (id: string) => boolean): Round {
  const lists: (readonly string[])[] = [];
  let verdict: PageVerdict | undefined;
  for (const query of queries) {
    const { clipped, lead, answer, output } = askRanker(built, query, size, pure);
    if (!clipped.ok) return { clipped };
    // Read again, this time every id: the fused list must hold the ones on the menu too (`onMenu`).
    const every = clipWithLead(output, size, () => true).clipped;
    if (!every.ok) return { clipped: every };
    lists.push(every.ids);
    if (built.search !== undefined && lead !== undefined) {
      const one = pageVerdict(answer, lead);
      verdict = verdict === undefined ? one : { confident: verdict.confident || one.confident, fallback: verdict.fallback && one.fallback };
    }
  }
  const { queryWeight, alternativeWeight, k } = PHRASING_FUSION;
  const weights = queries.map((_, index) => (index === 0 ? queryWeight : alternativeWeight));
  const fused = fuseRankedLists(lists, weights, k, size);
  const { clipped } = clipWithLead(fused, size, admit);
  if (verdict === undefined) return { clipped };
  // The fused page's verdict, in the fields `pageVerdict` reads.
  return { clipped, lead: { score: 0, match: verdict.fallback ? "name" : "terms" }, answer: { confident: verdict.confident, floor: undefined } };
}

/**
 * The verdict on the first admitted hit: with a numeric `floor`, that hit itself must reach
 * it (the ranker's best hit may be a tool already on the menu); otherwise the ranker's own
 * `confident`. Anything unreadable is no verdict.
 */
function pageVerdict(answer: AnswerFields | undefined, lead: LeadHit | undefined): PageVerdict {
  if (answer === undefined || lead === undefined) return NO_VERDICT;
  const { confident, floor } = answer;
  const { score, match } = lead;
  const fallback = match === "name";
  if (typeof floor === "number" && Number.isFinite(floor)) {
    return { confident: !fallback && typeof score === "number" && score >= floor, fallback };
  }
  return { confident: confident !== false && !fallback, fallback };
}

/**
 * Asks the ranker for enough hits to fill `need` places after admission (DESIGN.md "Rankers"). The
 * first ask over-asks by `overAsk` (tools on the menu and hidden tools, which admission
 * drops); while admission leaves the page short and the ranker filled its whole ask, the
 * ask doubles, at most `MAX_RANK_ROUNDS` calls and `MAX_RANK_ASK` hits. Each round's
 * output is cut to its ask and admitted afresh. A ranker with `search` is asked through it,
 * and its last answer gives the page's verdict. The last round also tells which of the hits
 * ranked among the page `admit` dropped and `onMenu` says are on the menu: the same query
 * asked twice must say its best tools are there, not only show worse ones. With more than one
 * phrasing in `queries` (the query, then its alternatives), every round asks each of them
 * and fuses their lists (`askPhrasings`).
 */
export function rankPage(
  built: BuiltRanker,
  queries: readonly string[],
  need: number,
  overAsk: number,
  admit: (id: string) => boolean,
  onMenu: (id: string) => boolean = () => false,
): RankedPage {
  let ask = Math.min(MAX_RANK_ASK, Math.max(1, need + overAsk));
  for (let round = 1; ; round++) {
    const skipped: string[] = [];
    let admitted = 0;
    const watched = (id: string): boolean => {
      if (admit(id)) {
        admitted++;
        return true;
      }
      if (admitted < need && skipped.length < MAX_ON_MENU_NOTED && onMenu(id)) skipped.push(id);
      return false;
    };
    const { clipped, lead, answer } = queries.length === 1 ? askRanker(built, queries[0]!, ask, watched) : askPhrasings(built, queries, ask, watched, admit);
    if (!clipped.ok) return clipped;
    if (clipped.ids.length >= need || !clipped.full || ask >= MAX_RANK_ASK || round >= MAX_RANK_ROUNDS) {
      const ids = clipped.ids.slice(0, need);
      return { ok: true, ids, verdict: built.search === undefined ? NO_VERDICT : pageVerdict(answer, lead), onMenu: skipped };
    }
    ask = Math.min(MAX_RANK_ASK, ask * 2);
  }
}
