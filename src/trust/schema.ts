/** A JSON object as it is sent to a model. */
export type JsonObject = { readonly [key: string]: JsonValue };
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | JsonObject;

/**
 * Bounds of the sanitizer for an un-vouched third-party input schema. The schema's shape is
 * kept (the model needs it to call the tool); its free text is not (it is the server's
 * words, the same as its description).
 *
 * - `maxDepth`: sub-schemas nested deeper than this become `{}` (any value).
 * - `maxNodes`: sub-schemas read per schema; later ones become `{}`.
 * - `maxKeyLength`: code units of a kept property name, `required` entry, `$defs` key, or
 *   enum or const string.
 * - `maxEnum`: values of a kept `enum` (a longer one is dropped whole: a cut enum would tell
 *   the model that valid values are invalid), and sub-schemas of a kept list (`anyOf`, …).
 *   128 because the largest enum of the real MCP catalogue we measured has 126 values.
 * - `maxSpecChars`: UTF-16 code units of `JSON.stringify` of a whole un-vouched spec (name,
 *   withheld description, sanitized schema). Over it the schema degrades step by step
 *   (enums and consts go, then nesting below depth 8, 6, 4, 3, 2, 1, 0, then
 *   `{ type: "object" }`), so the spec always fits: a third-party name is at most 128 code
 *   units. 16,384 because of the 2,464 tools of 89 real MCP servers we measured, the
 *   median sanitized spec is 315 code units, the 99th percentile 4,852, and only one
 *   (18,610, a Postman collection update) is over 16,384, where it loses its enums only;
 *   8,192 would have cut 11 tools of two servers.
 */
export const SCHEMA_LIMITS = Object.freeze({
  maxDepth: 12,
  maxNodes: 1000,
  maxKeyLength: 64,
  maxEnum: 128,
  maxSpecChars: 16_384,
});

/** The types of the JSON Schema vocabulary: nothing else is a type. */
const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
/** The formats JSON Schema 2020-12 defines: a format outside them is the server's free text. */
const FORMATS = new Set([
  "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
  "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer", "relative-json-pointer", "regex",
]);
const SCHEMA_LIST_KEYS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);
const NUMBER_KEYS = new Set([
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
]);
const BOOLEAN_KEYS = new Set(["uniqueItems", "nullable", "readOnly", "writeOnly", "deprecated"]);

// A name the model must echo (a property, a `required` entry, a `$defs` key): ASCII letters,
// digits, `_`, `.`, `-`, optionally after one `$` (query languages such as MongoDB's `$and`).
// No whitespace, so no sentence; 64 code units, so no paragraph. The real MCP catalogue has
// no property name outside it.
const NAME = /^\$?[A-Za-z0-9_.-]+$/;
// An enum or const string may also hold `/ + : # @ , *` (MIME types, scopes, colours,
// `OPENAPI:3.1`): still one token, no whitespace, ASCII only (no bidi override, no
// look-alike letters). 29 of the 1,582 enums of the real catalogue hold a value outside it
// ("New York", "in progress") and are dropped whole.
const VALUE = /^[A-Za-z0-9_.\-/+:#@$,*]+$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True for a name the model must echo (a property, a `required` entry): one identifier token, at most `maxKeyLength`. */
export function isName(value: unknown): value is string {
  return typeof value === "string" && value.length <= SCHEMA_LIMITS.maxKeyLength && NAME.test(value);
}

function isValue(value: unknown): value is null | boolean | number | string {
  if (typeof value === "string") return value.length <= SCHEMA_LIMITS.maxKeyLength && VALUE.test(value);
  return value === null || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));
}

// `__proto__` is an ordinary property name; assignment would set the prototype instead.
function setOwn(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function names(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.slice(0, SCHEMA_LIMITS.maxEnum * 4).filter(isName))].slice(0, SCHEMA_LIMITS.maxEnum);
}

/** One degradation step: what of the schema is kept. */
interface Level {
  readonly enums: boolean;
  readonly maxDepth: number;
}

// Tried in order until the schema fits; only an oversized schema pays for more than one.
const LEVELS: readonly Level[] = [
  { enums: true, maxDepth: SCHEMA_LIMITS.maxDepth },
  ...[SCHEMA_LIMITS.maxDepth, 8, 6, 4, 3, 2, 1, 0].map((maxDepth) => ({ enums: false, maxDepth })),
];

/** Thrown when a level's output is surely over its budget: the next level is tried. */
const OVER_BUDGET = Symbol("over budget");

class Sanitizer {
  #nodes = 0;
  /** A lower bound of the output's JSON length (names and enum strings with their quotes). */
  #size = 0;
  readonly #level: Level;
  readonly #budget: number;
  /** The `$ref` targets that exist: `#` and the root's own identifier-named definitions. */
  readonly #targets: ReadonlySet<string>;

  constructor(level: Level, targets: ReadonlySet<string>, budget: number) {
    this.#level = level;
    this.#targets = targets;
    this.#budget = budget;
  }

  // Stops a level early, so a 19-million-character schema costs a budget's worth of work
  // per level instead of being built whole and then measured.
  #spend(units: number): void {
    this.#size += units;
    if (this.#size > this.#budget) throw OVER_BUDGET;
  }

  #map(field: unknown, depth: number): Record<string, JsonValue> {
    const map: Record<string, JsonValue> = {};
    if (!isPlainObject(field)) return map;
    for (const name of Object.keys(field)) {
      if (!isName(name)) continue;
      this.#spend(name.length + 4);
      setOwn(map, name, this.schema(field[name], depth + 1));
    }
    return map;
  }

  #list(field: unknown, depth: number): JsonValue[] {
    return Array.isArray(field) ? field.slice(0, SCHEMA_LIMITS.maxEnum).map((item) => this.schema(item, depth + 1)) : [];
  }

  schema(value: unknown, depth: number): JsonValue {
    if (typeof value === "boolean") return value;
    if (!isPlainObject(value) || depth > this.#level.maxDepth || ++this.#nodes > SCHEMA_LIMITS.maxNodes) return {};
    const out: Record<string, JsonValue> = {};
    for (const key of Object.keys(value)) {
      const field = value[key];
      if (key === "properties" && isPlainObject(field)) {
        out[key] = this.#map(field, depth);
      } else if ((key === "$defs" || key === "definitions") && depth === 0 && isPlainObject(field)) {
        // Only the root's definitions: every kept `$ref` points at one of them.
        out[key] = this.#map(field, depth);
      } else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(field)) {
        out[key] = this.#list(field, depth);
      } else if (key === "items") {
        out[key] = Array.isArray(field) ? this.#list(field, depth) : this.schema(field, depth + 1);
      } else if (key === "additionalProperties") {
        out[key] = this.schema(field, depth + 1);
      } else if (key === "type") {
        const types = (Array.isArray(field) ? field : [field]).filter((type): type is string => typeof type === "string" && TYPES.has(type));
        if (types.length > 0) out[key] = Array.isArray(field) ? [...new Set(types)] : types[0]!;
      } else if (key === "required") {
        const required = names(field);
        if (required.length > 0) out[key] = required;
      } else if (key === "enum") {
        if (this.#level.enums && Array.isArray(field) && field.length > 0 && field.length <= SCHEMA_LIMITS.maxEnum && field.every(isValue)) {
          for (const value of field) this.#spend(typeof value === "string" ? value.length + 3 : 1);
          out[key] = field as JsonValue[];
        }
      } else if (key === "const") {
        if (this.#level.enums && isValue(field)) out[key] = field;
      } else if (key === "$ref") {
        if (typeof field === "string" && this.#targets.has(field)) out[key] = field;
      } else if (key === "format") {
        if (typeof field === "string" && FORMATS.has(field)) out[key] = field;
      } else if (NUMBER_KEYS.has(key)) {
        if (typeof field === "number" && Number.isFinite(field)) out[key] = field;
      } else if (BOOLEAN_KEYS.has(key)) {
        if (typeof field === "boolean") out[key] = field;
      }
      // Everything else is dropped: the server's free text (description, title, examples,
      // default, pattern, $comment, $id, $anchor, content*, vendor and x- keys) and the
      // keywords a model does not need to form a call (not, if/then/else, contains,
      // patternProperties, propertyNames, dependent*, unevaluated*), whose keys or values
      // would be more channels to vet.
    }
    return out;
  }
}

function refTargets(schema: Record<string, unknown>): Set<string> {
  const targets = new Set(["#"]);
  for (const key of ["$defs", "definitions"]) {
    const definitions = schema[key];
    if (!isPlainObject(definitions)) continue;
    for (const name of Object.keys(definitions)) if (isName(name)) targets.add(`#/${key}/${name}`);
  }
  return targets;
}

/**
 * The shape of a third-party JSON Schema without its text (the un-vouched schema rule):
 * JSON Schema types, identifier-like property names and `required` entries, enums and
 * consts of identifier-like values, numeric bounds, formats of the JSON Schema vocabulary,
 * and `$ref`s to the schema's own definitions survive; every other string does not.
 * Bounded in depth, node count and, with `budget`, in `JSON.stringify` length: over it the
 * schema degrades deterministically (enums first, then nesting, then `{ type: "object" }`).
 *
 * @example
 * sanitizeSchema({ type: "object", properties: { q: { type: "string", description: "…" } } })
 * // { type: "object", properties: { q: { type: "string" } } }
 */
export function sanitizeSchema(schema: unknown, budget: number = Number.POSITIVE_INFINITY): JsonObject {
  if (!isPlainObject(schema)) return { type: "object" };
  const targets = refTargets(schema);
  for (const level of LEVELS) {
    let out: JsonValue;
    try {
      out = new Sanitizer(level, targets, budget).schema(schema, 0);
    } catch (error) {
      if (error === OVER_BUDGET) continue;
      throw error;
    }
    if (!isPlainObject(out) || Object.keys(out).length === 0) return { type: "object" };
    if (JSON.stringify(out).length <= budget) return out as JsonObject;
  }
  return { type: "object" };
}

/** A plain JSON copy of a schema, or `undefined` when it is not JSON (a cycle, a BigInt). */
export function jsonCopy(value: unknown): JsonObject | undefined {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return undefined;
  }
  if (text === undefined) return undefined;
  const copy: unknown = JSON.parse(text);
  return isPlainObject(copy) ? (copy as JsonObject) : undefined;
}
