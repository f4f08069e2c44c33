import { ToolsiftError } from "../errors.js";
import type { ToolSearchDoc, ToolSearchDocInput } from "../types.js";

/** The largest catalogue one index holds (document numbers use 20 bits of a posting). */
export const MAX_DOCUMENTS = 1 << 20;

// Fields of a tool definition that only `toolSearchDocs` reads (trust, parameters from a
// schema, a name as the id): a ranker given one as it is would rank on less than the tool
// says, or on a third party's text as if the host wrote it.
const DEFINITION_FIELDS = ["origin", "kind", "jsonInputSchema", "inputSchema", "input_schema", "parameters", "function", "name"] as const;

function definitionField(entry: object): string | undefined {
  for (const field of DEFINITION_FIELDS) {
    if ((entry as Record<string, unknown>)[field] !== undefined && (field !== "name" || (entry as { id?: unknown }).id === undefined)) return field;
  }
  return undefined;
}

// The checks of a catalogue and their errors, entry by entry; the first problem throws. Only
// reached when the fast checks below found something, so its error is the one a caller sees.
function reportInvalidDocs(docs: unknown): readonly ToolSearchDoc[] {
  if (!Array.isArray(docs)) {
    throw new ToolsiftError("invalid_catalogue", "the catalogue must be an array of tool search docs");
  }
  if (docs.length >= MAX_DOCUMENTS) {
    throw new ToolsiftError("invalid_catalogue", `a catalogue holds at most ${MAX_DOCUMENTS - 1} tools, got ${docs.length}`);
  }
  const seen = new Set<string>();
  docs.forEach((doc: unknown, index) => {
    const entry = doc as Partial<ToolSearchDoc> | null;
    const field = typeof entry === "object" && entry !== null ? definitionField(entry) : undefined;
    if (field !== undefined) {
      const which = typeof entry?.id === "string" ? ` ("${entry.id.slice(0, 80)}")` : "";
      throw new ToolsiftError(
        "invalid_catalogue",
        `catalogue entry ${index}${which} is a tool definition (it has ${field}): pass the tools through toolSearchDocs first, new Bm25ToolRanker(toolSearchDocs(tools))`,
        { path: [index, field] },
      );
    }
    if (typeof entry !== "object" || entry === null || typeof entry.id !== "string" || entry.id.length === 0) {
      throw new ToolsiftError("invalid_catalogue", `catalogue entry ${index} has no string id`, { path: [index, "id"] });
    }
    if (seen.has(entry.id)) {
      throw new ToolsiftError("duplicate_id", `catalogue entry ${index} repeats the id "${entry.id}"`, { path: [index, "id"] });
    }
    seen.add(entry.id);
    for (const key of ["tags", "aliases"] as const) {
      const value = entry[key];
      if (value === undefined) continue;
      if (!Array.isArray(value) || value.some((label) => typeof label !== "string")) {
        throw new ToolsiftError("invalid_catalogue", `catalogue entry ${index} ("${entry.id}"): ${key} must be an array of strings`, {
          path: [index, key],
        });
      }
    }
    if (entry.description !== undefined && typeof entry.description !== "string") {
      throw new ToolsiftError("invalid_catalogue", `catalogue entry ${index} ("${entry.id}"): description must be a string`, {
        path: [index, "description"],
      });
    }
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
      throw new ToolsiftError("invalid_catalogue", `catalogue entry ${index} ("${entry.id}"): params must be [{ name, description? }]`, {
        path: [index, "params"],
      });
    }
  });
  return docs as readonly ToolSearchDoc[];
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
 * `aliases` are empty (a tool as people have it, `{ id, description }`): those docs are
 * copies with the empty lists filled in, the others the caller's own objects.
 */
export function validateDocs(docs: unknown): readonly ToolSearchDoc[] {
  if (!Array.isArray(docs) || docs.length >= MAX_DOCUMENTS) return reportInvalidDocs(docs);
  let partial = false;
  for (let index = 0; index < docs.length; index++) {
    const entry = docs[index] as Partial<ToolSearchDoc> | null;
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
    partial ||= entry.tags === undefined || entry.aliases === undefined;
  }
  if (!partial) return docs as readonly ToolSearchDoc[];
  return (docs as readonly ToolSearchDocInput[]).map((doc) =>
    doc.tags !== undefined && doc.aliases !== undefined ? (doc as ToolSearchDoc) : { ...doc, tags: doc.tags ?? [], aliases: doc.aliases ?? [] },
  );
}

/**
 * Document numbers in the UTF-16 order of their ids (tie-breaks, DESIGN.md "Index layout").
 * Equal ids end up next to each other, so a repeated id is found here; `reportInvalidDocs`
 * then throws the `duplicate_id` error for the entry that repeats it first.
 */
export function idOrder(ids: readonly string[], docs: readonly ToolSearchDoc[]): number[] {
  const order = ids.map((_, index) => index).sort((left, right) => (ids[left]! < ids[right]! ? -1 : ids[left]! > ids[right]! ? 1 : 0));
  for (let rank = 1; rank < order.length; rank++) {
    if (ids[order[rank]!] === ids[order[rank - 1]!]) reportInvalidDocs(docs);
  }
  return order;
}
