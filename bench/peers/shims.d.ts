// Minimal types for the peers that ship none; only what the adapters call.

declare module "lunr" {
  namespace lunr {
    interface Token {
      toString(): string;
    }
    interface Builder {
      ref(name: string): void;
      field(name: string, attributes?: { boost?: number }): void;
      add(doc: object): void;
    }
    interface Query {
      term(term: string | Token | Token[], options?: { presence?: number; boost?: number }): Query;
    }
    interface Result {
      ref: string;
      score: number;
    }
    interface Index {
      query(build: (this: Query, query: Query) => void): Result[];
      search(text: string): Result[];
      toJSON(): object;
    }
  }
  interface Lunr {
    (config: (this: lunr.Builder, builder: lunr.Builder) => void): lunr.Index;
    tokenizer(text: string): lunr.Token[];
    Index: { load(serialized: object): lunr.Index };
  }
  const lunr: Lunr;
  export default lunr;
}

declare module "wink-bm25-text-search" {
  interface WinkBm25Engine {
    defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: { k1?: number; b?: number; k?: number } }): boolean;
    definePrepTasks(tasks: ((input: never) => unknown)[], field?: string): number;
    addDoc(doc: Record<string, string>, id: string): number;
    consolidate(precision?: number): boolean;
    search(text: string, limit?: number): [string, number][];
    exportJSON(): string;
    importJSON(json: string): boolean;
  }
  function bm25(): WinkBm25Engine;
  export default bm25;
}

declare module "wink-nlp-utils" {
  const nlp: {
    string: {
      lowerCase(text: string): string;
      tokenize0(text: string): string[];
    };
    tokens: {
      removeWords(tokens: string[]): string[];
      stem(tokens: string[]): string[];
    };
  };
  export default nlp;
}
