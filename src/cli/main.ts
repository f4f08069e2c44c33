// The `toolsift` command line: build once, load anywhere, evaluate on real benchmarks.
// Exit codes: 0 ok, 1 usage, 2 bad input, 70 internal error (DESIGN.md "Command line and package entries").
import { catalogueDocs } from "../catalogue/index.js";
import { toolSearchDocs } from "../trust/tool-docs.js";
import type { ToolAnnotations } from "../trust/tool-definition.js";
import { ARTIFACT_MAGIC } from "../core/artifact.js";
import { Bm25ToolRanker, type HitExplanation, type ScoredHit } from "../core/index.js";
import { init } from "../entry/node.js";
import { ToolsiftError } from "../errors.js";
import { evaluateDetailed, parseQueries, type EvalFold } from "../eval/index.js";
import { nearest, parseCommand, UsageError } from "./args.js";
import { inputLimits, MAX_INPUT_FLAG, packageVersion, parseJsonBytes, readBounded, reason, writeOutput, type JsonProblem, type Limits } from "./files.js";
import { commandLearn, readHints, type LearnContext } from "./learn.js";
import { Output, visible, type Streams } from "./output.js";

export const EXIT_OK = 0;
export const EXIT_USAGE = 1;
export const EXIT_BAD_INPUT = 2;
/** A bug, not the user's input: sysexits' EX_SOFTWARE. */
export const EXIT_INTERNAL = 70;

const USAGE = `toolsift — tool search for LLM agents

Usage:
  toolsift build <catalogue.json> -o <index.tsi>
  toolsift query <index.tsi | catalogue.json> "<query>" [--limit N] [--explain] [--json]
  toolsift eval --tools <tools.json> --queries <queries.json> [--fold dev|test] [--lang xx] [--limit 10] [--json] [--strict]
                [--hints <hints.json> | --hints mcp]
  toolsift learn --tools <tools.json> (--queries <queries.json> [--fold dev] | --journals <folder>)
                 -o <hints.json> [--min-support 2] [--max-per-tool 32] [--served-rank 1] [--learn-unvouched]
  toolsift inspect <index.tsi>
  toolsift demo ["<query>" ...]          search the embedded MCP catalogue (2,464 tools)
  toolsift demo --config <servers.json> ["<query>" ...]   search your MCP servers' tools
  toolsift mcp --config <servers.json> [--http PORT]   one MCP server in front of all of them
               with --http: [--host 127.0.0.1] [--token-file <file>] [--allow-host <name>]...
               [--allow-origin <origin>]... [--idle-timeout 1800] [--max-sessions 64]
  toolsift mcp approve <server> [tool] [--pin <sha256>] | status
  toolsift mcp replay <journal> [--config <servers.json>]   (docs/gateway.md)
  toolsift --version

learn writes host annotations { "<tool id>": { aliases, tags } }: the request words that
distinguish each tool, from a labelled queries file (its dev fold by default) or from the
used records of session journals (*.jsonl). eval --hints applies such a file, or with "mcp"
the MCP catalogue's shipped hints; annotations change ranking only.

mcp --http serves Streamable HTTP at /mcp. Every request needs Authorization: Bearer <token>
(from --token-file, else TOOLSIFT_MCP_TOKEN, else generated and printed once at start) and a
Host of localhost, 127.0.0.1, [::1] or an --allow-host name; a browser Origin is answered only
when given with --allow-origin (scheme://host:port). --host 0.0.0.0 binds every interface: the
token and both lists still apply. Sessions idle for --idle-timeout seconds are closed; at most
--max-sessions are open at once.

Options for build, query, eval and learn: --analyzer plural|stem
Options for build, query, eval and inspect: --max-input-bytes N (also 64K, 512M, 2G)
  the most bytes read from any one input file; by default 256 MiB for an index
  artifact and 128 MiB for a JSON catalogue or queries file, at most 4G

eval warns about relevant ids that are not tools of the catalogue; --strict makes
that an error (exit 2), as a --fold or --lang that selects no query always is.

Exit codes: 0 ok, 1 usage, 2 bad input (the message names the file), 70 internal error
(a bug: set TOOLSIFT_DEBUG=1 for the stack).`;

const COMMANDS = ["build", "query", "eval", "learn", "inspect", "demo", "mcp"] as const;

const MAX_INPUT_OPTION = { "max-input-bytes": { type: "string" } } as const;

async function readJson(path: string, what: string, limits: Limits, problem: JsonProblem = {}): Promise<unknown> {
  return parseJsonBytes(await readBounded(path, { what, maxBytes: limits.jsonBytes }), path, what, problem);
}

function hasMagic(bytes: Uint8Array): boolean {
  return ARTIFACT_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** An artifact or a JSON catalogue, each under its own bound, told apart by the first bytes. */
async function readIndexOrCatalogue(path: string, limits: Limits): Promise<Uint8Array> {
  return readBounded(path, {
    what: "index or catalogue",
    maxBytes: Math.max(limits.artifactBytes, limits.jsonBytes),
    headBytes: ARTIFACT_MAGIC.length,
    sniff: (head) => (hasMagic(head) ? { what: "index", maxBytes: limits.artifactBytes } : { what: "catalogue", maxBytes: limits.jsonBytes }),
  });
}

function notAnArtifact(path: string, detail: string): ToolsiftError {
  return new ToolsiftError("artifact_bad_magic", `${path} is not an index artifact (it does not start with "${String.fromCharCode(...ARTIFACT_MAGIC)}")${detail}`, { path: [path] });
}

/**
 * The artifact for inspect. Anything without the magic is refused; when it starts like JSON it
 * is read (under the JSON bound) to say whether it is a catalogue, else refused at once, so
 * `inspect /dev/zero` reads one chunk.
 */
async function readArtifact(path: string, limits: Limits): Promise<Uint8Array> {
  const startsLikeJson = (head: Uint8Array) => {
    const first = head.find((byte) => byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09);
    return first === 0x7b || first === 0x5b; // { or [
  };
  const bytes = await readBounded(path, {
    what: "index",
    maxBytes: Math.max(limits.artifactBytes, limits.jsonBytes),
    headBytes: ARTIFACT_MAGIC.length,
    sniff: (head) => {
      if (hasMagic(head)) return { what: "index", maxBytes: limits.artifactBytes };
      if (startsLikeJson(head)) return { what: "file", maxBytes: limits.jsonBytes };
      throw notAnArtifact(path, "");
    },
  });
  if (hasMagic(bytes)) return bytes;
  try {
    parseJsonBytes(bytes, path, "file");
  } catch {
    throw notAnArtifact(path, "");
  }
  throw notAnArtifact(path, "; it is JSON, perhaps a catalogue: search it with toolsift query, or index it with toolsift build");
}

function rankerOptions(values: { analyzer?: string | undefined }): { analyzer?: "plural" | "stem" } {
  if (values.analyzer === undefined) return {};
  if (values.analyzer !== "plural" && values.analyzer !== "stem") throw new UsageError(`--analyzer must be plural or stem, got ${values.analyzer}`);
  return { analyzer: values.analyzer };
}

// Digits only: Number() would take "1e3", "0x10" and " 5 ", and a limit above the tool count
// is clamped by the ranker anyway.
function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1) throw new UsageError(`--${name} must be a positive integer, got ${value}`);
  return number;
}

async function openRanker(path: string, options: { analyzer?: "plural" | "stem" }, limits: Limits, annotations?: ToolAnnotations): Promise<Bm25ToolRanker> {
  const bytes = await readIndexOrCatalogue(path, limits);
  if (hasMagic(bytes)) {
    // An artifact's documents are fixed: annotations would need the catalogue it was built from.
    if (annotations !== undefined) throw new UsageError(`--hints needs a JSON catalogue for --tools, and ${path} is an index artifact`);
    return Bm25ToolRanker.load(bytes, Object.keys(options).length > 0 ? options : undefined);
  }
  const json = parseJsonBytes(bytes, path, "catalogue", { problem: "is neither an index artifact nor valid JSON" });
  // The catalogue's docs as eval always reads them, then the annotations as a session applies them.
  const docs = catalogueDocs(json);
  return new Bm25ToolRanker(annotations === undefined ? docs : toolSearchDocs(docs.map((doc) => ({ ...doc })), { annotations }), options);
}

function learnContext(limits: Limits): LearnContext {
  return {
    readJson: (path, what, problem) => readJson(path, what, limits, problem),
    readText: async (path, what) => new TextDecoder().decode(await readBounded(path, { what, maxBytes: limits.jsonBytes })),
    positiveInteger,
    rankerOptions,
    options: { analyzer: { type: "string" }, ...MAX_INPUT_OPTION },
  };
}

/** What the query line reports: the first `rank` call of the process and the median of warm repeats, in µs. */
interface QueryTiming {
  readonly firstMicros: number;
  readonly warmMicros: number;
}

// Repeats after the first call; their median is the steady-state figure the README's
// "microseconds" describes (the first call also pays for cold code paths: ~15 ms against ~20 µs).
const WARM_RUNS = 9;

function timeQuery(ranker: Bm25ToolRanker, query: string, limit: number): QueryTiming {
  const micros = (): number => {
    const started = performance.now();
    ranker.rank(query, limit);
    return (performance.now() - started) * 1000;
  };
  const firstMicros = micros();
  const warm = Array.from({ length: WARM_RUNS }, micros).sort((left, right) => left - right);
  return { firstMicros, warmMicros: warm[WARM_RUNS >> 1]! };
}

// A query whose words are all stopwords keeps them as its terms (docs/analyzer.md, query terms
// step 2), which then pick whichever tools use them most: nothing the user asked for.
function hasSearchableWords(ranker: Bm25ToolRanker, query: string): boolean {
  const stopTerms = new Set(ranker.options.stopwords.flatMap((word) => ranker.analyze(word)));
  return ranker.analyze(query).some((word) => !stopTerms.has(word));
}

function printHits(out: Output, ranker: Bm25ToolRanker, query: string, limit: number, explain: boolean, json: boolean, timing: QueryTiming): void {
  const searchable = hasSearchableWords(ranker, query);
  // The verdict and, when no term scores, the name fallback (docs/scoring.md "No confident match").
  const found = searchable ? ranker.search(query, limit) : { hits: [], confident: false, fallback: false };
  const hits: readonly (ScoredHit & Partial<Pick<HitExplanation, "terms" | "termTotal" | "nameFactor">> & { match?: string })[] =
    explain && searchable && !found.fallback ? ranker.explain(query, limit) : found.hits;
  const terms = ranker.queryTerms(query);
  if (json) {
    out.line(JSON.stringify({ query, terms, searchable, confident: found.confident, fallback: found.fallback, hits }));
    return;
  }
  const micros = `first call ${timing.firstMicros.toFixed(0)} µs (cold), warm median ${timing.warmMicros.toFixed(0)} µs`;
  out.line(`${out.bold(visible(query))}  ${out.dim(`terms: ${visible(terms.join(" "))} · ${micros}`)}`);
  if (!searchable) out.line(out.dim(ranker.analyze(query).length === 0 ? "  no searchable words: the query has no words" : "  no searchable words: every word of the query is a stopword"));
  else if (hits.length === 0) out.line(out.dim("  no tool matched"));
  else if (found.fallback) out.line(out.dim("  no tool matched the words of the query; these tools' names contain part of it:"));
  else if (!found.confident) out.line(out.dim("  no confident match; the closest tools:"));
  hits.forEach((hit, index) => {
    out.line(`${String(index + 1).padStart(3)}. ${visible(hit.id)}  ${out.dim(hit.score.toFixed(3))}`);
    if (hit.terms !== undefined) {
      for (const term of hit.terms) {
        const fields = Object.entries(term.fields)
          .filter(([, value]) => value > 0)
          .map(([field, value]) => `${field} ${value.toFixed(3)}`)
          .join(", ");
        out.line(out.dim(`       ${visible(term.term)}: ${term.score.toFixed(3)} (${fields})`));
      }
      // The rows alone are not the score: the core multiplies their sum by the name factor.
      if (hit.termTotal !== undefined && hit.nameFactor !== undefined) {
        out.line(out.dim(`       score ${hit.score.toFixed(3)} = ${hit.termTotal.toFixed(3)} (sum of the terms) × ${hit.nameFactor.toFixed(3)} (name coverage)`));
      }
    }
  });
}

async function commandBuild(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseCommand("build", {
    args,
    allowPositionals: true,
    options: { output: { type: "string", short: "o" }, analyzer: { type: "string" }, ...MAX_INPUT_OPTION },
  });
  if (positionals.length !== 1 || values.output === undefined) throw new UsageError("build needs <catalogue.json> and -o <index.tsi>");
  const docs = catalogueDocs(await readJson(positionals[0]!, "catalogue", inputLimits(values["max-input-bytes"])));
  const started = performance.now();
  const onProgress = out.progress("build");
  const ranker = new Bm25ToolRanker(docs, rankerOptions(values), onProgress === undefined ? {} : { onProgress });
  const bytes = ranker.serialize();
  const elapsed = performance.now() - started;
  await writeOutput(values.output, bytes, "index");
  out.line(`built ${values.output}: ${ranker.size} tools, ${ranker.termCount} terms, ${bytes.length} bytes in ${elapsed.toFixed(1)} ms`);
  return EXIT_OK;
}

async function commandQuery(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseCommand("query", {
    args,
    allowPositionals: true,
    options: { limit: { type: "string" }, explain: { type: "boolean" }, json: { type: "boolean" }, analyzer: { type: "string" }, ...MAX_INPUT_OPTION },
  });
  if (positionals.length !== 2) throw new UsageError('query needs <index.tsi | catalogue.json> and "<query>"');
  // Flags first: a bad flag is reported before a large input is read.
  const limit = positiveInteger(values.limit, 10, "limit");
  if (positionals[1]!.trim().length === 0) throw new ToolsiftError("invalid_query", 'the query is empty; give the request to search for, e.g. "send an email"', { path: ["query"] });
  const ranker = await openRanker(positionals[0]!, rankerOptions(values), inputLimits(values["max-input-bytes"]));
  const query = positionals[1]!;
  printHits(out, ranker, query, limit, values.explain ?? false, values.json ?? false, timeQuery(ranker, query, limit));
  return EXIT_OK;
}

// --max-input-bytes before the command parses its arguments (learn reads its inputs through the context).
function maxInputBytes(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === MAX_INPUT_FLAG) return args[index + 1];
    if (arg.startsWith(`${MAX_INPUT_FLAG}=`)) return arg.slice(MAX_INPUT_FLAG.length + 1);
  }
  return undefined;
}

async function commandEval(args: string[], out: Output): Promise<number> {
  const { values } = parseCommand("eval", {
    args,
    options: {
      tools: { type: "string" },
      queries: { type: "string" },
      fold: { type: "string" },
      lang: { type: "string" },
      limit: { type: "string" },
      json: { type: "boolean" },
      strict: { type: "boolean" },
      analyzer: { type: "string" },
      hints: { type: "string" },
      ...MAX_INPUT_OPTION,
    },
  });
  if (values.tools === undefined || values.queries === undefined) throw new UsageError("eval needs --tools <tools.json> and --queries <queries.json>");
  const queriesFile = values.queries;
  if (values.fold !== undefined && values.fold !== "dev" && values.fold !== "test") throw new UsageError(`--fold must be dev or test, got ${values.fold}`);
  const limit = positiveInteger(values.limit, 10, "limit");
  const limits = inputLimits(values["max-input-bytes"]);
  const annotations = values.hints === undefined ? undefined : await readHints(values.hints, learnContext(limits), out);
  const ranker = await openRanker(values.tools, rankerOptions(values), limits, annotations);
  const json = await readJson(queriesFile, "queries file", limits, { code: "invalid_queries" });
  const onProgress = out.progress("eval");
  const { metrics, unknownRelevant } = naming(queriesFile, () =>
    evaluateDetailed(ranker, parseQueries(json), {
      ...(values.fold === undefined ? {} : { fold: values.fold as EvalFold }),
      ...(values.lang === undefined ? {} : { lang: values.lang }),
      limit,
      catalogueIds: ranker.ids(),
      ...(onProgress === undefined ? {} : { onProgress }),
    }),
  );
  if (unknownRelevant.length > 0) {
    const message = unknownIdsMessage(unknownRelevant, queriesFile, values.tools);
    if (values.strict) throw new ToolsiftError("invalid_queries", message, { path: [queriesFile] });
    out.note(`toolsift: warning: ${message} (--strict makes this an error)`);
  }
  if (values.json) {
    out.line(JSON.stringify(metrics));
    return EXIT_OK;
  }
  for (const [key, value] of Object.entries(metrics)) out.line(`${key.padEnd(10)} ${key === "queries" ? value : value.toFixed(4)}`);
  return EXIT_OK;
}

// The most unknown ids a warning lists; the rest are counted.
const MAX_LISTED_IDS = 10;

function unknownIdsMessage(ids: readonly string[], queriesFile: string, toolsFile: string): string {
  const listed = ids.slice(0, MAX_LISTED_IDS).map(visible).join(", ");
  const more = ids.length > MAX_LISTED_IDS ? ` and ${ids.length - MAX_LISTED_IDS} more` : "";
  const count = ids.length === 1 ? "1 relevant id" : `${ids.length} relevant ids`;
  return `${count} in ${queriesFile} ${ids.length === 1 ? "is" : "are"} not a tool of ${toolsFile}, so ${ids.length === 1 ? "it scores" : "they score"} 0: ${listed}${more}`;
}

// The library's messages about queries do not know the file they came from.
function naming<T>(file: string, body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof ToolsiftError && !error.message.includes(file)) {
      throw new ToolsiftError(error.code, `${file}: ${error.message}`, { path: error.path, cause: error.cause });
    }
    throw error;
  }
}

// How many index terms inspect lists.
const TOP_TERMS = 20;

async function commandInspect(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseCommand("inspect", { args, allowPositionals: true, options: { ...MAX_INPUT_OPTION } });
  if (positionals.length !== 1) throw new UsageError("inspect needs <index.tsi>");
  const { inspectArtifact } = await import("../core/artifact.js");
  const bytes = await readArtifact(positionals[0]!, inputLimits(values["max-input-bytes"]));
  // Loading first checks the whole layout, so inspectArtifact never reads past the end.
  const ranker = Bm25ToolRanker.load(bytes);
  const report = inspectArtifact(bytes);
  out.line(out.bold("header"));
  for (const [key, value] of Object.entries(report.header)) out.line(`  ${key.padEnd(18)} ${value}`);
  out.line(out.bold("options"));
  const { stopwords, lexicon } = ranker.options;
  const lexiconSummary = lexicon === false ? false : `${Object.keys(lexicon).length} entries`;
  out.line(`  ${JSON.stringify({ ...ranker.options, stopwords: `${stopwords.length} entries`, lexicon: lexiconSummary })}`);
  out.line(out.bold("sections"));
  for (const section of report.sections) out.line(`  ${section.name.padEnd(18)} ${String(section.bytes).padStart(10)} bytes`);
  // Index terms are folded ("this" is stored as "thi"), and a query drops its stopwords, so
  // their terms are never searched for: left out, they would fill the list.
  const stopTerms = new Set(stopwords.flatMap((word) => ranker.analyze(word)));
  const top = ranker.topTerms(TOP_TERMS + stopTerms.size).filter((term) => !stopTerms.has(term.term)).slice(0, TOP_TERMS);
  out.line(out.bold("top index terms, after folding, stopwords left out (documents)"));
  for (const term of top) out.line(`  ${visible(term.term).padEnd(18)} ${term.documents}`);
  return EXIT_OK;
}

async function commandDemo(args: string[], out: Output): Promise<number> {
  const { embeddedCatalogue } = await import("./embedded.js");
  const started = performance.now();
  const ranker = new Bm25ToolRanker(catalogueDocs(await embeddedCatalogue()));
  out.line(out.dim(`indexed ${ranker.size} MCP tools (${ranker.termCount} terms) in ${(performance.now() - started).toFixed(0)} ms`));
  const queries = args.length > 0 ? args : ["create a pull request on github", "browserOpen", "take a screenshot of the page", "создай задачу в трекере", "发送邮件给团队", "what's the weather tomorrow"];
  for (const query of queries) {
    printHits(out, ranker, query, 5, false, false, timeQuery(ranker, query, 5));
    out.line();
  }
  return EXIT_OK;
}

function helpRequested(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === "--help" || arg === "-h");
}

/**
 * Runs the CLI with `args` (without the node and script paths); resolves to the exit code.
 * Never rejects: a usage mistake is one line and exit 1, bad input one `toolsift: <code>: …`
 * line and exit 2, anything else (a bug) one `toolsift: internal error: …` line and exit 70,
 * with the stack only when TOOLSIFT_DEBUG is set, so bad input never shows a stack trace.
 */
export async function main(args: readonly string[], streams: Streams): Promise<number> {
  const out = new Output(streams);
  const [command, ...rest] = args;
  try {
    // Nothing at all asks what the command does, as --help does: the usage, on stdout, exit 0.
    if (command === undefined || command === "help" || helpRequested(args)) {
      out.line(USAGE);
      return EXIT_OK;
    }
    if (command === "--version" || command === "-V" || command === "version") {
      out.line(await packageVersion());
      return EXIT_OK;
    }
    if (!(COMMANDS as readonly string[]).includes(command)) {
      const suggestion = nearest(command, COMMANDS);
      throw new UsageError(`unknown command ${command}; ${suggestion === undefined ? `the commands are ${COMMANDS.join(", ")}` : `did you mean ${suggestion}?`}`);
    }
    await init();
    switch (command) {
      case "build": return await commandBuild(rest, out);
      case "query": return await commandQuery(rest, out);
      case "eval": return await commandEval(rest, out);
      case "learn": return await commandLearn(rest, out, learnContext(inputLimits(maxInputBytes(rest))));
      case "inspect": return await commandInspect(rest, out);
      case "demo": return rest.includes("--config") ? await (await import("./mcp.js")).demoFromConfig(rest, out) : await commandDemo(rest, out);
      case "mcp": return await (await import("./mcp.js")).commandMcp(rest, out, streams.env);
    }
    throw new UsageError(`unknown command ${command}`);
  } catch (error) {
    return report(error, out, streams.env["TOOLSIFT_DEBUG"]);
  }
}

/**
 * For bin/toolsift.js: the line and exit code for a failure outside `main` — the standard
 * output refusing a write (a full disk, `> /dev/full`), reported asynchronously by the stream.
 */
export function reportOutside(error: unknown, streams: Streams): number {
  const code = (error as { code?: string; syscall?: string }).code;
  if ((error as { syscall?: string }).syscall === "write" && code !== undefined) {
    streams.stderr.write(`toolsift: file_unwritable: cannot write the standard output: ${reason(error)}\n`);
    return EXIT_BAD_INPUT;
  }
  return report(error, new Output(streams), streams.env["TOOLSIFT_DEBUG"]);
}

function report(error: unknown, out: Output, debug: string | undefined): number {
  try {
    if (error instanceof UsageError) {
      out.note(`toolsift: ${visible(error.message)}`);
      return EXIT_USAGE;
    }
    if (error instanceof ToolsiftError) {
      out.note(`toolsift: ${error.code}: ${visible(oneLine(error.message))}`);
      return EXIT_BAD_INPUT;
    }
    const described = visible(error instanceof Error ? `${error.name}: ${oneLine(error.message)}` : oneLine(String(error)));
    const detail = debug !== undefined && debug !== "" && debug !== "0" ? `\n${(error as Error).stack ?? ""}` : " (a bug in toolsift; TOOLSIFT_DEBUG=1 shows the stack)";
    out.note(`toolsift: internal error: ${described}${detail}`);
  } catch {
    // stderr itself failed: nothing is left to tell the user with.
  }
  return EXIT_INTERNAL;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ");
}
