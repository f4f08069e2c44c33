import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { floodRates, floodTools, type FloodKind, type FloodRates } from "../bench/lib/flood.js";
import { parseQueries, type EvalQuery } from "../src/eval/index.js";
import { mcpHints } from "../src/hints/mcp.js";
import { init } from "../src/index.js";
import type { ToolDefinition } from "../src/trust/index.js";

// Flooding (docs/trust.md "Flooding"): a server's tools named after common tasks, 10% of the
// MCP catalogue's size, against the catalogue as un-vouched tools (names only). With the MCP
// hints on the benign tools the flood must rarely be first, and less often than without
// them. The small version of bench/flooding.ts: English requests, both folds, one seed.
const ROOT = new URL("../", import.meta.url);
const FLOOD_SHARE = 0.1;
const SEED = 1;
const MAX_FIRST_WITH_HINTS = 0.02;

let catalogue: ToolDefinition[];
let requests: EvalQuery[];

beforeAll(async () => {
  await init();
  catalogue = JSON.parse(readFileSync(new URL("data/mcp-catalogue.json", ROOT), "utf8")) as ToolDefinition[];
  requests = parseQueries(readFileSync(new URL("test/fixtures/queries-en.json", ROOT), "utf8"));
});

const shown = (rates: FloodRates) => `first ${(100 * rates.first).toFixed(1)}%, top 5 ${(100 * rates.top5).toFixed(1)}%`;

describe("a flood of task-named tools against names-only tools", () => {
  for (const kind of ["unvouched", "vouched-assertive"] as const satisfies readonly FloodKind[]) {
    it(`${kind}: with the MCP hints first on ≤ ${100 * MAX_FIRST_WITH_HINTS}% of requests, and less often than without`, () => {
      const flood = floodTools(catalogue, Math.round(FLOOD_SHARE * catalogue.length), SEED, kind);
      const without = floodRates(catalogue, flood, requests);
      const withHints = floodRates(catalogue, flood, requests, mcpHints());
      expect(withHints.first, `with hints ${shown(withHints)}; without ${shown(without)}`).toBeLessThanOrEqual(MAX_FIRST_WITH_HINTS);
      expect(withHints.first, `with hints ${shown(withHints)}; without ${shown(without)}`).toBeLessThan(without.first);
    });
  }
});
