// The hint writer: the host's model writes search phrasings for each tool of the host's own
// catalogue, once, at build time (docs/learning.md "Hints for your own catalogue").
import { ToolsiftError } from "../errors.js";
import { cutCodeUnits } from "../trust/labels.js";
import { readParams } from "../trust/params.js";
import { toolTrust, type ToolTrust, type TrustOptions } from "../trust/policy.js";
import { isName } from "../trust/schema.js";
import { catalogueTools, toolSearchDocs } from "../trust/tool-docs.js";
import { isThirdPartyName, toolKey, type Catalogue, type ToolDefinition } from "../trust/tool-definition.js";
import { HINT_LIMITS, parseAnswer, type HintFailureCode } from "./answer.js";
import type { Complete, CompletionResult } from "./complete.js";
import { HINTS_FORMAT, HINTS_VERSION, type HintsEntry, type HintsFile } from "./file.js";
import { HINT_LANGUAGES, HINT_PROMPT_VERSION, hintPrompt, type HintLanguage, type HintPromptTool } from "./prompt.js";

/**
 * Defaults and bounds of `writeHints`:
 * - `languages`, `count`: what each prompt asks for.
 * - `maxDescription`, `maxParamDescription`: UTF-16 code units of a tool's description and of a
 *   parameter's description the prompt shows (a longer one is cut): the prompt's cost is
 *   bounded whatever the catalogue holds. Parameters are `readParams`' (at most `MAX_PARAMS`).
 */
export const HINT_WRITER_DEFAULTS = Object.freeze({
  languages: Object.freeze(["en", "ru", "zh"] as HintLanguage[]),
  count: 4,
  maxDescription: 2000,
  maxParamDescription: 300,
});

/** One step of a run, for `onProgress`. */
export interface HintProgress {
  readonly tool: string;
  /** 0-based position of the tool in the catalogue. */
  readonly index: number;
  readonly total: number;
  /**
   * `written`: new phrasings; `kept`: unchanged since `previous`, not asked; `failed`: asked,
   * no usable answer (`code`); `skipped`: not asked, the budget was spent or the run aborted.
   */
  readonly outcome: "written" | "kept" | "failed" | "skipped";
  readonly code?: HintFailureCode;
  /** With `written`: the tool's new entry (a host may save what it has so far). */
  readonly entry?: HintsEntry;
}

/** A tool the model was asked about and gave no usable answer for. */
export interface HintFailure {
  readonly tool: string;
  readonly code: HintFailureCode;
  readonly message: string;
}

/** Options of `writeHints`. */
export interface WriteHintsOptions {
  /** The catalogue, in any shape the library reads (`toolSearchDocs`' catalogue). */
  readonly tools: Catalogue;
  /** The host's model (`anthropicComplete`, `openaiComplete`, `aiSdkComplete`, or your own). */
  readonly complete: Complete;
  /** The model's name, recorded when the completer does not report one. */
  readonly model?: string;
  readonly languages?: readonly HintLanguage[];
  /** Phrasings per language, 1 to `HINT_LIMITS.maxCount` (8). */
  readonly count?: number;
  /** An earlier run's file: a tool whose digest and prompt version are unchanged is kept, not asked. */
  readonly previous?: HintsFile;
  /** Stop asking once another call would pass `calls`, or the tokens spent would pass `tokens`. */
  readonly budget?: { readonly calls?: number; readonly tokens?: number };
  /** The session's trust options: what the prompt may show of each tool. */
  readonly trust?: TrustOptions;
  readonly onProgress?: (event: HintProgress) => void;
  /** Aborting stops the run: the call under way is passed the signal, the rest are skipped. */
  readonly signal?: AbortSignal;
}

/** What a run did. Every tool of the catalogue is in exactly one of the four lists. */
export interface WriteHintsResult {
  /** The new file: every tool with phrasings, in catalogue order (a failed or skipped tool keeps its previous entry). */
  readonly file: HintsFile;
  readonly written: readonly string[];
  readonly kept: readonly string[];
  readonly failed: readonly HintFailure[];
  readonly skipped: readonly string[];
  /** Calls made, and tokens spent as reported (estimated at 4 characters a token when not). */
  readonly calls: number;
  readonly tokens: number;
  /** Why the run stopped asking early, if it did. */
  readonly stopped?: "budget" | "aborted";
}

function option(problem: string, path: string): ToolsiftError {
  return new ToolsiftError("invalid_option", `writeHints: ${problem}`, { path: [path] });
}

function checkLanguages(languages: readonly HintLanguage[]): readonly HintLanguage[] {
  if (!Array.isArray(languages) || languages.length === 0) throw option(`languages must be a non-empty list of ${Object.keys(HINT_LANGUAGES).join(", ")}`, "languages");
  for (const language of languages) {
    if (typeof language !== "string" || !Object.hasOwn(HINT_LANGUAGES, language)) throw option(`${JSON.stringify(language)} is not a hint language (${Object.keys(HINT_LANGUAGES).join(", ")})`, "languages");
  }
  if (new Set(languages).size !== languages.length) throw option("languages names a language twice", "languages");
  return languages;
}

function wholeNumber(value: number | undefined, min: number, max: number, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw option(`${name} must be a whole number from ${min} to ${max}, got ${String(value)}`, name);
  return value;
}

/**
 * What the prompt shows of one tool: only what the trust policy lets rank. A tool whose own
 * text is trusted (first-party, or a vouched third-party one) shows its description and its
 * parameters with their descriptions, each cut to its bound; any other shows its name and the
 * identifier names of its parameters, nothing a server wrote in prose.
 */
export function hintPromptTool(tool: ToolDefinition, key: string, trust: ToolTrust): HintPromptTool {
  const schemaKey = trust.thirdParty && tool.jsonInputSchema !== undefined ? "jsonInputSchema" : "inputSchema";
  const params = readParams(tool, schemaKey);
  if (!trust.ownTextTrusted) {
    return { name: key, parameters: params.filter((param) => isName(param.name)).map((param) => ({ name: param.name })) };
  }
  const description = trust.description === undefined ? "" : cutCodeUnits(trust.description.trim(), HINT_WRITER_DEFAULTS.maxDescription);
  return {
    name: key,
    ...(description.length === 0 ? {} : { description }),
    parameters: params.map((param) => (param.description === undefined ? { name: param.name } : { name: param.name, description: cutCodeUnits(param.description, HINT_WRITER_DEFAULTS.maxParamDescription) })),
  };
}

/** The canonical JSON of what the prompt shows: fixed key order, no whitespace. */
function canonical(shown: HintPromptTool): string {
  return JSON.stringify({
    name: shown.name,
    ...(shown.description === undefined ? {} : { description: shown.description }),
    parameters: shown.parameters.map((param) => (param.description === undefined ? { name: param.name } : { name: param.name, description: param.description })),
  });
}

/** SHA-256 of the canonical JSON of what the prompt shows, hex (WebCrypto: every runtime has it). */
export async function hintDigest(shown: HintPromptTool): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical(shown))));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// A completer's answer as text and tokens; `undefined` when it is neither a string nor { text }.
function answerOf(result: CompletionResult, prompt: string): { text: string; tokens: number; model?: string; refusal?: string } | undefined {
  const estimate = (text: string) => Math.ceil(text.length / 4);
  if (typeof result === "string") return { text: result, tokens: estimate(prompt) + estimate(result) };
  if (typeof result !== "object" || result === null || typeof result.text !== "string") return undefined;
  const count = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback);
  return {
    text: result.text,
    tokens: count(result.inputTokens, estimate(prompt)) + count(result.outputTokens, estimate(result.text)),
    ...(typeof result.model === "string" && result.model.length > 0 ? { model: result.model } : {}),
    ...(typeof result.refusal === "string" ? { refusal: result.refusal } : {}),
  };
}

function brief(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return cutCodeUnits(text.replace(/\s+/gu, " "), 200);
}

/**
 * Writes search phrasings for each tool of a catalogue with the host's model, one prompt per
 * tool (`hintPrompt`, its version recorded), and returns a hints file to keep with the
 * catalogue (`hintAnnotations` turns it into `toolSearch.annotations`).
 *
 * The prompt shows only what the trust policy lets rank (`hintPromptTool`): an un-vouched
 * third-party tool's description and parameter text never reach the model. Each answer is
 * parsed and bounded (`parseAnswer`); a tool with no usable answer is listed in `failed` and
 * the run goes on. With `previous`, a tool whose digest (of what its prompt shows) and prompt
 * version are unchanged is kept as it is: a rerun asks only about changed tools.
 *
 * @example
 * const { file, failed } = await writeHints({ tools, complete: anthropicComplete(new Anthropic(), { model }) });
 * const annotations = hintAnnotations(file);
 */
export async function writeHints(options: WriteHintsOptions): Promise<WriteHintsResult> {
  if (typeof options !== "object" || options === null || typeof options.complete !== "function") throw option("complete must be a function (prompt, { tool }) => Promise<answer>", "complete");
  const languages = checkLanguages(options.languages ?? HINT_WRITER_DEFAULTS.languages);
  const count = wholeNumber(options.count, 1, HINT_LIMITS.maxCount, "count") ?? HINT_WRITER_DEFAULTS.count;
  const maxCalls = wholeNumber(options.budget?.calls, 0, Number.MAX_SAFE_INTEGER, "budget.calls");
  const maxTokens = wholeNumber(options.budget?.tokens, 0, Number.MAX_SAFE_INTEGER, "budget.tokens");
  const trustJsonSchemaText = options.trust?.trustJsonSchemaText;
  // The catalogue checked as the index reads it: shape, ids, duplicates, third-party names.
  toolSearchDocs(options.tools, { trustJsonSchemaText });
  const { tools, allRemote } = catalogueTools(options.tools);
  const trustOptions: TrustOptions = { trustJsonSchemaText, allRemote: allRemote || options.trust?.allRemote === true };
  const previous = options.previous?.tools ?? {};

  const entries: [string, HintsEntry][] = [];
  const written: string[] = [];
  const kept: string[] = [];
  const failed: HintFailure[] = [];
  const skipped: string[] = [];
  let calls = 0;
  let tokens = 0;
  let largestCall = 0;
  let stopped: "budget" | "aborted" | undefined;

  for (let index = 0; index < tools.length; index++) {
    const tool = tools[index]!;
    const id = toolKey(tool)!;
    const trust = toolTrust(tool, id, trustOptions);
    if (trust.thirdParty && !isThirdPartyName(id)) throw new ToolsiftError("invalid_catalogue", `Catalogue entry ${index} is a third-party tool whose name is not 1–128 characters of A–Z, a–z, 0–9, "_", "." or "-".`, { path: [index] });
    const shown = hintPromptTool(tool, id, trust);
    const digest = await hintDigest(shown);
    const old = Object.hasOwn(previous, id) ? previous[id] : undefined;
    const progress = (outcome: HintProgress["outcome"], code?: HintFailureCode, entry?: HintsEntry) =>
      options.onProgress?.({ tool: id, index, total: tools.length, outcome, ...(code === undefined ? {} : { code }), ...(entry === undefined ? {} : { entry }) });
    const keepOld = () => {
      if (old !== undefined) entries.push([id, old]);
    };
    if (old !== undefined && old.digest === digest && old.prompt === HINT_PROMPT_VERSION && languages.every((language) => old[language] !== undefined)) {
      keepOld();
      kept.push(id);
      progress("kept");
      continue;
    }
    const prompt = hintPrompt(shown, { count, languages });
    if (stopped === undefined && options.signal?.aborted === true) stopped = "aborted";
    if (stopped === undefined && maxCalls !== undefined && calls + 1 > maxCalls) stopped = "budget";
    if (stopped === undefined && maxTokens !== undefined && tokens + Math.max(largestCall, Math.ceil(prompt.length / 4)) > maxTokens) stopped = "budget";
    if (stopped !== undefined) {
      keepOld();
      skipped.push(id);
      progress("skipped");
      continue;
    }
    const fail = (code: HintFailureCode, message: string) => {
      keepOld();
      failed.push({ tool: id, code, message });
      progress("failed", code);
    };
    let result: CompletionResult;
    try {
      calls++;
      result = await options.complete(prompt, { tool: id, ...(options.signal === undefined ? {} : { signal: options.signal }) });
    } catch (error) {
      if (options.signal?.aborted === true) {
        stopped = "aborted";
        keepOld();
        skipped.push(id);
        progress("skipped");
      } else {
        fail("hint_error", brief(error));
      }
      continue;
    }
    const answer = answerOf(result, prompt);
    if (answer === undefined) {
      fail("hint_malformed", "the completer answered neither a string nor { text }");
      continue;
    }
    tokens += answer.tokens;
    largestCall = Math.max(largestCall, answer.tokens);
    if (answer.refusal !== undefined) {
      fail("hint_refused", answer.refusal.length === 0 ? "the model declined" : `the model declined: ${cutCodeUnits(answer.refusal.replace(/\s+/gu, " "), 200)}`);
      continue;
    }
    const parsed = parseAnswer(answer.text, languages, count);
    if (!parsed.ok) {
      fail(parsed.code, parsed.message);
      continue;
    }
    const model = answer.model ?? options.model;
    const entry: Record<string, unknown> = { digest, prompt: HINT_PROMPT_VERSION, ...(model === undefined ? {} : { model }) };
    for (const language of languages) entry[language] = parsed.phrasings[language] ?? [];
    const frozen = Object.freeze(entry) as unknown as HintsEntry;
    entries.push([id, frozen]);
    written.push(id);
    progress("written", undefined, frozen);
  }

  const file: HintsFile = Object.freeze({ format: HINTS_FORMAT, version: HINTS_VERSION, tools: Object.freeze(Object.fromEntries(entries)) });
  return Object.freeze({ file, written, kept, failed, skipped, calls, tokens, ...(stopped === undefined ? {} : { stopped }) });
}
