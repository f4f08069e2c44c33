import lunr from "lunr";
import type { BenchEngine, EngineFactory } from "../lib/engine.js";
import { PEER_BOOSTS, PEER_FIELDS, toPeerDoc } from "./fields.js";

// Lunr's own pipeline (its tokenizer, trimmer, English stopword filter and Porter stemmer)
// with field boosts. Queries go through `lunr.tokenizer` and `Query#term` rather than the
// query-string parser: `:`, `-`, `+`, `~`, `^` and `*` in a user's request are words there,
// not operators (the parser throws on many real requests). Terms are optional (OR).
class LunrEngine implements BenchEngine {
  readonly name = "lunr";
  #index: lunr.Index | undefined;

  build(docs: Parameters<BenchEngine["build"]>[0]): void {
    const peerDocs = docs.map(toPeerDoc);
    this.#index = lunr(function () {
      this.ref("id");
      for (const field of PEER_FIELDS) this.field(field, { boost: PEER_BOOSTS[field] });
      for (const doc of peerDocs) this.add(doc);
    });
  }

  rank(query: string, limit: number) {
    const tokens = lunr.tokenizer(query);
    if (tokens.length === 0 || this.#index === undefined) return [];
    return this.#index
      .query((built) => {
        built.term(tokens);
      })
      .slice(0, limit)
      .map((result) => ({ id: result.ref }));
  }

  serialize(): string {
    return JSON.stringify(this.#index);
  }

  load(data: string | Uint8Array): void {
    this.#index = lunr.Index.load(JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data)));
  }
}

export const lunrPeer: EngineFactory = {
  name: "lunr",
  description:
    "field boosts and its default pipeline (trimmer, English stopwords, Porter stemmer); query words from `lunr.tokenizer` as optional `Query#term`s",
  create: () => new LunrEngine(),
};
