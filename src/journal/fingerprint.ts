/**
 * A short, stable fingerprint of a JSON-able value (FNV-1a, two 32-bit lanes, 16 hex
 * digits). It identifies a configuration in a journal so that a replay under another one
 * can be told apart; it is not a security hash.
 *
 * @example
 * fingerprint({ maxPerSearch: 5 }) // "…16 hex digits…"
 */
export function fingerprint(value: unknown): string {
  const text = JSON.stringify(value) ?? "";
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x01000193) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}
