import { create, insertMultiple, load, save, search, type Orama, type RawData } from "@orama/orama";
import type { BenchEngine, EngineFactory } from "../lib/engine.js";
import { PEER_BOOSTS, toPeerDoc } from "./fields.js";
import { ENGLISH_STOPWORDS } from "./stopwords.js";

const schema = {
  name: "string",
  aliases: "string",
  tags: "string",
  description: "string",
  params: "string",
} as const;
type Schema = typeof schema;

// Orama's own English tokenizer with its bundled English stemmer turned on and an English
// stopword list (Orama's lists live in a separate package), and its BM25; default threshold
// 1 (any term may match) and the radix tree's default prefix matching, as Orama ships them.
// Everything here is synchronous: no async components or hooks are configured.
const createDb = () =>
  create({ schema, components: { tokenizer: { language: "english", stemming: true, stopWords: [...ENGLISH_STOPWORDS] } } });
class OramaEngine implements BenchEngine {
  readonly name = "orama";
  #db: Orama<Schema> = createDb();

  build(docs: Parameters<BenchEngine["build"]>[0]): void {
    this.#db = createDb();
    const inserted = insertMultiple(this.#db, docs.map(toPeerDoc), Math.max(1000, docs.length));
    if (inserted instanceof Promise) throw new Error("orama: insertMultiple went async");
  }

  rank(query: string, limit: number) {
    const results = search(this.#db, { term: query, boost: { ...PEER_BOOSTS }, limit });
    if (results instanceof Promise) throw new Error("orama: search went async");
    return results.hits.map((hit) => ({ id: hit.id }));
  }

  serialize(): string {
    return JSON.stringify(save(this.#db));
  }

  load(data: string | Uint8Array): void {
    this.#db = createDb();
    load(this.#db, JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data)) as RawData);
  }
}

export const oramaPeer: EngineFactory = {
  name: "orama",
  description:
    "its English tokenizer with its bundled stemmer and an English stopword list, `search({ term, boost, limit })` with the default threshold (any term) and prefix matching",
  create: () => new OramaEngine(),
};
