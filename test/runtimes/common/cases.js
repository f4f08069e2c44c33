// The runtime-test cases, shared verbatim by Node, Chromium, workerd and Deno. Plain ES2022
// JavaScript with no imports, so every runtime loads the same bytes without a transform.
// Each runtime passes in the package it resolved (`import * as api from "toolsift"`).

/** Golden file format; bump when the layout below changes. */
export const GOLDEN_FORMAT = 1;

/**
 * Ranker configurations every query runs under. Besides the defaults (plural folding, the
 * default stopwords) they exercise the stemmers without stopwords, custom stopwords with the
 * `first` term selection and a small cap, and non-default weights and BM25 parameters.
 */
export const CONFIGS = [
  { name: "default", options: {} },
  { name: "stem-no-stopwords", options: { analyzer: "stem", stopwords: [] } },
  {
    name: "stopwords-first4",
    options: {
      termSelection: "first",
      maxQueryTerms: 4,
      stopwords: ["the", "a", "an", "of", "to", "in", "on", "for", "and", "with", "в", "и", "的"],
    },
  },
  {
    name: "flat-weights",
    options: { weights: { name: 1, aliases: 1, tags: 1, summary: 1, description: 1, params: 1 }, k1: 2, b: 0.3 },
  },
];

/** One ranker per configuration over the same docs. */
export function buildRankers(api, docs) {
  return new Map(CONFIGS.map((config) => [config.name, new api.Bm25ToolRanker(docs, config.options)]));
}

/** One case: the hits as `[id, score]` pairs, best first. */
export function rankCase(rankers, config, query, limit) {
  const ranker = rankers.get(config);
  if (ranker === undefined) throw new Error(`unknown config ${config}`);
  const hits = ranker.rank(query, limit).map((hit) => [hit.id, hit.score]);
  return { config, query, limit, hits };
}

/** Every configuration × every query, in a fixed order, over rankers built from the docs. */
export function runCases(api, docs, queries) {
  return runCasesWith(buildRankers(api, docs), queries);
}

/** Every configuration × every query, in a fixed order, over given rankers (built or loaded). */
export function runCasesWith(rankers, queries) {
  const results = [];
  for (const config of CONFIGS) {
    for (const { query, limit } of queries) results.push(rankCase(rankers, config.name, query, limit));
  }
  return results;
}

// Index artifacts: built by Node (test/runtimes/artifacts-setup.ts, a vitest globalSetup)
// into test/runtimes/artifacts/<config>.tsi, then loaded by every runtime.

/** Artifact directory, relative to the repository root (gitignored: artifacts carry the core build id). */
export const ARTIFACT_DIR = "test/runtimes/artifacts";

/** File name of one configuration's artifact. */
export function artifactName(config) {
  return `${config}.tsi`;
}

/** One ranker per configuration, loaded with `Bm25ToolRanker.load` from `artifacts` (config name → bytes). */
export function loadRankers(api, artifacts) {
  return new Map(
    CONFIGS.map((config) => {
      const bytes = artifacts.get(config.name);
      if (bytes === undefined) throw new Error(`no artifact for config ${config.name}`);
      return [config.name, api.Bm25ToolRanker.load(bytes)];
    }),
  );
}

/**
 * A copy of an artifact with one byte flipped (xor 0xff) in the middle of its largest section,
 * i.e. inside data the structural checks before the checksum do not look at (not the header,
 * the section table or padding). Returns the copy and the flipped offset.
 */
export function flipArtifactByte(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sectionCount = view.getUint32(40, true);
  // The header and table, and every section, are padded to whole 64-byte checksum blocks.
  const pad = (length) => Math.ceil(length / 64) * 64;
  let at = pad(64 + 8 * sectionCount);
  let best = { start: 0, length: -1 };
  for (let index = 0; index < sectionCount; index++) {
    const length = view.getUint32(64 + 8 * index + 4, true);
    if (length > best.length) best = { start: at, length };
    at += pad(length);
  }
  if (best.length <= 0) throw new Error("artifact has no non-empty section");
  const offset = best.start + (best.length >> 1);
  const copy = bytes.slice();
  copy[offset] ^= 0xff;
  return { bytes: copy, offset };
}

/** What a failed load threw, as plain data every runtime can report (and send over HTTP). */
export function describeError(api, error) {
  return {
    toolsiftError: error instanceof api.ToolsiftError,
    name: error?.name ?? typeof error,
    code: error?.code ?? null,
    message: String(error?.message ?? error),
  };
}

/** Loads a flipped copy of `bytes`: the error as data, or null if the load wrongly succeeded. */
export function loadFlipped(api, bytes) {
  const { bytes: flipped, offset } = flipArtifactByte(bytes);
  try {
    const ranker = api.Bm25ToolRanker.load(flipped);
    return { offset, error: null, loadedDocuments: ranker.size ?? null };
  } catch (error) {
    return { offset, error: describeError(api, error) };
  }
}

// JSON.stringify writes the shortest decimal that round-trips the f64 (ECMA-262
// Number::toString), so JSON text compares scores exactly; -0 is the one value it would lose.
function number(value) {
  return Object.is(value, -0) ? "-0" : JSON.stringify(value);
}

function line(result) {
  const hits = result.hits.map(([id, score]) => `[${JSON.stringify(id)},${number(score)}]`).join(",");
  return `{"config":${JSON.stringify(result.config)},"query":${JSON.stringify(result.query)},"limit":${number(result.limit)},"hits":[${hits}]}`;
}

/** The golden text: a header, then one case per line (readable diffs, exact numbers). */
export function serializeGolden(results, docCount) {
  const header = {
    format: GOLDEN_FORMAT,
    about: "Expected ids and scores of test/fixtures/runtime-queries.json over test/fixtures/runtime-catalogue.json; every runtime must reproduce this file byte for byte. Regenerate with `npm run test:update-golden` only when a ranking change is intended.",
    documents: docCount,
    configs: CONFIGS,
  };
  const head = JSON.stringify(header).slice(0, -1);
  return `${head},"results":[\n${results.map(line).join(",\n")}\n]}\n`;
}

/** Null when equal; otherwise a message naming the differing cases (the first few in full). */
export function goldenDifference(actual, expected) {
  if (actual === expected) return null;
  const actualLines = actual.split("\n");
  const expectedLines = expected.split("\n");
  const count = Math.max(actualLines.length, expectedLines.length);
  const differing = [];
  for (let index = 0; index < count; index++) {
    if (actualLines[index] !== expectedLines[index]) differing.push(index);
  }
  const shown = differing.slice(0, 5).map((index) =>
    [
      `line ${index + 1}:`,
      `  expected: ${expectedLines[index] ?? "<missing>"}`,
      `  actual:   ${actualLines[index] ?? "<missing>"}`,
    ].join("\n"),
  );
  return [
    `golden mismatch: ${differing.length} of ${expectedLines.length} lines differ (actual has ${actualLines.length}); first at line ${differing[0] + 1}`,
    ...shown,
  ].join("\n");
}

// The smallest module using simd128: one function returning `v128.const 0`.
const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12, ...new Array(16).fill(0), 11];

/**
 * This runtime's simd128 check: whether it validates a simd128 module (`probe`), and whether
 * `core`, the packaged module compiled here, is the SIMD build (its SIMD_BUILD export, 1) and
 * runs (an instance's vector scan, SIMD code, gives the dot product 1·3 + 2·4 = 11).
 */
export function simdCheck(core) {
  let probe;
  try {
    probe = WebAssembly.validate(new Uint8Array(SIMD_PROBE));
  } catch (error) {
    probe = String(error);
  }
  const exports = new WebAssembly.Instance(core, { env: { memory: new WebAssembly.Memory({ initial: 1 }) } }).exports;
  const block = exports.prepareVectors(1, 2);
  new Int8Array(exports.memory.buffer, block, 32).set([1, 2, ...new Array(14).fill(0), 3, 4]);
  exports.scanVectors();
  return { probe, simdBuild: exports.SIMD_BUILD.value, dot: new Int32Array(exports.memory.buffer, block + 32, 1)[0] };
}
