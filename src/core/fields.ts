import type { ToolSearchDoc } from "../types.js";
import { splitSummary } from "./summary.js";

/** A field is read to at most this many UTF-16 code units (SPEC §1.6). */
export const MAX_FIELD_UNITS = 2000;
/** The raw query is cut to this many code units before anything else (SPEC §1.7). */
export const MAX_QUERY_UNITS = 512;

/** DESIGN.md §A1: cut, NFKC, cut again. */
export function prepareField(text: string): string {
  return normalize(text.slice(0, MAX_FIELD_UNITS)).slice(0, MAX_FIELD_UNITS);
}

export function prepareQuery(query: string): string {
  return normalize(query.slice(0, MAX_QUERY_UNITS));
}

const NOT_ASCII = /[^\x00-\x7f]/;

// ASCII text is its own NFKC form; skipping the call halves the cost of building an index.
function normalize(text: string): string {
  return NOT_ASCII.test(text) ? text.normalize("NFKC") : text;
}

/** The six field texts of one document, in index order (DESIGN.md §A5), before preparation. */
export function documentFields(doc: ToolSearchDoc): [string, string, string, string, string, string] {
  const [summary, rest] = splitSummary(doc.description ?? "");
  const params = (doc.params ?? [])
    .map((param) => (param.description ? `${param.name}\n${param.description}` : param.name))
    .join("\n");
  return [doc.id, doc.aliases.join("\n"), doc.tags.join("\n"), summary, rest, params];
}
