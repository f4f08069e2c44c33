// A deterministic stand-in for an embedding model, for correctness tests and cost benchmarks
// of host vectors (docs/embeddings.md): each word of the text adds ±1 to the dimension its
// FNV-1a hash picks. It costs what any model's vectors of `dims` cost and carries none of
// their meaning.

/** The hashed bag-of-words vector of `text` in `dims` dimensions. */
export function hashedEmbedding(text: string, dims: number): Float32Array {
  const vector = new Float32Array(dims);
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)) {
    let hash = 0x811c9dc5;
    for (let index = 0; index < word.length; index++) hash = Math.imul(hash ^ word.charCodeAt(index), 0x01000193) >>> 0;
    vector[hash % dims] = vector[hash % dims]! + (hash & 0x80000000 ? -1 : 1);
  }
  return vector;
}
