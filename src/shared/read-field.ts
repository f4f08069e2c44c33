/**
 * `value[key]` of an object read from outside (a journal line, a skill's frontmatter), or
 * `undefined` when it is not an object or a getter or proxy trap throws.
 *
 * @example
 * readField({ a: 1 }, "a") // 1
 * readField("text", "a")   // undefined
 */
export function readField(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}
