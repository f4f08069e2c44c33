import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolsiftError } from "../errors.js";
import type { ToolSearchDoc } from "../types.js";
import { idOrder, validateDocs } from "./validate.js";

const definitionFields = ["origin", "kind", "jsonInputSchema", "inputSchema", "input_schema", "parameters", "function", "name"];

// The checks as they were written before the fast path: entry by entry, a set of ids seen.
// The first problem in entry order throws; the fast path must throw the same error.
function referenceErrors(docs: unknown[]): void {
  const seen = new Set<string>();
  docs.forEach((doc: unknown, index) => {
    const entry = doc as Partial<ToolSearchDoc> | null;
    const field = typeof entry === "object" && entry !== null ? definitionFields.find((key) => (entry as Record<string, unknown>)[key] !== undefined && (key !== "name" || entry.id === undefined)) : undefined;
    if (field !== undefined) {
      throw new ToolsiftError("invalid_catalogue", `catalogue entry ${index} has ${field}: pass tool definitions through toolSearchDocs`, { path: [index, field] });
    }
    if (typeof entry !== "object" || entry === null || typeof entry.id !== "string" || entry.id.length === 0) {
      throw new ToolsiftError("invalid_catalogue", `catalogue entry ${index} has no string id`, { path: [index, "id"] });
    }
    if (seen.has(entry.id)) throw new ToolsiftError("duplicate_id", `catalogue entry ${index} repeats the id "${entry.id}"`, { path: [index, "id"] });
    seen.add(entry.id);
    for (const key of ["tags", "aliases"] as const) {
      const value = entry[key];
      if (value === undefined) continue;
      if (!Array.isArray(value) || value.some((label) => typeof label !== "string")) {
        throw new ToolsiftError("invalid_catalogue", `catalogue entry ${index} ("${entry.id}"): ${key} must be an array of strings`, { path: [index, key] });
      }
    }
    if (entry.description !== undefined && typeof entry.description !== "string") {
      throw new ToolsiftError("invalid_catalogue", `catalogue entry ${index} ("${entry.id}"): description must be a string`, { path: [index, "description"] });
    }
    const params: unknown = entry.params;
    if (
      params !== undefined &&
      (!Array.isArray(params) ||
        params.some((param: { name?: unknown; description?: unknown } | null) => typeof param !== "object" || param === null || typeof param.name !== "string" || (param.description !== undefined && typeof param.description !== "string")))
    ) {
      throw new ToolsiftError("invalid_catalogue", `catalogue entry ${index} ("${entry.id}"): params must be [{ name, description? }]`, { path: [index, "params"] });
    }
  });
}

function thrown(run: () => void): { code: string; message: string; path: unknown } | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    const { code, message, path } = error as ToolsiftError;
    return { code, message, path };
  }
}

const goodDoc = fc.record(
  {
    id: fc.constantFrom("a", "b", "c", "d", "a_b", "B", "é"),
    tags: fc.array(fc.constantFrom("x", "y"), { maxLength: 2 }),
    aliases: fc.array(fc.constantFrom("x", "y"), { maxLength: 2 }),
    description: fc.constantFrom("Reads a file.", undefined),
    params: fc.constantFrom(undefined, [], [{ name: "path" }], [{ name: "path", description: "where" }]),
  },
  // Tags and aliases may be left out (a tool as people have it).
  { requiredKeys: ["id", "description", "params"] },
);

// Each defect the checks name, plus holes (which `some` skips and a plain loop does not).
const defect = fc.constantFrom<(doc: Record<string, unknown>) => unknown>(
  (doc) => ({ ...doc, id: "" }),
  (doc) => ({ ...doc, id: 7 }),
  () => null,
  () => "tool",
  (doc) => ({ ...doc, tags: ["x", 1] }),
  (doc) => ({ ...doc, tags: "x" }),
  (doc) => ({ ...doc, aliases: [null] }),
  (doc) => ({ ...doc, aliases: [, "x"] }),
  (doc) => ({ ...doc, description: 3 }),
  (doc) => ({ ...doc, params: [{ name: 1 }] }),
  (doc) => ({ ...doc, params: [{ name: "p", description: 2 }] }),
  (doc) => ({ ...doc, params: [null] }),
  (doc) => ({ ...doc, params: [, { name: "p" }] }),
  (doc) => ({ ...doc, params: {} }),
  (doc) => ({ ...doc, origin: "remote" }),
  (doc) => ({ ...doc, inputSchema: { type: "object" } }),
  (doc) => ({ name: doc?.["id"] ?? "a", description: "A definition named, not identified." }),
);

const catalogue = fc
  .tuple(fc.array(goodDoc, { maxLength: 8 }), fc.array(fc.tuple(fc.nat(), defect), { maxLength: 3 }))
  .map(([docs, defects]) => {
    const entries: unknown[] = docs;
    for (const [at, spoil] of defects) if (entries.length > 0) entries[at % entries.length] = spoil(docs[at % docs.length]!);
    return entries;
  });

describe("validateDocs and idOrder", () => {
  it("throw the error of the entry-by-entry checks, for any mix of defects and repeated ids", () => {
    fc.assert(
      fc.property(catalogue, (docs) => {
        const fast = thrown(() => {
          const checked = validateDocs(docs);
          idOrder(
            checked.map((doc) => doc.id),
            checked,
          );
        });
        expect(fast).toEqual(thrown(() => referenceErrors(docs)));
      }),
      { numRuns: 2000 },
    );
  });

  it("take tools as people have them: missing tags and aliases pass, the docs are the caller's", () => {
    const given = [{ id: "x", description: "Sends a message." }, { id: "y", tags: ["t"], aliases: [] }];
    expect(validateDocs(given)).toBe(given);
  });

  it("send a tool definition (origin, a schema, a name without an id) to toolSearchDocs", () => {
    for (const [tool, field] of [
      [{ id: "mcp__x", origin: "remote" }, "origin"],
      [{ id: "x", jsonInputSchema: {} }, "jsonInputSchema"],
      [{ id: "x", inputSchema: { properties: { a: {} } } }, "inputSchema"],
      [{ name: "x", description: "…" }, "name"],
    ] as const) {
      const error = thrown(() => validateDocs([tool]));
      expect(error?.code).toBe("invalid_catalogue");
      expect(error?.message).toContain(`has ${field}: pass tool definitions through toolSearchDocs`);
      expect(error?.path).toEqual([0, field]);
    }
  });

  it("orders document numbers by id in UTF-16 order", () => {
    expect(idOrder(["b", "a", "é", "B"], [])).toEqual([3, 1, 0, 2]);
  });
});
