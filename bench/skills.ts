// The skills benchmark: a session over the MCP catalogue's 2,464 tools plus 10,000 generated
// skills with discovery "both" (tools and skills in one BM25F index, built at the first
// search), against today's tool-only session (no skillActivation), in the same run and
// interleaved session by session, so both see the same moments of a shared machine.
// Measured: the first search of a session (it builds the index), steady-state search
// p50/p99 over the English queries of test/fixtures, and skillIndex().
//
//   npx tsx bench/skills.ts [--skills 10000] [--sessions 10] [--out bench/skills.md]
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createToolSearchSession, init, type ToolSearchSession } from "../src/index.js";
import { skillActivation } from "../src/skills/index.js";
import type { SkillDefinition } from "../src/trust/skill-docs.js";
import type { ToolDefinition } from "../src/trust/tool-definition.js";
import { MCP_CATALOGUE_FILE, repoRoot } from "./lib/datasets.js";
import {
  argument,
  formatMicros,
  formatMillis,
  formatRatio,
  latencyStats,
  markdownTable,
  median,
  runEnvironment,
  seededRandom,
  shuffled,
  timeEach,
  timeOnce,
  writeText,
  type LatencyStats,
} from "./lib/harness.js";

const skillCount = Number(argument("skills") ?? 10_000);
// Timed sessions per mode, after one untimed warm-up session each (JIT, the core's memory).
const sessions = Number(argument("sessions") ?? 10);
const out = argument("out") ?? path.join(repoRoot, "bench", "skills.md");

// The session's ceilings: every session runs 200 searches and may load 200 tools, so the
// steady state is searches with a menu that fills as it goes, the same in both modes.
const SESSION_CAPS = { maxSearches: 200, maxLoaded: 200 };

const tools = JSON.parse(readFileSync(MCP_CATALOGUE_FILE, "utf8")) as (ToolDefinition & { id: string; server: string })[];
const queries = shuffled((JSON.parse(readFileSync(path.join(repoRoot, "test", "fixtures", "queries-en.json"), "utf8")) as { query: string }[]).map((entry) => entry.query));

/**
 * `count` skills, the same every run: ids `skill-00042-<word>-<word>`, descriptions of 6–14
 * words drawn from the catalogue's descriptions (as often as they occur there, so common
 * words stay common), two server names as tags, two catalogue tools each.
 */
function generateSkills(count: number, seed = 0x5c11): SkillDefinition[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const words: string[] = [];
  for (const tool of tools) {
    for (const word of String(tool.description ?? "").toLowerCase().match(/[a-z]{3,}/g) ?? []) words.push(word);
  }
  const servers = [...new Set(tools.map((tool) => tool.server))];
  const skills: SkillDefinition[] = [];
  for (let i = 0; i < count; i++) {
    const length = 6 + Math.floor(random() * 9);
    const description = Array.from({ length }, () => pick(words)).join(" ");
    const first = description.split(" ", 2);
    skills.push({
      // Words cut to 20 letters: an id is at most 64 characters.
      id: `skill-${String(i).padStart(5, "0")}-${first[0]!.slice(0, 20)}-${first[1]!.slice(0, 20)}`,
      description: `${description[0]!.toUpperCase()}${description.slice(1)}.`,
      instructions: `1. ${pick(words)} the ${pick(words)}.\n2. ${pick(words)} the ${pick(words)}.`,
      tags: [pick(servers), pick(servers)],
      tools: [pick(tools).id, pick(tools).id],
    });
  }
  return skills;
}

await init();
const skills = generateSkills(skillCount);
// Validated once and shared by the sessions, as a host would (the engine holds no run state).
const engine = skillActivation({ catalogue: skills, discovery: "both" });

type Mode = "tools" | "both";
const MODES: readonly Mode[] = ["tools", "both"];

function newSession(mode: Mode, runId: string): ToolSearchSession {
  return createToolSearchSession({
    runId,
    onWarning: () => {},
    toolSearch: { catalogue: tools, trustJsonSchemaText: true, ...SESSION_CAPS },
    ...(mode === "both" ? { skillActivation: engine } : {}),
  });
}

const search = (session: ToolSearchSession, turn: number, query: string) =>
  session.handleToolCall({ turn, index: 0, name: "search_tools", input: { query } });

interface ModeFigures {
  createMs: number[];
  firstMs: number[];
  steadyNs: number[];
  indexFirstMs: number[];
  index?: LatencyStats;
}
const figures: Record<Mode, ModeFigures> = {
  tools: { createMs: [], firstMs: [], steadyNs: [], indexFirstMs: [] },
  both: { createMs: [], firstMs: [], steadyNs: [], indexFirstMs: [] },
};

// One session: created, its skillIndex() read once, then every search timed; the first is
// the index build. `keep` false for the warm-up session.
function runSession(mode: Mode, run: number, keep: boolean): void {
  const created = timeOnce(() => newSession(mode, `${mode}-${run}`));
  const session = created.result;
  const index = timeOnce(() => session.skillIndex());
  const first = timeOnce(() => search(session, 0, queries[run % queries.length]!));
  if (first.result.kind !== "search" || first.result.source === "refused") throw new Error(`${mode}: the first search was refused`);
  const steady: number[] = [];
  for (let turn = 1; turn < SESSION_CAPS.maxSearches; turn++) {
    const query = queries[(run + turn) % queries.length]!;
    const start = process.hrtime.bigint();
    const outcome = search(session, turn, query);
    steady.push(Number(process.hrtime.bigint() - start));
    // A refused search costs next to nothing and would flatter the figures.
    if (outcome.kind !== "search" || outcome.source === "refused") throw new Error(`${mode}: search ${turn} was refused`);
  }
  if (!keep) return;
  const target = figures[mode];
  target.createMs.push(created.ms);
  target.indexFirstMs.push(index.ms);
  target.firstMs.push(first.ms);
  target.steadyNs.push(...steady);
  // skillIndex() again in the last session, many times: the text is fixed for the run.
  if (run === sessions) target.index = timeEach([0], () => session.skillIndex(), { budgetMs: 300, maxSamples: 2000 });
}

const loadBefore = os.loadavg();
console.error(`${tools.length} tools, ${skills.length} generated skills, ${queries.length} English queries, ${sessions} sessions per mode × ${SESSION_CAPS.maxSearches} searches`);
for (const mode of MODES) runSession(mode, 0, false);
for (let run = 1; run <= sessions; run++) {
  // Alternate which mode goes first, so neither always follows the other's garbage.
  for (const mode of run % 2 === 0 ? MODES : [...MODES].reverse()) runSession(mode, run, true);
}
const environment = runEnvironment(loadBefore);

const rows = MODES.map((mode) => {
  const target = figures[mode];
  const steady = latencyStats(target.steadyNs);
  return { mode, create: median(target.createMs), first: median(target.firstMs), steady, indexFirst: median(target.indexFirstMs), index: target.index! };
});
const [toolsOnly, both] = [rows[0]!, rows[1]!];
const label: Record<Mode, string> = { tools: "tools only (no skillActivation)", both: `tools + ${skills.length.toLocaleString("en")} skills, discovery "both"` };

const table = markdownTable(
  ["session", "docs in the index", "create", "first search (builds the index)", "steady p50", "steady p99", "steady samples", "skillIndex() first", "skillIndex() p50"],
  rows.map((row) => [
    label[row.mode],
    (row.mode === "both" ? tools.length + skills.length : tools.length).toLocaleString("en"),
    formatMillis(row.create),
    formatMillis(row.first),
    formatMicros(row.steady.p50),
    formatMicros(row.steady.p99),
    String(row.steady.samples),
    formatMillis(row.indexFirst),
    formatMicros(row.index.p50),
  ]),
);
const ratios =
  `With skills: first search ${formatRatio(both.first, toolsOnly.first)}, steady p50 ${formatRatio(both.steady.p50, toolsOnly.steady.p50)}, ` +
  `p99 ${formatRatio(both.steady.p99, toolsOnly.steady.p99)} the tool-only session's.`;

const report = [
  "# Skills benchmark",
  "",
  `\`npm run bench:skills\` (\`tsx bench/skills.ts\`): the MCP catalogue's ${tools.length.toLocaleString("en")} tools, with and without`,
  `${skills.length.toLocaleString("en")} generated skills (discovery "both": one BM25F index of tools and skills, built at a`,
  `session's first search). ${sessions} sessions per mode after one warm-up each, interleaved; each runs`,
  `${SESSION_CAPS.maxSearches} searches (the session's ceiling) over the ${queries.length} English queries of \`test/fixtures/queries-en.json\`.`,
  "Create, first search and the first skillIndex() are medians over the sessions; steady p50/p99 pool every",
  "later search; skillIndex() p50 is repeated calls in one session (a tool-only session's is empty).",
  "",
  table,
  ratios,
  "",
  `Node ${environment.node}, ${environment.cpu} (${environment.cores} cores), load average ${environment.loadAverageBefore.join(" ")} before, ${environment.loadAverageAfter.join(" ")} after.`,
  "",
].join("\n");
writeText(out, report);
console.log(report);
