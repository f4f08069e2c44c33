// What `loadUnconfident: false` (docs/scoring.md "Holding unconfident matches") does to the
// searches of the labelled MCP request sets (test/fixtures/queries-{en,ru,zh}.json, dev folds
// only) against the embedded MCP catalogue, without and with the MCP hints as annotations:
// how many searches load tools today and how many the option holds (loads avoided), and, of
// the held ones, how often a labelled tool was among the hits it held (the cost: the model
// must select it by name or search again). Each request is one `search_tools` call of a fresh
// session (the gateway's maxPerSearch, 5), once with each setting. Writes bench/confident.md.
//
//   npx tsx bench/confident.ts
import path from "node:path";
import { Bm25ToolRanker, CONFIDENCE_DEFAULTS, createToolSearchSession, init } from "../src/index.js";
import { mcpHints } from "../src/hints/mcp.js";
import type { SearchToolsResult } from "../src/session/results.js";
import { toolSearchDocs, type ToolAnnotations, type ToolDefinition } from "../src/trust/index.js";
import { loadCatalogue, loadRepoQueries, repoRoot } from "./lib/datasets.js";
import { writeText } from "./lib/harness.js";

const SETS = ["queries-en", "queries-ru", "queries-zh"];
const PAGE = 5;

interface Row {
  variant: string;
  set: string;
  searches: number;
  /** Searches that load at least one tool today, and the tools they load. */
  loading: number;
  toolsLoaded: number;
  /** Searches the option holds (nothing loaded), and the tools they would have loaded. */
  held: number;
  toolsHeld: number;
  /** Held searches with a labelled tool among their hits, and with one first. */
  heldRight: number;
  heldRightFirst: number;
  /** Held searches whose note names at least one word. */
  heldNamed: number;
  /** Searches that still load, with a labelled tool among what they load. */
  loadedRight: number;
}

interface Variant {
  readonly name: string;
  readonly tools: readonly ToolDefinition[];
  readonly annotations?: ToolAnnotations;
}

function searchOnce(variant: Variant, ranker: Bm25ToolRanker, query: string, loadUnconfident: boolean): { tools: SearchToolsResult["tools"]; note: string; added: readonly string[] } {
  const { tools, annotations } = variant;
  const session = createToolSearchSession({ toolSearch: { catalogue: tools, ...(annotations === undefined ? {} : { annotations }), ranker, maxPerSearch: PAGE, loadUnconfident } });
  const outcome = session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: { query, limit: PAGE } });
  if (outcome.kind !== "search") throw new Error(`not a search: ${outcome.kind}`);
  if (!("tools" in outcome.result)) throw new Error(`search refused: ${JSON.stringify(outcome.result)}`);
  return { tools: outcome.result.tools, note: outcome.result.note ?? "", added: outcome.added };
}

await init();
const catalogue = loadCatalogue("mcp-catalogue");
if (!catalogue.ok) throw new Error(catalogue.reason);
// Vouched for (`trust: true` in servers.json: descriptions indexed) or third-party (the
// gateway's default: names and annotations only), each without and with the hints.
const vouched: ToolDefinition[] = catalogue.value.map((doc) => ({ ...doc }));
const remote: ToolDefinition[] = catalogue.value.map((doc) => ({ ...doc, origin: "remote" }));
const hints = mcpHints();
const variants: Variant[] = [
  { name: "vouched", tools: vouched },
  { name: "vouched + MCP hints", tools: vouched, annotations: hints },
  { name: "third-party", tools: remote },
  { name: "third-party + MCP hints", tools: remote, annotations: hints },
];
const rows: Row[] = [];
for (const variant of variants) {
  // One index, shared by every session of the variant, built from the docs a session makes.
  const ranker = new Bm25ToolRanker(toolSearchDocs(variant.tools, variant.annotations === undefined ? {} : { annotations: variant.annotations }));
  for (const set of SETS) {
    const loaded = loadRepoQueries(`test/fixtures/${set}.json`);
    if (!loaded.ok) throw new Error(loaded.reason);
    const row: Row = { variant: variant.name, set: set.replace("queries-", ""), searches: 0, loading: 0, toolsLoaded: 0, held: 0, toolsHeld: 0, heldRight: 0, heldRightFirst: 0, heldNamed: 0, loadedRight: 0 };
    for (const entry of loaded.value.filter((query) => query.fold === "dev")) {
      const relevant = new Set(entry.relevant);
      const today = searchOnce(variant, ranker, entry.query, true);
      const option = searchOnce(variant, ranker, entry.query, false);
      const names = today.tools.map((tool) => tool.name);
      if (JSON.stringify(option.tools.map((tool) => tool.name)) !== JSON.stringify(names)) throw new Error(`the option changed the hits of ${JSON.stringify(entry.query)}`);
      row.searches++;
      if (today.added.length > 0) row.loading++;
      row.toolsLoaded += today.added.length;
      if (option.added.length < today.added.length) {
        row.held++;
        row.toolsHeld += today.added.length - option.added.length;
        if (names.some((name) => relevant.has(name))) row.heldRight++;
        if (names.length > 0 && relevant.has(names[0]!)) row.heldRightFirst++;
        if (option.note.includes("No tool matches:")) row.heldNamed++;
      } else if (option.added.some((name) => relevant.has(name))) {
        row.loadedRight++;
      }
    }
    rows.push(row);
    console.error(`${row.variant} ${row.set}: ${row.searches} searches, ${row.loading} load today, ${row.held} held (${row.heldRight} with a labelled tool among the hits)`);
  }
}

// The same dev requests under other floors (the ranker's `floor` option; the session's default
// is CONFIDENCE_DEFAULTS.floor): held searches and, of them, those with a labelled tool in the top 5.
const FLOORS = [0.4, 0.5, 0.6, 0.7];
const sweep: { variant: string; floor: number; held: number; right: number; searches: number }[] = [];
for (const variant of variants) {
  const ranker = new Bm25ToolRanker(toolSearchDocs(variant.tools, variant.annotations === undefined ? {} : { annotations: variant.annotations }));
  const requests = SETS.flatMap((set) => {
    const loaded = loadRepoQueries(`test/fixtures/${set}.json`);
    return loaded.ok ? loaded.value.filter((query) => query.fold === "dev") : [];
  });
  for (const floor of FLOORS) {
    const entry = { variant: variant.name, floor, held: 0, right: 0, searches: requests.length };
    for (const request of requests) {
      const { hits, confident } = ranker.search(request.query, PAGE, { floor });
      if (confident || hits.length === 0) continue;
      entry.held++;
      if (hits.some((hit) => request.relevant.includes(hit.id))) entry.right++;
    }
    sweep.push(entry);
  }
}

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)}%`);
const total = (variant: string): Row => {
  const sum: Row = { variant, set: "all", searches: 0, loading: 0, toolsLoaded: 0, held: 0, toolsHeld: 0, heldRight: 0, heldRightFirst: 0, heldNamed: 0, loadedRight: 0 };
  for (const row of rows.filter((entry) => entry.variant === variant)) {
    for (const key of Object.keys(sum) as (keyof Row)[]) if (typeof sum[key] === "number") (sum[key] as number) += row[key] as number;
  }
  return sum;
};
const table = [...variants.flatMap((variant) => [...rows.filter((row) => row.variant === variant.name), total(variant.name)])];
const lines = [
  "# Holding unconfident matches on the MCP dev sets",
  "",
  `Generated by \`npx tsx bench/confident.ts\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}. The dev folds of test/fixtures/queries-{en,ru,zh}.json against the embedded MCP catalogue (${catalogue.value.length} tools), default ranker, one \`search_tools\` call (limit ${PAGE}) of a fresh session each, with \`loadUnconfident\` true (today) and false. "MCP hints": \`mcpHints()\` as annotations.`,
  "",
  "Every request of these sets has a labelled tool, so a held search is never a request no tool answers: a held search whose hits hold no labelled tool is a load avoided at no cost, and one whose hits hold one is the cost (the model must select it by name or search again).",
  "",
  "| variant | set | searches | load today | tools loaded | held (loads avoided) | tools not loaded | held with a labelled tool in its hits | … first | held naming a word | still loading, with a labelled tool |",
  "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...table.map(
    (row) =>
      `| ${row.variant} | ${row.set} | ${row.searches} | ${row.loading} | ${row.toolsLoaded} | ${row.held} (${percent(row.held, row.loading)}) | ${row.toolsHeld} (${percent(row.toolsHeld, row.toolsLoaded)}) | ${row.heldRight} (${percent(row.heldRight, row.held)}) | ${row.heldRightFirst} | ${row.heldNamed} | ${row.loadedRight} (${percent(row.loadedRight, row.loading - row.held)}) |`,
  ),
  "",
  `Held searches at other confidence floors (\`search(query, ${PAGE}, { floor })\`, share ${CONFIDENCE_DEFAULTS.share}; the default floor is ${CONFIDENCE_DEFAULTS.floor}), all three sets: held / with a labelled tool in the top ${PAGE}.`,
  "",
  `| variant | ${FLOORS.map((floor) => `floor ${floor}`).join(" | ")} |`,
  `|---|${FLOORS.map(() => "---:").join("|")}|`,
  ...variants.map((variant) => `| ${variant.name} | ${FLOORS.map((floor) => sweep.find((entry) => entry.variant === variant.name && entry.floor === floor)!).map((entry) => `${entry.held} / ${entry.right}`).join(" | ")} |`),
  "",
];
writeText(path.join(repoRoot, "bench/confident.md"), lines.join("\n"));
console.log(lines.join("\n"));
