// The hints file the writer produces and reads back (an earlier run's, or a hand-edited one),
// and the annotations it turns into.
import { ToolsiftError } from "../errors.js";
import { normalizeLabel } from "../trust/labels.js";
import type { ToolAnnotation, ToolAnnotations } from "../trust/tool-definition.js";
import { HINT_LIMITS } from "./answer.js";
import { packLabels } from "./decode.js";
import { HINT_LANGUAGES, type HintLanguage } from "./prompt.js";
import { isRecord } from "../shared/is-record.js";
import { checkAnnotations } from "../learn/annotations.js";

/** The `format` of a hints file. */
export const HINTS_FORMAT = "toolsift.hints";
/** The `version` of the hints file format. */
export const HINTS_VERSION = 1;

/** One tool's phrasings and what they were written from. */
export interface HintsEntry {
  /** SHA-256 (hex) of the canonical JSON of what the prompt showed of the tool. */
  readonly digest: string;
  /** The prompt version they were written with (`HINT_PROMPT_VERSION`). */
  readonly prompt: string;
  /** The model that wrote them, when the completer said. */
  readonly model?: string;
  readonly en?: readonly string[];
  readonly ru?: readonly string[];
  readonly zh?: readonly string[];
}

/** A hints file: `{ format: "toolsift.hints", version: 1, tools: { <id>: HintsEntry } }`. */
export interface HintsFile {
  readonly format: typeof HINTS_FORMAT;
  readonly version: typeof HINTS_VERSION;
  readonly tools: Readonly<Record<string, HintsEntry>>;
}

const DIGEST = /^[0-9a-f]{64}$/u;
const ENTRY_FIELDS = new Set(["digest", "prompt", "model", ...Object.keys(HINT_LANGUAGES)]);

/**
 * Reads a hints file (parsed JSON, or its text) and checks it; anything else is an
 * `invalid_hints` error naming `source` and the place (`tools.<id>.en[2]`). Phrasings must be
 * strings of 1–80 code units, at most `HINT_LIMITS.maxCount` per language.
 *
 * @example
 * const file = readHintsFile(JSON.parse(text), "hints.json");
 */
export function readHintsFile(json: unknown, source: string): HintsFile {
  const bad = (where: readonly (string | number)[], problem: string): ToolsiftError => {
    const place = where.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");
    return new ToolsiftError("invalid_hints", `hints file ${source}: ${place === "" ? "the file" : place} ${problem}`, { path: [source, ...where] });
  };
  let value = json;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch (cause) {
      throw bad([], `is not JSON (${(cause as Error).message})`);
    }
  }
  if (!isRecord(value)) throw bad([], `must be { format: "${HINTS_FORMAT}", version: ${HINTS_VERSION}, tools }`);
  if (value["format"] !== HINTS_FORMAT) throw bad(["format"], `must be "${HINTS_FORMAT}"`);
  if (value["version"] !== HINTS_VERSION) throw bad(["version"], `must be ${HINTS_VERSION} (this toolsift reads version ${HINTS_VERSION})`);
  const tools = value["tools"];
  if (!isRecord(tools)) throw bad(["tools"], "must be an object of entries by tool id");
  const out: [string, HintsEntry][] = [];
  for (const [id, entry] of Object.entries(tools)) {
    if (!isRecord(entry)) throw bad(["tools", id], "must be { digest, prompt, model?, en?, ru?, zh? }");
    for (const field of Object.keys(entry)) if (!ENTRY_FIELDS.has(field)) throw bad(["tools", id, field], "is not a field of an entry (digest, prompt, model, en, ru, zh)");
    if (typeof entry["digest"] !== "string" || !DIGEST.test(entry["digest"])) throw bad(["tools", id, "digest"], "must be 64 lower-case hex digits (SHA-256)");
    if (typeof entry["prompt"] !== "string" || entry["prompt"].length === 0) throw bad(["tools", id, "prompt"], "must be the prompt version, a string");
    if (entry["model"] !== undefined && typeof entry["model"] !== "string") throw bad(["tools", id, "model"], "must be a string");
    const checked: Record<string, unknown> = { digest: entry["digest"], prompt: entry["prompt"] };
    if (entry["model"] !== undefined) checked["model"] = entry["model"];
    for (const language of Object.keys(HINT_LANGUAGES)) {
      const list = entry[language];
      if (list === undefined) continue;
      if (!Array.isArray(list)) throw bad(["tools", id, language], "must be an array of strings");
      if (list.length > HINT_LIMITS.maxCount) throw bad(["tools", id, language], `has ${list.length} phrasings (at most ${HINT_LIMITS.maxCount})`);
      list.forEach((item: unknown, i) => {
        if (typeof item !== "string" || item.trim().length === 0 || item.length > HINT_LIMITS.maxPhrasingLength) throw bad(["tools", id, language, i], `must be a string of 1–${HINT_LIMITS.maxPhrasingLength} code units`);
      });
      checked[language] = Object.freeze([...(list as string[])]);
    }
    out.push([id, Object.freeze(checked) as unknown as HintsEntry]);
  }
  // fromEntries defines own properties: an id "__proto__" is a key like any other.
  return Object.freeze({ format: HINTS_FORMAT, version: HINTS_VERSION, tools: Object.freeze(Object.fromEntries(out)) });
}

/** Options of `hintAnnotations`. */
export interface HintAnnotationsOptions {
  /** The label field the words go to: `"aliases"` (weight 2, as `mcpHints`) or `"tags"` (weight 1). */
  readonly field?: "aliases" | "tags";
  /** The languages whose phrasings are used; all by default. */
  readonly languages?: readonly HintLanguage[];
}

/**
 * A hints file as host annotations: per tool, the distinct words of its phrasings
 * (case-folded as labels are) packed into labels of one field, as the MCP hints are. Pass them
 * as `toolSearch.annotations`; like every annotation they change ranking only.
 *
 * @example
 * const annotations = hintAnnotations(readHintsFile(json, "hints.json"));
 */
export function hintAnnotations(file: HintsFile, options: HintAnnotationsOptions = {}): ToolAnnotations {
  const field = options.field ?? "aliases";
  if (field !== "tags" && field !== "aliases") throw new ToolsiftError("invalid_option", 'hintAnnotations: field must be "tags" or "aliases"', { path: ["field"] });
  const languages = options.languages ?? (Object.keys(HINT_LANGUAGES) as HintLanguage[]);
  for (const language of languages) {
    if (!Object.hasOwn(HINT_LANGUAGES, language)) throw new ToolsiftError("invalid_option", `hintAnnotations: ${JSON.stringify(language)} is not a hint language (${Object.keys(HINT_LANGUAGES).join(", ")})`, { path: ["languages"] });
  }
  const entries: [string, ToolAnnotation][] = [];
  for (const [id, entry] of Object.entries(file.tools)) {
    const words = new Set<string>();
    for (const language of languages) {
      for (const phrasing of entry[language] ?? []) for (const word of (normalizeLabel(phrasing) ?? "").split(" ")) if (word.length > 0) words.add(word);
    }
    if (words.size > 0) entries.push([id, Object.freeze({ [field]: Object.freeze(packLabels([...words])) })]);
  }
  return Object.freeze(Object.fromEntries(entries));
}

/**
 * The annotations a file holds: a hints file (`toolsift hints write`, told apart by its
 * `format`) as `hintAnnotations` reads it, anything else checked as an annotations file
 * (`toolsift learn -o`). Used by `eval --hints` and the gateway's `hints`.
 *
 * @example
 * const annotations = annotationsOf(JSON.parse(text), "hints.json");
 */
export function annotationsOf(json: unknown, source: string): ToolAnnotations {
  if (isRecord(json) && json["format"] === HINTS_FORMAT) return hintAnnotations(readHintsFile(json, source));
  return checkAnnotations(json, source);
}

