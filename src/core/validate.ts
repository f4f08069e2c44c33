import { ToolsiftError } from "../errors.js";
import type { ToolSearchDocInput } from "../types.js";

/** The largest catalogue one index holds (document numbers use 20 bits of a posting). */
export const MAX_DOCUMENTS = 1 << 20;

// Fields of a tool definition that only `toolSearchDocs` reads (trust, parameters from a
// schema, a name as the id): a ranker given one as it is would rank on less than the tool
// says, or on a third party's text as if the host wrote it.
const DEFINITION_FIELDS = "origin kind jsonInputSchema inputSchema input_schema parameters function name".split(" ");

function definitionField(entry: object): string | undefined {
  for (const field of DEFINITION_FIELDS) {
    if ((entry as Record<string, unknown>)[field] !== undefined && (field !== "name" || (entry as { id?: unknown }).id === undefined)) return field;
  }
  return undefined;
}

// An entry's error: `catalogue entry 3 ("id"): tags must be …`, its path the entry and field.
function refuse(index: number, field: string, problem: string, code: "invalid_catalogue" | "duplicate_id" = "invalid_catalogue"): never {
  throw new ToolsiftError(code, `catalogue entry ${index}${problem}`, { path: [index, field] });
}

// The checks of a catalogue and their errors, entry by entry; the first problem throws. Only
// reached when the fast checks below found something, so its error is the one a caller sees.
function reportInvalidDocs(docs: unknown): readonly ToolSearchDocInput[] {
  if (!Array.isArray(docs)) {
    throw new ToolsiftError("invalid_catalogue", "the catalogue must be an array of tool search docs");
  }
  if (docs.length >= MAX_DOCUMENTS) {
    throw new ToolsiftError("invalid_catalogue", `a catalogue holds at most ${MAX_DOCUMENTS - 1} tools, got ${docs.length}`);
  }
  const seen = new Set<string>();
  docs.forEach((doc: unknown, index) => {
    const entry = doc as Partial<ToolSearchDocInput> | null;
    const field = typeof entry === "object" && entry !== null ? definitionField(entry) : undefined;
    if (field !== undefined) refuse(index, field, ` has ${field}: pass tool definitions through toolSearchDocs`);
    if (typeof entry !== "object" || entry === null || typeof entry.id !== "string" || entry.id.length === 0) refuse(index, "id", " has no string id");
    const id = entry.id;
    if (seen.has(id)) refuse(index, "id", ` repeats the id "${id}"`, "duplicate_id");
    seen.add(id);
    for (const key of ["tags", "aliases"] as const) {
      const value = entry[key];
      if (value !== undefined && (!Array.isArray(value) || value.some((label) => typeof label !== "string"))) {
        refuse(index, key, ` ("${id}"): ${key} must be an array of strings`);
      }
    }
    if (entry.description !== undefined && typeof entry.description !== "string") refuse(index, "description", ` ("${id}"): description must be a string`);
    if (
      entry.params !== undefined &&
      (!Array.isArray(entry.params) ||
        entry.params.some(
          (param) =>
            typeof param !== "object" ||
            param === null ||
            typeof param.name !== "string" ||
            (param.description !== undefined && typeof param.description !== "string"),
        ))
    ) {
      refuse(index, "params", ` ("${id}"): params must be [{ name, description? }]`);
    }
  });
  return docs as readonly ToolSearchDocInput[];
}

function isStringArray(value: unknown): boolean {
  if (value === undefined) return true;
  if (!Array.isArray(value)) return false;
  for (let index = 0; index < value.length; index++) if (typeof value[index] !== "string") return false;
  return true;
}

function areParams(value: unknown): boolean {
  if (value === undefined) return true;
  if (!Array.isArray(value)) return false;
  for (let index = 0; index < value.length; index++) {
    const param = value[index] as { name?: unknown; description?: unknown } | null;
    if (typeof param !== "object" || param === null || typeof param.name !== "string") return false;
    if (param.description !== undefined && typeof param.description !== "string") return false;
  }
  return true;
}

/**
 * Checks a catalogue before a build: plain loops, and no set of ids (`idOrder` finds a
 * repeated id in the order it sorts anyway). Anything that fails a check, and anything these
 * stricter loops reject that `some` and `forEach` would pass (a hole in a sparse array),
 * goes through `reportInvalidDocs`, which throws the same error as always. Missing `tags` and
 * `aliases` are let through: the fields read them as empty (a tool as people have it).
 */
export function validateDocs(docs: unknown): readonly ToolSearchDocInput[] {
  if (!Array.isArray(docs) || docs.length >= MAX_DOCUMENTS) return reportInvalidDocs(docs);
  for (let index = 0; index < docs.length; index++) {
    const entry = docs[index] as Partial<ToolSearchDocInput> | null;
    if (
      typeof entry !== "object" ||
      entry === null ||
      typeof entry.id !== "string" ||
      entry.id.length === 0 ||
      !isStringArray(entry.tags) ||
      !isStringArray(entry.aliases) ||
      (entry.description !== undefined && typeof entry.description !== "string") ||
      !areParams(entry.params) ||
      definitionField(entry) !== undefined
    ) {
      return reportInvalidDocs(docs);
    }
  }
  return docs as readonly ToolSearchDocInput[];
}

/**
 * Document numbers in the UTF-16 order of their ids (tie-breaks, DESIGN.md "Index layout").
 * Equal ids end up next to each other, so a repeated id is found here; `reportInvalidDocs`
 * then throws the `duplicate_id` error for the entry that repeats it first.
 */
export function idOrder(ids: readonly string[], docs: readonly ToolSearchDocInput[]): number[] {
  const order = ids.map((_, index) => index).sort((left, right) => (ids[left]! < ids[right]! ? -1 : ids[left]! > ids[right]! ? 1 : 0));
  for (let rank = 1; rank < order.length; rank++) {
    if (ids[order[rank]!] === ids[order[rank - 1]!]) reportInvalidDocs(docs);
  }
  return order;
}
