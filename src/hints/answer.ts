// A model's answer to the hint prompt, read and bounded: one JSON object of phrasings by
// language, whatever prose or fence the model put around it. Everything a phrasing may carry
// into a hints file (and from there into labels) is bounded here.
import { cutCodeUnits, LABEL_LIMITS } from "../trust/labels.js";
import type { HintLanguage } from "./prompt.js";
import { isRecord } from "../shared/is-record.js";

/**
 * Bounds of the hint writer:
 * - `maxCount`: phrasings per language a run may ask for (`count` is 1 to this).
 * - `maxAnswerBytes`: UTF-8 bytes of one answer; a longer one is `hint_too_large`, unread.
 *   8 phrasings × 3 languages × 80 units is under 6 KiB even as Chinese UTF-8 with its JSON.
 * - `maxPhrasingLength`: UTF-16 code units of a phrasing, a label's (`LABEL_LIMITS.maxLength`).
 */
export const HINT_LIMITS = Object.freeze({
  maxCount: 8,
  maxAnswerBytes: 16 * 1024,
  maxPhrasingLength: LABEL_LIMITS.maxLength,
});

/** Why one tool got no new phrasings (the run goes on; its previous entry, if any, is kept). */
export type HintFailureCode =
  // the answer holds no JSON object of phrasing lists by language
  | "hint_malformed"
  // the model declined (Anthropic's stop_reason "refusal", OpenAI's refusal, a content filter)
  | "hint_refused"
  // the answer is over `HINT_LIMITS.maxAnswerBytes`
  | "hint_too_large"
  // the completer threw (a network error, a non-zero exit, a timeout)
  | "hint_error";

/** A parsed answer, or why it could not be used. */
export type ParsedAnswer =
  | { readonly ok: true; readonly phrasings: Readonly<Partial<Record<HintLanguage, readonly string[]>>> }
  | { readonly ok: false; readonly code: HintFailureCode; readonly message: string };

// Controls, line and paragraph separators become spaces; format characters (zero-width
// spaces and joiners, bidi marks, embeddings, overrides, isolates, the BOM) are removed.
const SPACING = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const FORMAT = /\p{Cf}/gu;
const WHITESPACE = /\s+/gu;
const FENCE = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/u;

/**
 * One phrasing as a hints file keeps it: NFC, controls and invisible characters gone,
 * whitespace collapsed and trimmed, at most `HINT_LIMITS.maxPhrasingLength` code units (cut at
 * the last space that fits, else at the bound). `undefined` for a non-string or an empty one.
 */
export function cleanPhrasing(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  const max = HINT_LIMITS.maxPhrasingLength;
  const text = raw.slice(0, max * 4).normalize("NFC").replace(SPACING, " ").replace(FORMAT, "").replace(WHITESPACE, " ").trim();
  if (text.length <= max) return text.length === 0 ? undefined : text;
  const space = text.lastIndexOf(" ", max);
  return (space > 0 ? text.slice(0, space) : cutCodeUnits(text, max)).trimEnd();
}

/** Cleans a list: at most `count` distinct phrasings (case-insensitively), in order. */
export function cleanPhrasings(list: readonly unknown[], count: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < list.length && i < count * 8 && out.length < count; i++) {
    const phrasing = cleanPhrasing(list[i]);
    if (phrasing === undefined || seen.has(phrasing.toLowerCase())) continue;
    seen.add(phrasing.toLowerCase());
    out.push(phrasing);
  }
  return out;
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

// The object in an answer: inside a ```json fence when there is one, else from the first "{"
// to the last "}", so prose before and after one object is tolerated.
function objectText(answer: string): string | undefined {
  const fenced = FENCE.exec(answer);
  const body = fenced === null ? answer : fenced[1]!;
  const start = body.indexOf("{");
  const end = body.lastIndexOf("}");
  return start === -1 || end < start ? undefined : body.slice(start, end + 1);
}

/**
 * Reads one answer: the requested languages' lists, each cleaned (`cleanPhrasings`); other
 * keys are ignored. Malformed when there is no JSON object, when it has none of the requested
 * languages, or when one of them is not an array.
 */
export function parseAnswer(answer: string, languages: readonly HintLanguage[], count: number): ParsedAnswer {
  if (answer.length > HINT_LIMITS.maxAnswerBytes || utf8Length(answer) > HINT_LIMITS.maxAnswerBytes) {
    return { ok: false, code: "hint_too_large", message: `the answer is over ${HINT_LIMITS.maxAnswerBytes} bytes` };
  }
  const text = objectText(answer);
  let json: unknown;
  try {
    json = text === undefined ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!isRecord(json)) return { ok: false, code: "hint_malformed", message: "the answer holds no JSON object" };
  const phrasings: Partial<Record<HintLanguage, readonly string[]>> = {};
  let found = 0;
  for (const language of languages) {
    if (!Object.hasOwn(json, language)) continue;
    const list = json[language];
    if (!Array.isArray(list)) return { ok: false, code: "hint_malformed", message: `the answer's "${language}" is not a list` };
    phrasings[language] = Object.freeze(cleanPhrasings(list, count));
    found++;
  }
  if (found === 0) return { ok: false, code: "hint_malformed", message: `the answer has none of the languages ${languages.join(", ")}` };
  for (const language of languages) phrasings[language] ??= Object.freeze([]);
  return { ok: true, phrasings: Object.freeze(phrasings) };
}
