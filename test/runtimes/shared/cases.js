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

/** Every configuration × every query, in a fixed order. */
export function runCases(api, docs, queries) {
  const rankers = buildRankers(api, docs);
  const results = [];
  for (const config of CONFIGS) {
    for (const { query, limit } of queries) results.push(rankCase(rankers, config.name, query, limit));
  }
  return results;
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
