// `toolsift learn` and the annotations `eval --hints` applies: learned or shipped host
// annotations, read and written as plain JSON (DESIGN.md "Command line and package entries").
// With --config the catalogue is the gateway's: its servers started and their approved tools
// taken, trusted as the config says (docs/gateway.md "Learning from the gateway's traffic").
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { catalogueDocs } from "../../catalogue/index.js";
import { Bm25ToolRanker } from "../../core/index.js";
import { ToolsiftError } from "../../errors.js";
import { parseQueries, type EvalFold } from "../../eval/index.js";
import { annotationsOf } from "../../hints/file.js";
import { LEARN_DEFAULTS, learnHints, usesFromJournal, type ToolUse } from "../../learn/index.js";
import { parseGatewayJournal } from "../../mcp/replay.js";
import { toolSearchDocs } from "../../trust/tool-docs.js";
import type { Catalogue, ToolAnnotations, TrustJsonSchemaText } from "../../trust/tool-definition.js";
import { UsageError, parseCommand, positiveInteger, rankerOptions } from "../args.js";
import { MAX_INPUT_FLAG, MAX_INPUT_OPTION, packageVersion, readBounded, readJson, reason, writeOutput, type Limits } from "../files.js";
import type { Output } from "../output.js";
import { loadGateway, notReady, readConfig, warningsTo } from "./mcp.js";

/** What the learn command reads its inputs with, under one run's bounds (eval --hints too). */
export interface LearnContext {
  readonly readJson: (path: string, what: string, problem?: { code?: "invalid_catalogue" | "invalid_queries" }) => Promise<unknown>;
  readonly readText: (path: string, what: string) => Promise<string>;
  readonly positiveInteger: (value: string | undefined, fallback: number, name: string) => number;
  readonly rankerOptions: (values: { analyzer?: string | undefined }) => { analyzer?: "plural" | "stem" };
  readonly options: Record<string, { type: "string" }>;
}

/** The context for one run's input bounds. */
export function learnContext(limits: Limits): LearnContext {
  return {
    readJson: (path, what, problem) => readJson(path, what, limits, problem),
    readText: async (path, what) => new TextDecoder().decode(await readBounded(path, { what, maxBytes: limits.jsonBytes })),
    positiveInteger,
    rankerOptions,
    options: { analyzer: { type: "string" }, ...MAX_INPUT_OPTION },
  };
}

// --max-input-bytes before the command parses its arguments (learn reads its inputs through the context).
export function maxInputBytes(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === MAX_INPUT_FLAG) return args[index + 1];
    if (arg.startsWith(`${MAX_INPUT_FLAG}=`)) return arg.slice(MAX_INPUT_FLAG.length + 1);
  }
  return undefined;
}

// --served-rank: 0 (every use teaches) to 100, as `learnHints` takes it.
function servedRankOf(value: string | undefined): number {
  if (value === undefined) return LEARN_DEFAULTS.servedRank;
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number > 100) throw new UsageError(`--served-rank must be an integer from 0 to 100, got ${value}`);
  return number;
}

// The most journal files --journals reads from one folder.
const MAX_JOURNAL_FILES = 10_000;

/**
 * `--hints <file|mcp>`: an annotations file, a hints file (`toolsift hints write`, told apart by
 * its `format`), or the shipped MCP hints (any servers present).
 */
export async function readHints(value: string, context: LearnContext, out: Output): Promise<ToolAnnotations> {
  if (value === "mcp") {
    const { MCP_HINT_SERVERS, mcpHints } = await import("../../hints/mcp.js");
    if (MCP_HINT_SERVERS.length === 0) out.note("toolsift: warning: this build carries no MCP hints; --hints mcp changes nothing");
    return mcpHints();
  }
  const json = await context.readJson(value, "annotations file");
  return annotationsOf(json, value);
}

async function journalUses(folder: string, context: LearnContext): Promise<ToolUse[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith(".jsonl")).sort();
  } catch (cause) {
    throw new ToolsiftError("file_unreadable", `cannot read journal folder ${folder}: ${reason(cause)}`, { path: [folder], cause });
  }
  if (names.length === 0) throw new ToolsiftError("invalid_journal", `journal folder ${folder} has no .jsonl files`, { path: [folder] });
  if (names.length > MAX_JOURNAL_FILES) throw new ToolsiftError("input_too_large", `journal folder ${folder} has more than ${MAX_JOURNAL_FILES} .jsonl files`, { path: [folder] });
  const uses: ToolUse[] = [];
  for (const name of names) {
    const file = join(folder, name);
    // A session's journal, or the gateway's (its records between its own lines).
    uses.push(...usesFromJournal(parseGatewayJournal(await context.readText(file, "journal"), file).records));
  }
  return uses;
}

// The operator's catalogue file, as eval --tools indexes it, without hints.
async function fileCatalogue(path: string, values: { analyzer?: string | undefined }, context: LearnContext): Promise<LearnCatalogue> {
  const tools = await context.readJson(path, "catalogue");
  return { tools: tools as Catalogue, ranker: new Bm25ToolRanker(catalogueDocs(tools), context.rankerOptions(values)) };
}

/** What `learnHints` learns against: the tools, whose text is vouched for, and the index of them. */
interface LearnCatalogue {
  readonly tools: Catalogue;
  readonly trustJsonSchemaText?: TrustJsonSchemaText;
  readonly ranker: Bm25ToolRanker;
}

// The gateway's catalogue, as its sessions index it: the config's servers started (as `demo
// --config` does), their approved tools, vouched for by the config's `trust`, without hints.
// Not the journals' catalogue lines: those are what a session saw then, and say nothing of
// what is approved and trusted now, which is what the hints will be served to.
async function gatewayCatalogue(path: string, out: Output): Promise<LearnCatalogue> {
  const gateway = await loadGateway();
  const config = await readConfig(gateway, path);
  const upstreams = new gateway.Gateway(config, { stderr: "ignore", onWarning: warningsTo(out), version: await packageVersion() });
  try {
    await upstreams.start();
    const down = notReady(upstreams.servers());
    if (down !== "") out.note(`toolsift: warning: uses of these servers' tools are not learned${down}`);
    const tools = [...upstreams.tools().values()].map((tool) => tool.definition);
    if (tools.length === 0) throw new ToolsiftError("empty_catalogue", `the servers of ${path} list no approved tools to learn for (toolsift mcp status shows the quarantined ones)`, { path: [path] });
    const trusted = upstreams.trustedPrefixes();
    return { tools, trustJsonSchemaText: trusted, ranker: new Bm25ToolRanker(toolSearchDocs(tools, { trustJsonSchemaText: trusted })) };
  } finally {
    await upstreams.close();
  }
}

/** `toolsift learn (--tools T | --config servers.json) (--queries Q [--fold F] | --journals DIR) -o hints.json`. */
export async function commandLearn(args: string[], out: Output, context: LearnContext): Promise<number> {
  const { values } = parseCommand("learn", {
    args,
    options: {
      tools: { type: "string" },
      config: { type: "string" },
      queries: { type: "string" },
      journals: { type: "string" },
      fold: { type: "string" },
      output: { type: "string", short: "o" },
      "min-support": { type: "string" },
      "max-per-tool": { type: "string" },
      "served-rank": { type: "string" },
      "learn-unvouched": { type: "boolean" },
      ...context.options,
    },
  });
  if ((values.tools === undefined) === (values.config === undefined) || values.output === undefined || (values.queries === undefined) === (values.journals === undefined)) {
    throw new UsageError("learn needs one of --tools <tools.json> or --config <servers.json>, one of --queries <queries.json> or --journals <folder>, and -o <hints.json>");
  }
  const analyzer = (values as { analyzer?: string }).analyzer;
  if (values.config !== undefined && analyzer !== undefined) throw new UsageError("--analyzer does not go with --config: the gateway indexes with the default analyzer");
  if (values.fold !== undefined && values.fold !== "dev" && values.fold !== "test") throw new UsageError(`--fold must be dev or test, got ${values.fold}`);
  if (values.fold !== undefined && values.queries === undefined) throw new UsageError("--fold selects queries of --queries; a journal has no folds");
  const minSupport = context.positiveInteger(values["min-support"] as string | undefined, LEARN_DEFAULTS.minSupport, "min-support");
  const maxPerTool = context.positiveInteger(values["max-per-tool"] as string | undefined, LEARN_DEFAULTS.maxPerTool, "max-per-tool");
  const servedRank = servedRankOf(values["served-rank"] as string | undefined);
  let uses: ToolUse[];
  if (values.queries !== undefined) {
    const fold = (values.fold ?? "dev") as EvalFold;
    const json = await context.readJson(values.queries, "queries file", { code: "invalid_queries" });
    const queries = parseQueries(json).filter((entry) => (entry.fold ?? "test") === fold);
    if (queries.length === 0) throw new ToolsiftError("invalid_option", `${values.queries} has no ${fold}-fold queries to learn from`, { path: [values.queries, "fold"] });
    uses = queries.flatMap((entry) => entry.relevant.map((tool) => ({ request: entry.query, tool })));
  } else {
    uses = await journalUses(values.journals!, context);
  }
  // After the uses: a bad journal is said before any server is started.
  const catalogue = values.config === undefined ? await fileCatalogue(values.tools!, { analyzer }, context) : await gatewayCatalogue(values.config, out);
  // The index analyzes the words, and says which uses it already served (servedRank).
  const { tools, trustJsonSchemaText, ranker } = catalogue;
  const learnUnvouched = values["learn-unvouched"] === true;
  const annotations = learnHints(uses, { analyzer: ranker, ranker, tools, minSupport, maxPerTool, servedRank, learnUnvouched, ...(trustJsonSchemaText === undefined ? {} : { trustJsonSchemaText }) });
  const words = Object.values(annotations).reduce((sum, entry) => sum + (entry.aliases?.length ?? 0) + (entry.tags?.length ?? 0), 0);
  await writeOutput(values.output, new TextEncoder().encode(`${JSON.stringify(annotations, null, 2)}\n`), "annotations file");
  out.line(`learned ${values.output}: ${words} words for ${Object.keys(annotations).length} tools from ${uses.length} uses`);
  return 0;
}
