import { Charset, Document, Encoder, Resolver } from "flexsearch";
import EnglishEncoderPreset from "flexsearch/lang/en";
import type { BenchEngine, EngineFactory } from "../lib/engine.js";
import { PEER_BOOSTS, PEER_FIELDS, toPeerDoc } from "./fields.js";

// FlexSearch's Document index with its default charset plus its English language pack
// (stopwords, stemmer, contractions) as its documentation recommends for English, and the
// default `strict` (whole-word) tokenizer. `suggest: true` lets a hit match some of the query's words (without it FlexSearch ANDs
// them and a long request finds nothing); field boosts go through FlexSearch's own Resolver,
// which ORs the per-field results with a boost each.
const documentOptions = () => ({
  document: { id: "id", index: [...PEER_FIELDS] },
  // Encoder takes several option objects and merges them in order (its .d.ts declares one).
  encoder: new (Encoder as unknown as new (...options: object[]) => Encoder)(Charset.Default, EnglishEncoderPreset),
});

// FlexSearch's generics do not model untyped documents well; the adapter keeps to the calls
// below.
interface FlexDocument {
  add(doc: object): void;
  export(handler: (key: string, data: string) => void): void;
  import(key: string, data: string): void;
}
type FlexResolver = { or(options: object): FlexResolver; resolve(options: { limit: number }): (string | number)[] };
const ResolverClass = Resolver as unknown as new (options: object) => FlexResolver;
const DocumentClass = Document as unknown as new (options: object) => FlexDocument;

class FlexSearchEngine implements BenchEngine {
  readonly name = "flexsearch";
  #index: FlexDocument = new DocumentClass(documentOptions());

  build(docs: Parameters<BenchEngine["build"]>[0]): void {
    this.#index = new DocumentClass(documentOptions());
    for (const doc of docs) this.#index.add(toPeerDoc(doc));
  }

  rank(query: string, limit: number) {
    const index = this.#index;
    let resolver: FlexResolver | undefined;
    for (const field of PEER_FIELDS) {
      const step = { index, field, query, boost: PEER_BOOSTS[field], suggest: true };
      resolver = resolver === undefined ? new ResolverClass(step) : resolver.or(step);
    }
    return resolver!.resolve({ limit }).map((id) => ({ id: String(id) }));
  }

  serialize(): string {
    const chunks: Record<string, string> = {};
    this.#index.export((key, data) => {
      chunks[key] = data;
    });
    return JSON.stringify(chunks);
  }

  load(data: string | Uint8Array): void {
    const chunks = JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data)) as Record<string, string>;
    this.#index = new DocumentClass(documentOptions());
    for (const [key, value] of Object.entries(chunks)) this.#index.import(key, value);
  }
}

export const flexsearchPeer: EngineFactory = {
  name: "flexsearch",
  description:
    "`Document` index, default charset plus its English language pack (stopwords, stemmer), `strict` tokenizer, one `Resolver` step per field with `boost` and `suggest: true` (OR)",
  create: () => new FlexSearchEngine(),
};
