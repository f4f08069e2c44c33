// The `toolsift` command line (issue: build once, load anywhere, evaluate on real benchmarks).
// Exit codes: 0 ok, 1 usage, 2 bad input (DESIGN.md "Command line").
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { catalogueDocs } from "../catalogue/index.js";
import { ARTIFACT_MAGIC } from "../core/artifact.js";
import { Bm25ToolRanker, type HitExplanation, type ScoredHit } from "../core/index.js";
import { init } from "../entry/node.js";
import { ToolsiftError } from "../errors.js";
import { evaluate, parseQueries, type EvalFold } from "../eval/index.js";
import { Output, type Streams } from "./output.js";

export const EXIT_OK = 0;
export const EXIT_USAGE = 1;
export const EXIT_BAD_INPUT = 2;

const USAGE = `toolsift — tool search for LLM agents

Usage:
  toolsift build <catalogue.json> -o <index.tsi>
  toolsift query <index.tsi | catalogue.json> "<query>" [--limit N] [--explain] [--json]
  toolsift eval --tools <tools.json> --queries <queries.json> [--fold dev|test] [--lang xx] [--limit 10] [--json]
  toolsift inspect <index.tsi>
  toolsift demo ["<query>" ...]          search the embedded MCP catalogue (2,464 tools)

Options for build, query and eval: --analyzer plural|stem

Exit codes: 0 ok, 1 usage, 2 bad input.`;

class UsageError extends Error {}

async function readJson(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    throw new ToolsiftError("invalid_catalogue", `cannot read ${what} ${path}: ${(cause as Error).message}`, { cause });
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ToolsiftError("invalid_catalogue", `${what} ${path} is not valid JSON: ${(cause as Error).message}`, { cause });
  }
}

function rankerOptions(values: { analyzer?: string | undefined }): { analyzer?: "plural" | "stem" } {
  if (values.analyzer === undefined) return {};
  if (values.analyzer !== "plural" && values.analyzer !== "stem") throw new UsageError(`--analyzer must be plural or stem, got ${values.analyzer}`);
  return { analyzer: values.analyzer };
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new UsageError(`--${name} must be a positive integer, got ${value}`);
  return number;
}

async function openRanker(path: string, options: { analyzer?: "plural" | "stem" }): Promise<Bm25ToolRanker> {
  const bytes = await readFile(path).catch((cause: Error) => {
    throw new ToolsiftError("invalid_catalogue", `cannot read ${path}: ${cause.message}`, { cause });
  });
  const isArtifact = ARTIFACT_MAGIC.every((byte, index) => bytes[index] === byte);
  if (isArtifact) return Bm25ToolRanker.load(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), Object.keys(options).length > 0 ? options : undefined);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch (cause) {
    throw new ToolsiftError("invalid_catalogue", `${path} is neither an index artifact nor valid JSON: ${(cause as Error).message}`, { cause });
  }
  return new Bm25ToolRanker(catalogueDocs(json), options);
}

function printHits(out: Output, ranker: Bm25ToolRanker, query: string, limit: number, explain: boolean, json: boolean, micros: number): void {
  // The verdict and, when no term scores, the name fallback (DESIGN.md "No confident match").
  const found = ranker.search(query, limit);
  const hits: readonly (ScoredHit & { terms?: HitExplanation["terms"]; match?: string })[] =
    explain && !found.fallback ? ranker.explain(query, limit) : found.hits;
  const terms = ranker.queryTerms(query);
  if (json) {
    out.line(JSON.stringify({ query, terms, confident: found.confident, fallback: found.fallback, hits }));
    return;
  }
  out.line(`${out.bold(query)}  ${out.dim(`terms: ${terms.join(" ")} · ${micros.toFixed(0)} µs`)}`);
  if (hits.length === 0) out.line(out.dim("  no tool matched"));
  else if (found.fallback) out.line(out.dim("  no tool matched the words of the query; these tools' names contain part of it:"));
  else if (!found.confident) out.line(out.dim("  no confident match; the closest tools:"));
  hits.forEach((hit, index) => {
    out.line(`${String(index + 1).padStart(3)}. ${hit.id}  ${out.dim(hit.score.toFixed(3))}`);
    if (hit.terms !== undefined) {
      for (const term of hit.terms) {
        const fields = Object.entries(term.fields)
          .filter(([, value]) => value > 0)
          .map(([field, value]) => `${field} ${value.toFixed(3)}`)
          .join(", ");
        out.line(out.dim(`       ${term.term}: ${term.score.toFixed(3)} (${fields})`));
      }
    }
  });
}

async function commandBuild(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { output: { type: "string", short: "o" }, analyzer: { type: "string" } } });
  if (positionals.length !== 1 || values.output === undefined) throw new UsageError("build needs <catalogue.json> and -o <index.tsi>");
  const docs = catalogueDocs(await readJson(positionals[0]!, "catalogue"));
  const started = performance.now();
  const onProgress = out.progress("build");
  const ranker = new Bm25ToolRanker(docs, rankerOptions(values), onProgress === undefined ? {} : { onProgress });
  const bytes = ranker.serialize();
  const elapsed = performance.now() - started;
  await writeFile(values.output, bytes);
  out.line(`built ${values.output}: ${ranker.size} tools, ${ranker.termCount} terms, ${bytes.length} bytes in ${elapsed.toFixed(1)} ms`);
  return EXIT_OK;
}

async function commandQuery(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { limit: { type: "string" }, explain: { type: "boolean" }, json: { type: "boolean" }, analyzer: { type: "string" } },
  });
  if (positionals.length !== 2) throw new UsageError('query needs <index.tsi | catalogue.json> and "<query>"');
  const ranker = await openRanker(positionals[0]!, rankerOptions(values));
  const query = positionals[1]!;
  const limit = positiveInteger(values.limit, 10, "limit");
  const started = performance.now();
  ranker.rank(query, limit);
  printHits(out, ranker, query, limit, values.explain ?? false, values.json ?? false, (performance.now() - started) * 1000);
  return EXIT_OK;
}

async function commandEval(args: string[], out: Output): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      tools: { type: "string" },
      queries: { type: "string" },
      fold: { type: "string" },
      lang: { type: "string" },
      limit: { type: "string" },
      json: { type: "boolean" },
      analyzer: { type: "string" },
    },
  });
  if (values.tools === undefined || values.queries === undefined) throw new UsageError("eval needs --tools <tools.json> and --queries <queries.json>");
  if (values.fold !== undefined && values.fold !== "dev" && values.fold !== "test") throw new UsageError(`--fold must be dev or test, got ${values.fold}`);
  const ranker = await openRanker(values.tools, rankerOptions(values));
  const queries = parseQueries(await readJson(values.queries, "queries file"));
  const onProgress = out.progress("eval");
  const metrics = evaluate(ranker, queries, {
    ...(values.fold === undefined ? {} : { fold: values.fold as EvalFold }),
    ...(values.lang === undefined ? {} : { lang: values.lang }),
    limit: positiveInteger(values.limit, 10, "limit"),
    ...(onProgress === undefined ? {} : { onProgress }),
  });
  if (values.json) {
    out.line(JSON.stringify(metrics));
    return EXIT_OK;
  }
  for (const [key, value] of Object.entries(metrics)) out.line(`${key.padEnd(10)} ${key === "queries" ? value : value.toFixed(4)}`);
  return EXIT_OK;
}

async function commandInspect(args: string[], out: Output): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError("inspect needs <index.tsi>");
  const { inspectArtifact } = await import("../core/artifact.js");
  const bytes = await readFile(positionals[0]!);
  const ranker = await openRanker(positionals[0]!, {});
  const report = inspectArtifact(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  out.line(out.bold("header"));
  for (const [key, value] of Object.entries(report.header)) out.line(`  ${key.padEnd(18)} ${value}`);
  out.line(out.bold("options"));
  const { stopwords, lexicon } = ranker.options;
  const lexiconSummary = lexicon === false ? false : `${Object.keys(lexicon).length} entries`;
  out.line(`  ${JSON.stringify({ ...ranker.options, stopwords: `${stopwords.length} entries`, lexicon: lexiconSummary })}`);
  out.line(out.bold("sections"));
  for (const section of report.sections) out.line(`  ${section.name.padEnd(18)} ${String(section.bytes).padStart(10)} bytes`);
  out.line(out.bold("top terms (documents)"));
  for (const term of ranker.topTerms(20)) out.line(`  ${term.term.padEnd(18)} ${term.documents}`);
  return EXIT_OK;
}

async function commandDemo(args: string[], out: Output): Promise<number> {
  const { embeddedCatalogue } = await import("./embedded.js");
  const started = performance.now();
  const ranker = new Bm25ToolRanker(catalogueDocs(await embeddedCatalogue()));
  out.line(out.dim(`indexed ${ranker.size} MCP tools (${ranker.termCount} terms) in ${(performance.now() - started).toFixed(0)} ms`));
  const queries = args.length > 0 ? args : ["create a pull request on github", "browserOpen", "take a screenshot of the page", "создай задачу в трекере", "发送邮件给团队", "what's the weather tomorrow"];
  for (const query of queries) {
    const begin = performance.now();
    ranker.rank(query, 5);
    printHits(out, ranker, query, 5, false, false, (performance.now() - begin) * 1000);
    out.line();
  }
  return EXIT_OK;
}

/** Runs the CLI with `args` (without the node and script paths); resolves to the exit code. */
export async function main(args: readonly string[], streams: Streams): Promise<number> {
  const out = new Output(streams);
  const [command, ...rest] = args;
  try {
    if (command === undefined || command === "help" || command === "--help" || command === "-h") {
      out.line(USAGE);
      return command === undefined ? EXIT_USAGE : EXIT_OK;
    }
    await init();
    switch (command) {
      case "build": return await commandBuild(rest, out);
      case "query": return await commandQuery(rest, out);
      case "eval": return await commandEval(rest, out);
      case "inspect": return await commandInspect(rest, out);
      case "demo": return await commandDemo(rest, out);
      default: throw new UsageError(`unknown command ${command}`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      out.note(`toolsift: ${(error as Error).message}\n\n${USAGE}`);
      return EXIT_USAGE;
    }
    if (error instanceof ToolsiftError) {
      out.note(`toolsift: ${error.code}: ${error.message}`);
      return EXIT_BAD_INPUT;
    }
    throw error;
  }
}
