import { LABEL_LIMITS } from "../trust/labels.js";
import type { ToolAnnotation, ToolAnnotations } from "../trust/tool-definition.js";

/**
 * A tool's words joined into labels of at most `LABEL_LIMITS.maxLength` code units, so they
 * fit the field's 16 labels: the index reads a label's words, not its boundaries.
 */
export function packLabels(words: readonly string[]): string[] {
  const out: string[] = [];
  let current = "";
  for (const word of words) {
    const joined = current.length === 0 ? word : `${current} ${word}`;
    if (joined.length <= LABEL_LIMITS.maxLength) current = joined;
    else {
      if (current.length > 0) out.push(current);
      current = word;
    }
  }
  if (current.length > 0) out.push(current);
  return out.slice(0, LABEL_LIMITS.perField);
}

/** Packed hint lines (`<id>\t<word> <word> …`, scripts/mcp-hints-pack.ts) as frozen annotations of one field. */
export function decodeHints(lines: string, field: "tags" | "aliases"): ToolAnnotations {
  const entries: [string, ToolAnnotation][] = [];
  for (const line of lines.length === 0 ? [] : lines.split("\n")) {
    const tab = line.indexOf("\t");
    entries.push([line.slice(0, tab), Object.freeze({ [field]: Object.freeze(packLabels(line.slice(tab + 1).split(" "))) })]);
  }
  // fromEntries defines own properties: an id "__proto__" is a key like any other.
  return Object.freeze(Object.fromEntries(entries));
}
