import type { ToolSpec } from "../trust/spec.js";

/** Parameters a signature names at most; the rest is "…". */
const MAX_SIGNATURE_PARAMS = 12;

// Abbreviations whose full stop does not end the first sentence ("to a new status (e.g. Done)").
const ABBREVIATIONS = /(?:^|[\s(])(?:e\.g|i\.e|vs|cf|etc|approx|incl|resp|no)\.$/iu;

/** The first line of a description, whitespace folded (an agent tool's own text). */
export function firstLine(description: string): string {
  return (description.split(/[\n\r]/u, 1)[0] ?? "").replace(/\s+/gu, " ").trim();
}

/** The first sentence of a one-line description: cut at a full stop that ends a sentence outside brackets. */
export function firstSentence(line: string): string {
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const unit = line[i];
    if (unit === "(" || unit === "[") depth++;
    else if ((unit === ")" || unit === "]") && depth > 0) depth--;
    else if ((unit === "." || unit === "!" || unit === "?") && depth === 0 && (i + 1 === line.length || line[i + 1] === " ")) {
      if (unit === "." && ABBREVIATIONS.test(line.slice(0, i + 1))) continue;
      return line.slice(0, i + 1);
    }
  }
  return line;
}

/**
 * A tool's one-line signature as a blind call is answered with it (docs/groups.md "Blind
 * calls"): `name(param1*, param2) — first sentence`, required parameters starred, in the
 * schema's order. `description` is the line a search result shows (trusted or withheld).
 *
 * @example
 * toolLine(spec, "Create a new issue. Needs a repo.") // "github__create_issue(owner*, repo*, title*, body) — Create a new issue."
 */
export function toolLine(spec: ToolSpec, description: string): string {
  const schema = spec.inputSchema as { properties?: unknown; required?: unknown };
  const properties = typeof schema.properties === "object" && schema.properties !== null ? Object.keys(schema.properties) : [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === "string") : []);
  const shown = properties.slice(0, MAX_SIGNATURE_PARAMS).map((name) => (required.has(name) ? `${name}*` : name));
  if (properties.length > MAX_SIGNATURE_PARAMS) shown.push("…");
  const sentence = firstSentence(description);
  return `${spec.name}(${shown.join(", ")})${sentence.length > 0 ? ` — ${sentence}` : ""}`;
}
