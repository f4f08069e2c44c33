/**
 * Label bounds (DESIGN.md "Trust"): every tag and alias that reaches the index is normalized and
 * bounded here, whoever wrote it (host annotations, a first-party tool, a skill).
 */
export const LABEL_LIMITS = Object.freeze({
  /** Labels kept per field (tags, aliases) per tool, after deduplication. */
  perField: 16,
  /** UTF-16 code units kept per label; a longer label is cut, never dropped. */
  maxLength: 80,
  /**
   * Raw entries read per input array. A hostile array of a million empty strings costs at
   * most this many reads; 1024 is far beyond any honest list (16 survive anyway).
   */
  maxScanned: 1024,
});

// Control and format characters (zero-width joiners, bidi overrides) become spaces: the
// analyzer treats them as separators anyway, and a label must never smuggle them through.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const WHITESPACE = /\s+/gu;

/** Cuts `text` to at most `max` UTF-16 code units without leaving a lone high surrogate. */
export function cutCodeUnits(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
  return text.slice(0, end);
}

/**
 * One label as the index sees it: NFKC, case-folded, whitespace collapsed, at most
 * `LABEL_LIMITS.maxLength` code units. Returns `undefined` for a non-string or an empty label.
 *
 * @example
 * normalizeLabel("  Bill   the ＣＵＳＴＯＭＥＲ ") // "bill the customer"
 */
export function normalizeLabel(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  // Cut before normalizing so a megabyte label costs no more than a short one; NFKC can
  // only grow a string by a bounded factor, so the second cut below is the real bound.
  const bounded = raw.slice(0, LABEL_LIMITS.maxLength * 4);
  const folded = bounded.normalize("NFKC").toLowerCase().normalize("NFKC");
  const collapsed = folded.replace(INVISIBLE, " ").replace(WHITESPACE, " ").trim();
  if (collapsed.length === 0) return undefined;
  return cutCodeUnits(collapsed, LABEL_LIMITS.maxLength).trimEnd();
}

/**
 * Normalizes and merges label lists in priority order (earlier lists win the 16 places),
 * deduplicated after normalization. Non-array inputs and non-string entries are ignored.
 *
 * @example
 * normalizeLabels(["Billing"], ["billing", "Invoices"]) // ["billing", "invoices"]
 */
export function normalizeLabels(...sources: readonly unknown[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    if (!Array.isArray(source)) continue;
    const scanned = Math.min(source.length, LABEL_LIMITS.maxScanned);
    for (let i = 0; i < scanned && out.length < LABEL_LIMITS.perField; i++) {
      const label = normalizeLabel(source[i]);
      if (label === undefined || seen.has(label)) continue;
      seen.add(label);
      out.push(label);
    }
  }
  return out;
}
