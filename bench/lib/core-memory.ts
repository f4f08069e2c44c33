/**
 * Runs `call` while recording the `WebAssembly.Memory` of every instance created in it, so a
 * benchmark can read the linear memory of the core behind an index without the library
 * exposing it (each toolsift index owns one core instance, DESIGN.md "Boundary ABI").
 * `WebAssembly.Instance` is swapped for a recording subclass for the duration of the call
 * only; this is for benchmarks, never for library code.
 *
 * @example
 * const { result: ranker, memories } = recordInstanceMemories(() => new Bm25ToolRanker(docs));
 * memories.at(-1)!.buffer.byteLength; // the core's linear memory, in bytes
 */
export function recordInstanceMemories<T>(call: () => T): { result: T; memories: WebAssembly.Memory[] } {
  const memories: WebAssembly.Memory[] = [];
  const Original = WebAssembly.Instance;
  class Recording extends Original {
    constructor(module: WebAssembly.Module, imports?: WebAssembly.Imports) {
      super(module, imports);
      const memory = this.exports.memory;
      if (memory instanceof WebAssembly.Memory) memories.push(memory);
    }
  }
  WebAssembly.Instance = Recording;
  try {
    return { result: call(), memories };
  } finally {
    WebAssembly.Instance = Original;
  }
}
