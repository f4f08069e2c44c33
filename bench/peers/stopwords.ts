import { createRequire } from "node:module";

/**
 * A published English stopword list (the one wink-nlp-utils' `removeWords` uses), for the
 * peers that ship none of their own (MiniSearch, Orama). Lunr, wink and FlexSearch's English
 * pack bring their own lists. Measured: without one, MiniSearch's nDCG@10 on the
 * ToolBench test requests is half of what it is with one (its BM25+ and matched-term boost
 * reward documents full of "the", "and", "I"), so a peer without stopwords would be a straw man.
 */
export const ENGLISH_STOPWORDS: readonly string[] = createRequire(import.meta.url)(
  "wink-nlp-utils/src/dictionaries/stop_words.json",
) as string[];
