// Host vectors (docs/embeddings.md): quantized to int8 here, scanned flat by the core
// (`prepareVectors`, `scanVectors`), fused with BM25F by a small convex weight.
import { ToolsiftError } from "../errors.js";
import { corrupt } from "./artifact-layout.js";
import type { CoreMemory } from "./memory.js";

/**
 * Tool vectors a host computed with its own model, given to a build (`new Bm25ToolRanker(docs,
 * options, { vectors })`): `dims` values per tool, `get(id)` each tool's vector (any scale; only
 * its direction counts). Every tool needs one.
 */
export interface HostVectors {
  readonly dims: number;
  get(id: string): ArrayLike<number> | undefined;
}

/** The widest vector a host may store (assembly/search/vectors.ts). */
export const MAX_VECTOR_DIMS = 4096;

/**
 * Defaults of the vector fusion (docs/embeddings.md "Fusion"): a hit's fused score is
 * `(1 − w) × bm25 / best + w × max(0, cosine)`, where `best` is the query's best BM25F score and
 * `w` grows from `confident` (the best hit reached the confidence floor) to `unsure` (no hit
 * scored) as the best score falls below the floor. Each 0–1; 0 and 0 give BM25F exactly.
 * Not tuned on a real model (none can be measured here): a host tunes them on its own dev set.
 * `depth`: hits each side brings to the fusion, 1–1000, default 50.
 */
export const VECTOR_FUSION_DEFAULTS = Object.freeze({ confident: 0.1, unsure: 0.3, depth: 50 });

/** The fusion weights of one search. */
export interface VectorWeights {
  readonly confident?: number;
  readonly unsure?: number;
}

function vectorError(message: string, path: readonly (string | number)[]): never {
  throw new ToolsiftError("invalid_vector", message, { path: [...path] });
}

/** `values` as `dims` finite numbers, or an `invalid_vector` error at `path`. */
export function checkedVector(values: unknown, dims: number, path: readonly (string | number)[]): ArrayLike<number> {
  const length = (values as { length?: unknown } | null | undefined)?.length;
  if (typeof values !== "object" || values === null || length !== dims) {
    vectorError(`a vector must hold ${dims} numbers, got ${typeof length === "number" ? length : typeof values}`, path);
  }
  const vector = values as ArrayLike<unknown>;
  for (let index = 0; index < dims; index++) {
    const value = vector[index];
    if (typeof value !== "number" || !Number.isFinite(value)) vectorError(`vector value ${index} must be a finite number, got ${String(value)}`, [...path, index]);
  }
  return vector as ArrayLike<number>;
}

/**
 * Quantizes `vector` into `row` (int8, scaled by its largest magnitude) → the factor that makes
 * a dot product of two rows their cosine: `1 / |row|` (0 for a zero vector).
 */
function quantize(vector: ArrayLike<number>, row: Int8Array): number {
  let largest = 0;
  for (let index = 0; index < row.length; index++) largest = Math.max(largest, Math.abs(vector[index]!));
  if (largest === 0) {
    row.fill(0);
    return 0;
  }
  let squares = 0;
  for (let index = 0; index < row.length; index++) {
    const value = Math.round((127 * vector[index]!) / largest);
    row[index] = value;
    squares += value * value;
  }
  return Math.fround(1 / Math.sqrt(squares));
}

/** A check of the fusion weights at the edge: each a number from 0 to 1. */
export function resolveVectorWeights(weights: VectorWeights | undefined): { confident: number; unsure: number } {
  const confident = weights?.confident ?? VECTOR_FUSION_DEFAULTS.confident;
  const unsure = weights?.unsure ?? VECTOR_FUSION_DEFAULTS.unsure;
  for (const [name, value] of [["confident", confident], ["unsure", unsure]] as const) {
    if (!(typeof value === "number" && value >= 0 && value <= 1)) {
      throw new ToolsiftError("invalid_option", `vectorWeights.${name} must be a number from 0 to 1, got ${String(value)}`, { path: ["vectorWeights", name] });
    }
  }
  return { confident, unsure };
}

/** The weight of the vectors for a query whose best BM25F score is `best` against its confidence `floor`. */
export function fusionWeight(best: number, floor: number, weights: { confident: number; unsure: number }): number {
  if (best >= floor) return weights.confident;
  const shortfall = floor > 0 ? 1 - best / floor : 1;
  return weights.confident + (weights.unsure - weights.confident) * shortfall;
}

/**
 * One index's host vectors in its core: int8 rows in the core's vector block, one f32 factor a
 * tool on the host. The section it serializes to: u32 dimensions, the factors, the rows
 * (unpadded), so a load gives back the same bytes.
 */
export class VectorIndex {
  readonly dims: number;
  readonly #memory: CoreMemory;
  readonly #factors: Float32Array;
  readonly #block: number;
  readonly #stride: number;

  private constructor(memory: CoreMemory, dims: number, factors: Float32Array) {
    const block = memory.core.prepareVectors(factors.length, dims);
    if (block === 0) vectorError(`vectors of ${dims} dimensions for ${factors.length} tools do not fit`, ["dims"]);
    this.dims = dims;
    this.#memory = memory;
    this.#factors = factors;
    this.#block = block;
    this.#stride = (dims + 15) & ~15;
  }

  #row(document: number): Int8Array {
    const bytes = this.#memory.bytes(this.#block + document * this.#stride, this.dims);
    return new Int8Array(bytes.buffer, bytes.byteOffset, this.dims);
  }

  /** Quantizes a host's vectors for the tools `ids` (document order) into `memory`'s core. */
  static build(memory: CoreMemory, ids: readonly string[], vectors: HostVectors): VectorIndex {
    const dims = vectors?.dims;
    if (!(Number.isInteger(dims) && dims >= 1 && dims <= MAX_VECTOR_DIMS)) vectorError(`vectors.dims must be an integer from 1 to ${MAX_VECTOR_DIMS}`, ["dims"]);
    const index = new VectorIndex(memory, dims, new Float32Array(ids.length));
    ids.forEach((id, document) => {
      const vector = checkedVector(vectors.get(id), dims, [id]);
      index.#factors[document] = quantize(vector, index.#row(document));
    });
    return index;
  }

  /** Restores a stored vector section for `count` tools (an `artifact_corrupt` error when it does not fit them). */
  static restore(memory: CoreMemory, section: Uint8Array, count: number): VectorIndex {
    const view = new DataView(section.buffer, section.byteOffset, section.byteLength);
    const dims = section.length >= 4 ? view.getUint32(0, true) : 0;
    if (dims < 1 || dims > MAX_VECTOR_DIMS || section.length !== 4 + 4 * count + count * dims) corrupt("vector section size");
    const factors = new Float32Array(count);
    for (let document = 0; document < count; document++) {
      const factor = view.getFloat32(4 + 4 * document, true);
      if (!(factor >= 0 && factor <= 1)) corrupt("vector factor", 4 + 4 * document);
      factors[document] = factor;
    }
    const index = new VectorIndex(memory, dims, factors);
    const rows = section.subarray(4 + 4 * count);
    // Rows of whole 16-byte lanes (384, 768, 1024 dimensions…) are stored as the core holds them: one copy.
    if (index.#stride === dims) index.#memory.bytes(index.#block, rows.length).set(rows);
    else for (let document = 0; document < count; document++) index.#row(document).set(rows.subarray(document * dims, (document + 1) * dims));
    return index;
  }

  /** The artifact section (see the class). */
  encode(): Uint8Array {
    const count = this.#factors.length;
    const out = new Uint8Array(4 + 4 * count + count * this.dims);
    const view = new DataView(out.buffer);
    view.setUint32(0, this.dims, true);
    this.#factors.forEach((factor, document) => view.setFloat32(4 + 4 * document, factor, true));
    if (this.#stride === this.dims) out.set(this.#memory.bytes(this.#block, count * this.dims), 4 + 4 * count);
    else for (let document = 0; document < count; document++) out.set(this.#memory.bytes(this.#block + document * this.#stride, this.dims), 4 + 4 * count + document * this.dims);
    return out;
  }

  /** Every tool's cosine with `query` (checked by the caller), in document order. */
  cosines(query: ArrayLike<number>): Float64Array {
    const count = this.#factors.length;
    const queryFactor = quantize(query, this.#row(count));
    this.#memory.core.scanVectors();
    const dots = this.#memory.int32View(this.#block + (count + 1) * this.#stride, count);
    const cosines = new Float64Array(count);
    for (let document = 0; document < count; document++) cosines[document] = dots[document]! * this.#factors[document]! * queryFactor;
    return cosines;
  }
}

/** The `depth` documents of highest cosine (above 0), best first, ties by document number. */
export function nearestDocuments(cosines: Float64Array, depth: number): number[] {
  const best: number[] = [];
  for (let document = 0; document < cosines.length; document++) {
    const cosine = cosines[document]!;
    if (cosine <= 0 || (best.length === depth && cosine <= cosines[best[depth - 1]!]!)) continue;
    let at = best.length === depth ? depth - 1 : best.length;
    while (at > 0 && cosines[best[at - 1]!]! < cosine) at--;
    best.splice(at, 0, document);
    if (best.length > depth) best.pop();
  }
  return best;
}
