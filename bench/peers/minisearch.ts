import MiniSearch, { type Options } from "minisearch";
import type { BenchEngine, EngineFactory } from "../lib/engine.js";
import { PEER_BOOSTS, PEER_FIELDS, toPeerDoc, type PeerDoc } from "./fields.js";
import { ENGLISH_STOPWORDS } from "./stopwords.js";

const stopwords = new Set(ENGLISH_STOPWORDS);

// MiniSearch's own tokenizer (Unicode spaces and punctuation, so `snake_case` splits) and
// lower-casing, plus an English stopword list through `processTerm` (MiniSearch ships none;
// its documentation shows exactly this); exact terms only (no prefix, no fuzzy: toolsift
// does neither) and OR, so a long request is not required to match every word. No stemmer
// (MiniSearch ships none).
const options: Options<PeerDoc> = {
  fields: [...PEER_FIELDS],
  storeFields: [],
  processTerm: (term) => {
    const lower = term.toLowerCase();
    return stopwords.has(lower) ? null : lower;
  },
  searchOptions: { boost: { ...PEER_BOOSTS }, prefix: false, fuzzy: false, combineWith: "OR" },
};

class MiniSearchEngine implements BenchEngine {
  readonly name = "minisearch";
  #index = new MiniSearch<PeerDoc>(options);

  build(docs: Parameters<BenchEngine["build"]>[0]): void {
    this.#index = new MiniSearch<PeerDoc>(options);
    this.#index.addAll(docs.map(toPeerDoc));
  }

  rank(query: string, limit: number) {
    return this.#index
      .search(query)
      .slice(0, limit)
      .map((result) => ({ id: String(result.id) }));
  }

  serialize(): string {
    return JSON.stringify(this.#index);
  }

  load(data: string | Uint8Array): void {
    this.#index = MiniSearch.loadJSON<PeerDoc>(typeof data === "string" ? data : new TextDecoder().decode(data), options);
  }
}

export const minisearchPeer: EngineFactory = {
  name: "minisearch",
  description:
    "its tokenizer and lower-casing, an English stopword list through `processTerm`, `searchOptions { boost, prefix: false, fuzzy: false, combineWith: \"OR\" }`; no stemmer (it ships none)",
  create: () => new MiniSearchEngine(),
};
