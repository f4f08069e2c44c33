// The `toolsift` command line: the usage and the dispatcher; each command is in ./commands/.
// Exit codes: 0 ok, 1 usage, 2 bad input, 70 internal error (DESIGN.md "Command line and package entries").
import { init } from "../entry/node.js";
import { ToolsiftError } from "../errors.js";
import { nearest, UsageError } from "./args.js";
import { commandBuild } from "./commands/build.js";
import { commandDemo } from "./commands/demo.js";
import { commandEval } from "./commands/eval.js";
import { commandInspect } from "./commands/inspect.js";
import { commandLearn, learnContext, maxInputBytes } from "./commands/learn.js";
import { commandQuery } from "./commands/query.js";
import { inputLimits, packageVersion, reason } from "./files.js";
import { EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, Output, visible, type Streams } from "./output.js";

export { EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE };

const USAGE = `toolsift — tool search for LLM agents

Usage:
  toolsift build <catalogue.json> -o <index.tsi>
  toolsift query <index.tsi | catalogue.json> "<query>" [--limit N] [--explain] [--json]
  toolsift eval --tools <tools.json> --queries <queries.json> [--fold dev|test] [--lang xx] [--limit 10] [--json] [--strict]
                [--hints <hints.json> | --hints mcp]
  toolsift learn (--tools <tools.json> | --config <servers.json>) (--queries <queries.json> [--fold dev] | --journals <folder>)
                 -o <hints.json> [--min-support 2] [--max-per-tool 32] [--served-rank 1] [--learn-unvouched]
  toolsift hints write --tools <tools.json> -o <hints.json> --with anthropic|openai|command
                 [--model M] [--command "<shell command>"] [--languages en,ru,zh] [--count 4]
                 [--budget-calls N] [--budget-tokens N] [--trust]
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
used records of session or gateway journals (*.jsonl); with --config, for the approved tools
of the gateway's servers (started to list them), served back with "hints" in servers.json.
eval --hints applies such a file, a hints file (hints write), or with "mcp" the MCP
catalogue's shipped hints; annotations change ranking only.

hints write asks a model for search phrasings of each tool (docs/learning.md): --with
anthropic or openai reads ANTHROPIC_API_KEY / OPENAI_API_KEY (and ANTHROPIC_BASE_URL /
OPENAI_BASE_URL), --with command runs the command with the prompt on stdin and reads the
answer from stdout. An existing -o file is the previous run's: only changed tools are asked
again. An un-vouched remote tool's prompt shows its name and parameter names only; --trust
vouches for every tool's text.

mcp --http serves Streamable HTTP at /mcp. Every request needs Authorization: Bearer <token>
(from --token-file, else TOOLSIFT_MCP_TOKEN, else generated and printed once at start) and a
Host of localhost, 127.0.0.1, [::1] or an --allow-host name; a browser Origin is answered only
when given with --allow-origin (scheme://host:port). --host 0.0.0.0 binds every interface: the
token and both lists still apply. Sessions idle for --idle-timeout seconds are closed; at most
--max-sessions are open at once.

Options for build, query, eval and learn: --analyzer plural|stem
Options for build, query, eval, hints and inspect: --max-input-bytes N (also 64K, 512M, 2G)
  the most bytes read from any one input file; by default 256 MiB for an index
  artifact and 128 MiB for a JSON catalogue or queries file, at most 4G

eval warns about relevant ids that are not tools of the catalogue; --strict makes
that an error (exit 2), as a --fold or --lang that selects no query always is.

Exit codes: 0 ok, 1 usage, 2 bad input (the message names the file), 70 internal error
(a bug: set TOOLSIFT_DEBUG=1 for the stack).`;

const COMMANDS = ["build", "query", "eval", "learn", "hints", "inspect", "demo", "mcp"] as const;

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
      case "hints": return await (await import("./commands/hints.js")).commandHints(rest, out, streams.env);
      case "inspect": return await commandInspect(rest, out);
      case "demo": return rest.includes("--config") ? await (await import("./commands/mcp.js")).demoFromConfig(rest, out) : await commandDemo(rest, out);
      case "mcp": return await (await import("./commands/mcp.js")).commandMcp(rest, out, streams.env);
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
