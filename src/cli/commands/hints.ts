// `toolsift hints write`: the host's model writes search phrasings for a catalogue's tools
// (docs/learning.md "Hints for your own catalogue"). The SDK of --with anthropic or --with
// openai is an optional peer dependency, loaded only when asked for.
import { existsSync } from "node:fs";
import { ToolsiftError } from "../../errors.js";
import { commandComplete } from "../../hints/command.js";
import { anthropicComplete, openaiComplete, type Complete } from "../../hints/complete.js";
import { HINTS_FORMAT, HINTS_VERSION, readHintsFile, type HintsEntry, type HintsFile } from "../../hints/file.js";
import { HINT_LANGUAGES, type HintLanguage } from "../../hints/prompt.js";
import { HINT_WRITER_DEFAULTS, writeHints, type HintProgress } from "../../hints/write.js";
import type { Catalogue } from "../../trust/tool-definition.js";
import { parseCommand, positiveInteger, UsageError } from "../args.js";
import { inputLimits, MAX_INPUT_OPTION, readJson, writeOutput } from "../files.js";
import { EXIT_OK, visible, type Output } from "../output.js";

const PROVIDERS = ["anthropic", "openai", "command"] as const;
type Provider = (typeof PROVIDERS)[number];

/** New entries between two saves of the output during a run, so an interrupted run loses at most these. */
const SAVE_EVERY = 10;

/** Requests in a row that may fail with `hint_error` before the run stops: a wrong key or URL fails them all. */
const MAX_ERRORS_IN_A_ROW = 5;

type Env = Readonly<Record<string, string | undefined>>;

async function loadSdk<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if ((code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && String((error as Error).message).includes(name)) {
      throw new ToolsiftError("sdk_missing", `toolsift hints write --with ${name === "openai" ? "openai" : "anthropic"} needs ${name}, an optional peer dependency: npm install ${name}`, { cause: error });
    }
    throw error;
  }
}

function apiKey(env: Env, name: string, provider: Provider): string {
  const key = env[name];
  if (key === undefined || key === "") throw new ToolsiftError("invalid_option", `--with ${provider} needs the API key in ${name}`, { path: ["with"] });
  return key;
}

async function completer(provider: Provider, values: { model?: string; command?: string }, env: Env): Promise<Complete> {
  if (provider === "command") {
    if (values.command === undefined || values.command.trim() === "") throw new UsageError('hints write --with command needs --command "<shell command>"');
    return commandComplete(values.command, { ...(values.model === undefined ? {} : { model: values.model }), env });
  }
  if (values.model === undefined) throw new UsageError(`hints write --with ${provider} needs --model <name>`);
  if (provider === "anthropic") {
    const key = apiKey(env, "ANTHROPIC_API_KEY", provider);
    const { default: Anthropic } = await loadSdk("@anthropic-ai/sdk", () => import("@anthropic-ai/sdk"));
    const baseURL = env["ANTHROPIC_BASE_URL"];
    const client = new Anthropic({ apiKey: key, ...(baseURL === undefined || baseURL === "" ? {} : { baseURL }) });
    return anthropicComplete(client, { model: values.model });
  }
  const key = apiKey(env, "OPENAI_API_KEY", provider);
  const { default: OpenAI } = await loadSdk("openai", () => import("openai"));
  const baseURL = env["OPENAI_BASE_URL"];
  const client = new OpenAI({ apiKey: key, ...(baseURL === undefined || baseURL === "" ? {} : { baseURL }) });
  return openaiComplete(client, { model: values.model });
}

function languagesOf(value: string | undefined): readonly HintLanguage[] {
  if (value === undefined) return HINT_WRITER_DEFAULTS.languages;
  const languages = value.split(",").map((part) => part.trim()).filter((part) => part.length > 0);
  for (const language of languages) {
    if (!Object.hasOwn(HINT_LANGUAGES, language)) throw new UsageError(`--languages takes a comma-separated list of ${Object.keys(HINT_LANGUAGES).join(", ")}, got ${value}`);
  }
  if (languages.length === 0) throw new UsageError(`--languages takes a comma-separated list of ${Object.keys(HINT_LANGUAGES).join(", ")}, got ${value}`);
  return languages as HintLanguage[];
}

/** `toolsift hints write --tools T -o hints.json --with anthropic|openai|command …`. */
export async function commandHints(args: string[], out: Output, env: Env): Promise<number> {
  const [subcommand, ...rest] = args;
  if (subcommand !== "write") throw new UsageError(subcommand === undefined ? "hints needs a subcommand: hints write" : `unknown subcommand hints ${subcommand}; the subcommand is write`);
  const { values } = parseCommand("hints write", {
    args: rest,
    options: {
      tools: { type: "string" },
      output: { type: "string", short: "o" },
      with: { type: "string" },
      model: { type: "string" },
      command: { type: "string" },
      languages: { type: "string" },
      count: { type: "string" },
      "budget-calls": { type: "string" },
      "budget-tokens": { type: "string" },
      trust: { type: "boolean" },
      ...MAX_INPUT_OPTION,
    },
  });
  if (values.tools === undefined || values.output === undefined || values.with === undefined) {
    throw new UsageError("hints write needs --tools <catalogue.json>, -o <hints.json> and --with anthropic|openai|command");
  }
  if (!(PROVIDERS as readonly string[]).includes(values.with)) throw new UsageError(`--with must be ${PROVIDERS.join(", ")}, got ${values.with}`);
  const languages = languagesOf(values.languages);
  const count = positiveInteger(values.count, HINT_WRITER_DEFAULTS.count, "count");
  const calls = values["budget-calls"] === undefined ? undefined : positiveInteger(values["budget-calls"], 0, "budget-calls");
  const tokens = values["budget-tokens"] === undefined ? undefined : positiveInteger(values["budget-tokens"], 0, "budget-tokens");
  const limits = inputLimits(values["max-input-bytes"]);
  const complete = await completer(values.with as Provider, values, env);
  const tools = await readJson(values.tools, "catalogue", limits);
  // An existing output is the previous run's: only changed tools are asked again. A file that
  // is not a hints file is refused rather than overwritten.
  const previous: HintsFile | undefined = existsSync(values.output) ? readHintsFile(await readJson(values.output, "hints file", limits, { code: "invalid_hints" }), values.output) : undefined;

  const output = values.output;
  const controller = new AbortController();
  let errorsInARow = 0;
  let done = 0;
  let failedCount = 0;
  let total = 0;
  // The file so far (the previous entries, then the new ones), saved every SAVE_EVERY new
  // entries: it is a valid previous file, so a rerun after an interruption goes on from it.
  const sofar: Record<string, HintsEntry> = { ...previous?.tools };
  let unsaved = 0;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    const text = `${JSON.stringify({ format: HINTS_FORMAT, version: HINTS_VERSION, tools: sofar }, null, 2)}\n`;
    unsaved = 0;
    saving = saving.then(() => writeOutput(output, new TextEncoder().encode(text), "hints file"));
  };
  // One line per tool asked: the tools with phrasings so far (written or kept) and the failures.
  const onProgress = (event: HintProgress) => {
    total = event.total;
    if (event.entry !== undefined) {
      Object.defineProperty(sofar, event.tool, { value: event.entry, enumerable: true, writable: true, configurable: true });
      if (++unsaved >= SAVE_EVERY) save();
    }
    if (event.outcome === "written" || event.outcome === "kept") done++;
    if (event.outcome === "failed") failedCount++;
    if (event.outcome === "kept" || event.outcome === "skipped") return;
    errorsInARow = event.code === "hint_error" ? errorsInARow + 1 : 0;
    if (errorsInARow >= MAX_ERRORS_IN_A_ROW) controller.abort();
    out.note(`hints: ${done}/${event.total} written, ${failedCount} failed`);
  };
  const result = await writeHints({
    tools: tools as Catalogue,
    complete,
    ...(values.model === undefined ? {} : { model: values.model }),
    languages,
    count,
    ...(previous === undefined ? {} : { previous }),
    ...(calls === undefined && tokens === undefined ? {} : { budget: { ...(calls === undefined ? {} : { calls }), ...(tokens === undefined ? {} : { tokens }) } }),
    ...(values.trust === true ? { trust: { trustJsonSchemaText: true } } : {}),
    onProgress,
    signal: controller.signal,
  });
  await saving;
  for (const failure of result.failed) out.note(`toolsift: warning: ${failure.code}: ${visible(failure.tool)}: ${visible(failure.message)}`);
  if (result.stopped === "aborted") out.note(`toolsift: warning: stopped after ${MAX_ERRORS_IN_A_ROW} failed requests in a row; the file keeps what was written (rerun to go on)`);
  if (result.stopped === "budget") out.note(`toolsift: warning: the budget is spent; ${result.skipped.length} tools were not asked (rerun to go on)`);
  await writeOutput(values.output, new TextEncoder().encode(`${JSON.stringify(result.file, null, 2)}\n`), "hints file");
  out.line(`wrote ${visible(values.output)}: ${total} tools, ${result.written.length} written, ${result.kept.length} kept, ${result.failed.length} failed, ${result.skipped.length} skipped (${result.calls} calls, ${result.tokens} tokens)`);
  return EXIT_OK;
}
