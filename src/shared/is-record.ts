/**
 * A plain object read from outside (JSON, a config, a server's answer): not null, not an array.
 *
 * @example
 * isRecord({ a: 1 }) // true
 * isRecord([1])      // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
