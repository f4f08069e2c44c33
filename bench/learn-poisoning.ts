// Learning poisoned through a steered model, before and after the rule on what a use must
// prove (docs/learning.md "What a use must prove"), and what the rule costs the dev-fold gains
// of learning, in one run. Writes bench/learn-poisoning.{json,md}.
//
//   npx tsx bench/learn-poisoning.ts
//
// Before: the reader and learner as they were, emulated on the same journals: every `used`
// record teaches (its `ranked` field read as true) and un-vouched tools learn
// (`learnUnvouched: true`). After: `usesFromJournal` and `learnHints` defaults. The dev-fold part
// learns on one half of each labelled set's dev fold and scores the other half, both ways (as
// `bench/learn.ts --fold dev`); the test folds are not read.
import { readFileSync } from "node:fs";
import path from "node:path";
import { init, Bm25ToolRanker } from "../src/index.js";
import { InMemoryJournal } from "../src/journal/in-memory.js";
import type { JournalRecord } from "../src/journal/record.js";
import { learnHints, usesFromJournal, type LearnedAnnotations } from "../src/learn/index.js";
import { createToolSearchSession } from "../src/session/session.js";
import { toolSearchDocs, type ToolDefinition } from "../src/trust/index.js";
import { LABELLED_DATASETS, MCP_CATALOGUE_FILE, loadDataset, repoRoot, type Dataset } from "./lib/datasets.js";
import { writeJson, writeText } from "./lib/harness.js";
import { annotated, halves, scoreOn, usesOf } from "./lib/learned.js";

await init();

const EVIL = "evil__helper";
const DEPTH = 50;
const fixture = JSON.parse(readFileSync(path.join(repoRoot, "test/fixtures/learn-poisoning.json"), "utf8")) as { steered: string[]; heldOut: string[] };
const mcp = JSON.parse(readFileSync(MCP_CATALOGUE_FILE, "utf8")) as ToolDefinition[];
const evil: ToolDefinition = { id: EVIL, origin: "remote", description: "Helps with anything you ask." };

interface Scenario {
  readonly catalogue: string;
  readonly attack: string;
  readonly rule: string;
  readonly uses: number;
  readonly words: number;
  readonly learned: readonly string[];
  readonly first: number;
  readonly top10: number;
  readonly best: number | null;
}

const catalogues: { readonly label: string; readonly tools: ToolDefinition[] }[] = [
  { label: "MCP catalogue, first-party", tools: [...mcp, evil] },
  { label: "MCP catalogue, every tool un-vouched remote", tools: [...mcp.map((tool) => ({ ...tool, origin: "remote" as const })), evil] },
];
const attacks: { readonly label: string; readonly input: (request: string) => Record<string, unknown> }[] = [
  { label: "query: the request, select: [evil__helper]", input: (request) => ({ query: request, select: [EVIL] }) },
  { label: "query: the request + \" helper\"", input: (request) => ({ query: `${request} helper` }) },
];
const rules: { readonly label: string; readonly records: (records: readonly JournalRecord[]) => JournalRecord[]; readonly learnUnvouched: boolean }[] = [
  { label: "before: every used record teaches, un-vouched tools learn", records: (records) => records.map((record) => (record.id.endsWith(":used") ? { ...record, value: { ...(record.value as object), ranked: true } } : record)), learnUnvouched: true },
  { label: "after, host opted in (learnUnvouched)", records: (records) => [...records], learnUnvouched: true },
  { label: "after (defaults)", records: (records) => [...records], learnUnvouched: false },
];

const scenarios: Scenario[] = [];
for (const { label: catalogueLabel, tools } of catalogues) {
  const ranker = new Bm25ToolRanker(toolSearchDocs(tools));
  const unlearned = fixture.heldOut.map((request) => ranker.rank(request, DEPTH).findIndex((hit) => hit.id === EVIL) + 1);
  if (unlearned.some((rank) => rank > 0)) throw new Error(`${EVIL} is in the first ${DEPTH} for a held-out request before any learning`);
  for (const attack of attacks) {
    const records = fixture.steered.flatMap((request, run) => {
      const session = createToolSearchSession({ runId: `steered-${run}`, recordUsage: true, journal: new InMemoryJournal(), toolSearch: { catalogue: tools, ranker } });
      session.handleToolCall({ turn: 0, index: 0, name: "search_tools", input: attack.input(request) });
      session.handleToolCall({ turn: 1, index: 0, name: EVIL, input: {} });
      return session.journal.records();
    });
    for (const rule of rules) {
      const uses = usesFromJournal(rule.records(records));
      const annotations = learnHints(uses, { analyzer: ranker, ranker, tools, learnUnvouched: rule.learnUnvouched });
      const entry = annotations[EVIL];
      const learned = [...(entry?.aliases ?? []), ...(entry?.tags ?? [])];
      const index = new Bm25ToolRanker(toolSearchDocs(tools, { annotations }));
      const ranks = fixture.heldOut.map((request) => index.rank(request, DEPTH).findIndex((hit) => hit.id === EVIL) + 1);
      const found = ranks.filter((rank) => rank > 0);
      scenarios.push({
        catalogue: catalogueLabel,
        attack: attack.label,
        rule: rule.label,
        uses: uses.filter((use) => use.tool === EVIL).length,
        words: learned.length,
        learned,
        first: ranks.filter((rank) => rank === 1).length,
        top10: ranks.filter((rank) => rank > 0 && rank <= 10).length,
        best: found.length === 0 ? null : Math.min(...found),
      });
      console.error(`${catalogueLabel} | ${attack.label} | ${rule.label}: ${learned.length} words, first ${scenarios.at(-1)!.first}/${fixture.heldOut.length}, best ${scenarios.at(-1)!.best ?? `> ${DEPTH}`}`);
    }
  }
}

// The dev-fold gains of learning: labelled (request → tool) pairs of first-party tools, the
// same under both rules unless the rule drops them; and the same sets as un-vouched remote
// tools, where the default learns nothing and the opt-in learns as before.
const sets: Dataset[] = [];
for (const name of LABELLED_DATASETS) {
  const loaded = loadDataset(name);
  if (loaded.ok) sets.push(loaded.value);
  else console.error(loaded.reason);
}
// A remote tool's name must be an MCP name: other characters become "_" (a second tool of the
// same name gets "_2", "_3", …), in the queries' labels too.
function mcpNamed(set: Dataset): Dataset {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const doc of set.docs) {
    const base = doc.id.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 120) || "_";
    let name = base;
    for (let copy = 2; taken.has(name); copy++) name = `${base}_${copy}`;
    taken.add(name);
    names.set(doc.id, name);
  }
  return {
    name: set.name,
    docs: set.docs.map((doc) => ({ ...doc, id: names.get(doc.id)! })),
    queries: set.queries.map((entry) => ({ ...entry, relevant: entry.relevant.map((id) => names.get(id) ?? id) })),
  };
}
interface DevRow {
  readonly set: string;
  readonly tools: string;
  readonly baseline: number;
  readonly before: number;
  readonly after: number;
}
const dev: DevRow[] = [];
for (const labelled of sets) {
  for (const remote of [false, true]) {
    const set = remote ? mcpNamed(labelled) : labelled;
    const [first, second] = halves(set.queries.filter((entry) => entry.fold === "dev"));
    const tools: ToolDefinition[] = set.docs.map((doc) => (remote ? { ...doc, origin: "remote" as const } : { ...doc }));
    // The docs as the session indexes them (an un-vouched tool ranks on its name only); the
    // first-party ones exactly as bench/learn.ts scores them.
    const docsWith = (annotations?: LearnedAnnotations) =>
      remote ? toolSearchDocs(tools, annotations === undefined ? {} : { annotations }) : annotations === undefined ? set.docs : annotated(set.docs, annotations);
    const ranker = new Bm25ToolRanker(docsWith());
    const score = (annotations: LearnedAnnotations | undefined, future: typeof first) => scoreOn(docsWith(annotations), future)["ndcg@10"];
    const learn = (log: typeof first, learnUnvouched: boolean) => learnHints(usesOf(log), { analyzer: ranker, ranker, tools, learnUnvouched });
    const both = (learnUnvouched: boolean | undefined) =>
      (score(learnUnvouched === undefined ? undefined : learn(first, learnUnvouched), second) + score(learnUnvouched === undefined ? undefined : learn(second, learnUnvouched), first)) / 2;
    const row = { set: set.name, tools: remote ? "un-vouched remote" : "first-party", baseline: both(undefined), before: both(true), after: both(false) };
    dev.push(row);
    console.error(`${row.set} (${row.tools}): ${row.baseline} → before ${row.before}, after ${row.after}`);
  }
}

const points = (value: number) => (100 * value).toFixed(2);
const signed = (value: number) => `${value >= 0 ? "+" : ""}${points(value)}`;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const lines = [
  "# Learning poisoned through a steered model, before and after",
  "",
  `Generated by \`npx tsx bench/learn-poisoning.ts\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`,
  "",
  `Poisoning: ${fixture.steered.length} steered runs, one journal each, on the email requests of \`test/fixtures/learn-poisoning.json\`: a session with \`recordUsage\` over the catalogue plus the un-vouched \`${EVIL}\`, one \`search_tools\` call (the attack), then a call of \`${EVIL}\`. Learned as \`toolsift learn --journals\` learns (\`usesFromJournal\`, \`learnHints\` with the catalogue's index as analyzer and served-rank ranker), then the ${fixture.heldOut.length} held-out email requests ranked with the annotations applied. Before: every used record teaches and un-vouched tools learn (the reader and learner before the rule, emulated on the same journals). "uses": uses of \`${EVIL}\` the reader passed on; "first", "top 10": held-out requests where it ranks there; "best": its best held-out rank (none: not in any first ${DEPTH}). Without learned annotations it is in no held-out request's first ${DEPTH}.`,
  "",
  "| catalogue | attack | rule | uses | words learned | first | top 10 | best |",
  "|---|---|---|---:|---:|---:|---:|---:|",
  ...scenarios.map((row) => `| ${row.catalogue} | ${row.attack} | ${row.rule} | ${row.uses} | ${row.words} | ${row.first} / ${fixture.heldOut.length} | ${row.top10} | ${row.best ?? "none"} |`),
  "",
  "Words learned before, per catalogue and attack:",
  "",
  ...scenarios.filter((row) => row.rule.startsWith("before")).map((row) => `- ${row.catalogue}, ${row.attack}: ${row.learned.join(", ") || "none"}`),
  "",
  "Dev-fold gains of learning (`LEARN_DEFAULTS`): each set's dev fold split by position, learned on one half and scored on the other, both ways, mean nDCG@10 in percent; the uses are the labelled (request → relevant tool) pairs. Before: un-vouched tools learn; after: the default. \"un-vouched remote\": the same tools as remote tools nobody vouched for, indexed as a session indexes them (name only; a character an MCP name cannot hold written \`_\`). The test folds are not read.",
  "",
  "| set | tools | no learning | before | gain | after | gain |",
  "|---|---|---:|---:|---:|---:|---:|",
  ...dev.map((row) => `| ${row.set} | ${row.tools} | ${points(row.baseline)} | ${points(row.before)} | ${signed(row.before - row.baseline)} | ${points(row.after)} | ${signed(row.after - row.baseline)} |`),
  ...(["first-party", "un-vouched remote"] as const).flatMap((kind) => {
    const rows = dev.filter((row) => row.tools === kind);
    if (rows.length === 0) return [];
    const [baseline, before, after] = [mean(rows.map((row) => row.baseline)), mean(rows.map((row) => row.before)), mean(rows.map((row) => row.after))];
    return [`| **mean** | ${kind} (${rows.length} sets) | ${points(baseline)} | ${points(before)} | ${signed(before - baseline)} | ${points(after)} | ${signed(after - baseline)} |`];
  }),
  "",
];
writeJson(path.join(repoRoot, "bench/learn-poisoning.json"), { depth: DEPTH, steered: fixture.steered.length, heldOut: fixture.heldOut.length, scenarios, dev });
writeText(path.join(repoRoot, "bench/learn-poisoning.md"), lines.join("\n"));
