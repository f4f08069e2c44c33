import type { ToolParamDoc, ToolSearchDocInput } from "../types.js";
import type { CoreMemory } from "./memory.js";
import { FIELD_ALIASES, FIELD_DESCRIPTION, FIELD_NAME, FIELD_PARAMS, FIELD_SUMMARY, FIELD_TAGS, STATUS_STAGED_REFUSED } from "./abi.js";
import { summaryEnd } from "./summary.js";

/** A field is read to at most this many UTF-16 code units (docs/analyzer.md §A1). */
export const MAX_FIELD_UNITS = 2000;
/** The raw query is cut to this many code units before anything else (docs/analyzer.md §A1). */
export const MAX_QUERY_UNITS = 512;

/** docs/analyzer.md §A1: cut, NFKC, cut again. */
export function prepareField(text: string): string {
  return normalize(text.slice(0, MAX_FIELD_UNITS)).slice(0, MAX_FIELD_UNITS);
}

export function prepareQuery(query: string): string {
  return normalize(query.slice(0, MAX_QUERY_UNITS));
}

// Units other than ASCII and a few that NFKC leaves alone wherever they stand: en and em dash,
// curly quotes, bullet, right arrow, warning sign, ideographic comma and full stop, corner and
// lenticular brackets, CJK unified ideographs, variation selector 16, and the surrogates of
// U+1F400–U+1F7FF (pictographs and emoji; a lone surrogate is left alone too). Each has no
// decomposition and canonical class 0 and is the second unit of no composition; the one that
// composes with what follows (→ with U+0338) leaves that to a unit outside the set. Text
// without such units is its own NFKC form: skipping the call halves the cost of building an
// index, and spares it for all but 98 of the 2,464 tools of the MCP catalogue.
export const MAY_CHANGE = /[^\x00-\x7f\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2192\u26a0\u3001\u3002\u300c\u300d\u3010\u3011\u4e00-\u9fff\ufe0f\ud83d\udc00-\udfff]/;

function normalize(text: string): string {
  return MAY_CHANGE.test(text) ? text.normalize("NFKC") : text;
}

function paramsText(params: readonly ToolParamDoc[] | undefined): string {
  return (params ?? []).map((param) => (param.description ? `${param.name}\n${param.description}` : param.name)).join("\n");
}

// Field `field` of `doc` before preparation; `end` is where its description's summary ends.
function fieldText(doc: ToolSearchDocInput, field: number, end: number): string {
  switch (field) {
    case FIELD_NAME:
      return doc.id;
    case FIELD_ALIASES:
      return (doc.aliases ?? []).join("\n");
    case FIELD_TAGS:
      return (doc.tags ?? []).join("\n");
    case FIELD_SUMMARY:
      return (doc.description ?? "").slice(0, end);
    case FIELD_DESCRIPTION:
      return (doc.description ?? "").slice(end);
    default:
      return paramsText(doc.params);
  }
}

/** The six field texts of one document, in index order (docs/analyzer.md §A5), before preparation. */
export function documentFields(doc: ToolSearchDocInput): [string, string, string, string, string, string] {
  const end = summaryEnd(doc.description ?? "");
  return [0, 1, 2, 3, 4, 5].map((field) => fieldText(doc, field, end)) as [string, string, string, string, string, string];
}

const NEWLINE = "\n";

/**
 * Adds a document's prepared fields to a building core: exactly `core.addField` on
 * `prepareField(documentFields(doc)[field])` for each non-empty field. Each field's first
 * MAX_FIELD_UNITS code units are gathered into one string (parts past the cut are not read),
 * and the six are written as UTF-8 into the core's staging window in one `encodeInto` call
 * (its per-call cost is most of the cost of a short field) and given to the core in one call
 * with their unit counts (`addStagedDocument`). One byte per unit read proves the text ASCII,
 * its own NFKC form. Other text is staged as it is too: the core's decoder folds fullwidth
 * ASCII, and refuses (−2) a document with a code point outside `MAY_CHANGE`'s stable units
 * and that range, which is then normalized field by field (§A1) and staged again (98 of the
 * MCP catalogue's 2,464 tools); no scan of the text on the host. One whose UTF-8 does not fit
 * the window, or would hide a lone surrogate (the core sees U+FFFD), goes field by field, a
 * field that still fails unit by unit.
 */
export class FieldWriter {
  readonly #memory: CoreMemory;
  readonly #encoder = new TextEncoder();
  readonly #texts = ["", "", "", "", "", ""];

  constructor(memory: CoreMemory) {
    this.#memory = memory;
  }

  /** Adds the fields of `doc` as document number `document`. */
  add(document: number, doc: ToolSearchDocInput): void {
    const texts = this.#texts;
    const description = doc.description ?? "";
    const end = summaryEnd(description);
    texts[FIELD_NAME] = doc.id.slice(0, MAX_FIELD_UNITS);
    texts[FIELD_ALIASES] = linesStart(doc.aliases);
    texts[FIELD_TAGS] = linesStart(doc.tags);
    texts[FIELD_SUMMARY] = description.slice(0, Math.min(end, MAX_FIELD_UNITS));
    texts[FIELD_DESCRIPTION] = description.slice(end, end + MAX_FIELD_UNITS);
    texts[FIELD_PARAMS] = paramsStart(doc.params);
    // Staged as they are, then (the core found a code point NFKC may change) prepared.
    for (let check = 1; check >= 0; check--) {
      if (check === 0) for (let field = 0; field < texts.length; field++) texts[field] = prepareField(texts[field]!);
      const whole = texts[0]! + texts[1]! + texts[2]! + texts[3]! + texts[4]! + texts[5]!;
      const { read, written } = this.#encoder.encodeInto(whole, this.#memory.staging());
      if (read < whole.length) break;
      const [name, aliases, tags, summary, rest, params] = texts as [string, string, string, string, string, string];
      const units = this.#memory.core.addStagedDocument(document, written, check, name.length, aliases.length, tags.length, summary.length, rest.length, params.length);
      if (units >= 0) return;
      if (units === STATUS_STAGED_REFUSED) break;
    }
    for (let field = 0; field < texts.length; field++) {
      const text = texts[field]!;
      if (text.length > 0) this.#addField(document, field, text);
    }
  }

  // One field alone, prepared (§A1): staged when its UTF-8 decodes, else unit by unit.
  #addField(document: number, field: number, text: string): void {
    const memory = this.#memory;
    const prepared = prepareField(text);
    const counts = [0, 0, 0, 0, 0, 0];
    counts[field] = prepared.length;
    // At most 3 bytes per unit: 6,000 bytes, within the staging window.
    const { written } = this.#encoder.encodeInto(prepared, memory.staging());
    if (memory.core.addStagedDocument(document, written, 0, ...(counts as [number, number, number, number, number, number])) >= 0) return;
    const length = memory.write(prepared);
    if (length > 0) memory.core.addField(document, field, length);
  }
}

// `text + part`, cut at MAX_FIELD_UNITS (a slice of a long part is a view, not a copy).
function appendCut(text: string, part: string): string {
  const room = MAX_FIELD_UNITS - text.length;
  return text + (part.length <= room ? part : part.slice(0, room));
}

// A hole in a sparse array (validation lets them through) is an empty part, as in `join`;
// missing labels (a doc as people have it) are none.
function linesStart(lines: readonly string[] = []): string {
  let text = "";
  for (let index = 0; index < lines.length && text.length < MAX_FIELD_UNITS; index++) {
    if (index > 0) text = appendCut(text, NEWLINE);
    const line = lines[index];
    if (line !== undefined) text = appendCut(text, line);
  }
  return text;
}

function paramsStart(params: readonly ToolParamDoc[] | undefined): string {
  let text = "";
  if (params === undefined) return text;
  for (let index = 0; index < params.length && text.length < MAX_FIELD_UNITS; index++) {
    if (index > 0) text = appendCut(text, NEWLINE);
    const param = params[index];
    if (param === undefined) continue;
    text = appendCut(text, param.name);
    if (param.description) text = appendCut(appendCut(text, NEWLINE), param.description);
  }
  return text;
}
