/** A JSON object as it is sent to a model. */
export type JsonObject = { readonly [key: string]: JsonValue };
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | JsonObject;

/**
 * Bounds of the sanitizer for an un-vouched third-party input schema. The schema's shape is
 * kept (the model needs it to call the tool); its free text is not (it is the server's
 * words, the same as its description).
 */
export const SCHEMA_LIMITS = Object.freeze({
  maxDepth: 12,
  maxNodes: 1000,
  maxKeyLength: 64,
  maxStringLength: 200,
  maxEnum: 100,
});

const SCHEMA_MAP_KEYS = new Set(["properties", "patternProperties", "$defs", "definitions"]);
const SCHEMA_LIST_KEYS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);
const SCHEMA_ONE_KEYS = new Set(["items", "additionalProperties", "not", "contains"]);
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
const SHORT_STRING_KEYS = new Set(["format", "pattern", "$ref"]);
const BOOLEAN_KEYS = new Set(["uniqueItems", "nullable"]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isShortString(value: unknown): value is string {
  return typeof value === "string" && value.length <= SCHEMA_LIMITS.maxStringLength;
}

function isPrimitive(value: unknown): value is null | boolean | number | string {
  return (
    value === null ||
    typeof value === "boolean" ||
    (typeof value === "number" && Number.isFinite(value)) ||
    isShortString(value)
  );
}

class Sanitizer {
  #nodes = 0;

  schema(value: unknown, depth: number): JsonValue {
    if (typeof value === "boolean") return value;
    if (!isPlainObject(value) || depth > SCHEMA_LIMITS.maxDepth || ++this.#nodes > SCHEMA_LIMITS.maxNodes) {
      return {};
    }
    const out: Record<string, JsonValue> = {};
    for (const key of Object.keys(value)) {
      const field = value[key];
      if (SCHEMA_MAP_KEYS.has(key) && isPlainObject(field)) {
        const map: Record<string, JsonValue> = {};
        for (const name of Object.keys(field)) {
          if (name.length > SCHEMA_LIMITS.maxKeyLength) continue;
          map[name] = this.schema(field[name], depth + 1);
        }
        out[key] = map;
      } else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(field)) {
        out[key] = field.slice(0, SCHEMA_LIMITS.maxEnum).map((item) => this.schema(item, depth + 1));
      } else if (SCHEMA_ONE_KEYS.has(key)) {
        out[key] = Array.isArray(field)
          ? field.slice(0, SCHEMA_LIMITS.maxEnum).map((item) => this.schema(item, depth + 1))
          : this.schema(field, depth + 1);
      } else if (key === "type") {
        if (isShortString(field)) out[key] = field;
        else if (Array.isArray(field)) out[key] = field.filter(isShortString).slice(0, 8);
      } else if (key === "required" && Array.isArray(field)) {
        out[key] = field
          .filter((name): name is string => typeof name === "string" && name.length <= SCHEMA_LIMITS.maxKeyLength)
          .slice(0, SCHEMA_LIMITS.maxEnum);
      } else if (key === "enum" && Array.isArray(field)) {
        out[key] = field.filter(isPrimitive).slice(0, SCHEMA_LIMITS.maxEnum);
      } else if (key === "const" && isPrimitive(field)) {
        out[key] = field;
      } else if (NUMBER_KEYS.has(key) && typeof field === "number" && Number.isFinite(field)) {
        out[key] = field;
      } else if (SHORT_STRING_KEYS.has(key) && isShortString(field)) {
        out[key] = field;
      } else if (BOOLEAN_KEYS.has(key) && typeof field === "boolean") {
        out[key] = field;
      }
      // Everything else (description, title, examples, default, $comment, vendor keys) is
      // the server's free text and is dropped.
    }
    return out;
  }
}

/**
 * The shape of a third-party JSON Schema without its text: property names, types,
 * `required`, enums and numeric bounds survive; descriptions, titles, examples and
 * defaults do not. Bounded in depth, node count and string length.
 *
 * @example
 * sanitizeSchema({ type: "object", properties: { q: { type: "string", description: "…" } } })
 * // { type: "object", properties: { q: { type: "string" } } }
 */
export function sanitizeSchema(schema: unknown): JsonObject {
  const out = new Sanitizer().schema(schema, 0);
  return isPlainObject(out) && Object.keys(out).length > 0 ? (out as JsonObject) : { type: "object" };
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

/** Freezes a JSON value and everything in it (specs handed to the host must not change). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
