import bm25 from "wink-bm25-text-search";
import nlp from "wink-nlp-utils";
import type { BenchEngine, EngineFactory } from "../lib/engine.js";
import { PEER_BOOSTS, PEER_FIELDS, toPeerDoc } from "./fields.js";

// wink-bm25-text-search (BM25F, k1 1.2, b 0.75) with the wink-nlp-utils preparation its
// documentation pairs it with: lower-case, tokenize (splits on non-word characters, so
// `snake_case` stays one token), remove English stopwords, Porter2 stem.
const prepTasks = [nlp.string.lowerCase, nlp.string.tokenize0, nlp.tokens.removeWords, nlp.tokens.stem];

type Engine = ReturnType<typeof bm25>;

function freshEngine(): Engine {
  const engine = bm25();
  engine.defineConfig({ fldWeights: { ...PEER_BOOSTS } });
  engine.definePrepTasks(prepTasks as ((input: never) => unknown)[]);
  return engine;
}

class WinkEngine implements BenchEngine {
  readonly name = "wink-bm25";
  #engine: Engine = freshEngine();
  #searchable = false;

  build(docs: Parameters<BenchEngine["build"]>[0]): void {
    this.#engine = freshEngine();
    for (const doc of docs) {
      const peerDoc = toPeerDoc(doc);
      const fields: Record<string, string> = {};
      for (const field of PEER_FIELDS) fields[field] = peerDoc[field];
      this.#engine.addDoc(fields, peerDoc.id);
    }
    // wink refuses to consolidate fewer than three documents.
    this.#searchable = docs.length >= 3;
    if (this.#searchable) this.#engine.consolidate();
  }

  rank(query: string, limit: number) {
    if (!this.#searchable) return [];
    return this.#engine.search(query, limit).map(([id]) => ({ id }));
  }

  serialize(): string {
    return this.#engine.exportJSON();
  }

  load(data: string | Uint8Array): void {
    const engine = bm25();
    engine.importJSON(typeof data === "string" ? data : new TextDecoder().decode(data));
    engine.definePrepTasks(prepTasks as ((input: never) => unknown)[]);
    this.#engine = engine;
    this.#searchable = true;
  }
}

export const winkPeer: EngineFactory = {
  name: "wink-bm25",
  description:
    "`fldWeights` and wink-nlp-utils prep tasks `lowerCase, tokenize0, removeWords, stem` (Porter2)",
  create: () => new WinkEngine(),
};
