// `toolsift learn` and the annotations `eval --hints` applies: learned or shipped host
// annotations, read and written as plain JSON (DESIGN.md "Command line and package entries").
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { catalogueDocs } from "../../catalogue/index.js";
import { Bm25ToolRanker } from "../../core/index.js";
import { ToolsiftError } from "../../errors.js";
import { parseQueries, type EvalFold } from "../../eval/index.js";
import { journalFromJsonLines } from "../../journal/jsonl.js";
import { checkAnnotations } from "../../learn/annotations.js";
import { LEARN_DEFAULTS, learnHints, usesFromJournal, type ToolUse } from "../../learn/index.js";
import type { Catalogue, ToolAnnotations } from "../../trust/tool-definition.js";
import { UsageError, parseCommand, positiveInteger, rankerOptions } from "../args.js";
import { MAX_INPUT_FLAG, MAX_INPUT_OPTION, readBounded, readJson, reason, writeOutput, type Limits } from "../files.js";
import type { Output } from "../output.js";

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

/** `--hints <file|mcp>`: an annotations file, or the shipped MCP hints (any servers present). */
export async function readHints(value: string, context: LearnContext, out: Output): Promise<ToolAnnotations> {
  if (value === "mcp") {
    const { MCP_HINT_SERVERS, mcpHints } = await import("../../hints/mcp.js");
    if (MCP_HINT_SERVERS.length === 0) out.note("toolsift: warning: this build carries no MCP hints; --hints mcp changes nothing");
    return mcpHints();
  }
  return checkAnnotations(await context.readJson(value, "annotations file"), value);
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
    const text = await context.readText(file, "journal");
    try {
      uses.push(...usesFromJournal(journalFromJsonLines(text).records()));
    } catch (cause) {
      if (cause instanceof ToolsiftError) throw new ToolsiftError(cause.code, `${file}: ${cause.message}`, { path: [file, ...cause.path], cause });
      throw cause;
    }
  }
  return uses;
}

/** `toolsift learn --tools T (--queries Q [--fold F] | --journals DIR) -o hints.json`. */
export async function commandLearn(args: string[], out: Output, context: LearnContext): Promise<number> {
  const { values } = parseCommand("learn", {
    args,
    options: {
      tools: { type: "string" },
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
  if (values.tools === undefined || values.output === undefined || (values.queries === undefined) === (values.journals === undefined)) {
    throw new UsageError("learn needs --tools <tools.json>, one of --queries <queries.json> or --journals <folder>, and -o <hints.json>");
  }
  if (values.fold !== undefined && values.fold !== "dev" && values.fold !== "test") throw new UsageError(`--fold must be dev or test, got ${values.fold}`);
  if (values.fold !== undefined && values.queries === undefined) throw new UsageError("--fold selects queries of --queries; a journal has no folds");
  const minSupport = context.positiveInteger(values["min-support"] as string | undefined, LEARN_DEFAULTS.minSupport, "min-support");
  const maxPerTool = context.positiveInteger(values["max-per-tool"] as string | undefined, LEARN_DEFAULTS.maxPerTool, "max-per-tool");
  const servedRank = servedRankOf(values["served-rank"] as string | undefined);
  const tools = await context.readJson(values.tools, "catalogue");
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
  // The catalogue as eval --tools indexes it, without hints: it analyzes the words, and says
  // which uses it already served (servedRank).
  const ranker = new Bm25ToolRanker(catalogueDocs(tools), context.rankerOptions(values as { analyzer?: string }));
  const learnUnvouched = values["learn-unvouched"] === true;
  const annotations = learnHints(uses, { analyzer: ranker, ranker, tools: tools as Catalogue, minSupport, maxPerTool, servedRank, learnUnvouched });
  const words = Object.values(annotations).reduce((sum, entry) => sum + (entry.aliases?.length ?? 0) + (entry.tags?.length ?? 0), 0);
  await writeOutput(values.output, new TextEncoder().encode(`${JSON.stringify(annotations, null, 2)}\n`), "annotations file");
  out.line(`learned ${values.output}: ${words} words for ${Object.keys(annotations).length} tools from ${uses.length} uses`);
  return 0;
}
