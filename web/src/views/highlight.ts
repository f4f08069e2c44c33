// Marks the words of a text that the analyzer turns into one of the matched terms. Words
// are analyzed one at a time through the ranker (the same analyzer that built the index),
// cached per ranker, so plurals, stems and joined words highlight exactly when they matched.
import type { Bm25ToolRanker } from "../../../src/entry/browser.js";
import { h } from "../ui/dom.js";

// Words, with camelCase parts apart (`searchFlightsByNumber` → search, Flights, By, Number).
const WORD = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[\p{L}\p{N}]+/gu;
const caches = new WeakMap<Bm25ToolRanker, Map<string, readonly string[]>>();

function tokens(ranker: Bm25ToolRanker, word: string): readonly string[] {
  let cache = caches.get(ranker);
  if (cache === undefined) {
    cache = new Map();
    caches.set(ranker, cache);
  }
  let analyzed = cache.get(word);
  if (analyzed === undefined) {
    analyzed = ranker.analyze(word);
    cache.set(word, analyzed);
  }
  return analyzed;
}

/** A run of tool text and the inline style its markdown gave it. */
export interface InlineSpan {
  readonly text: string;
  readonly style: "plain" | "strong" | "code";
}

// The inline markdown tool authors write in descriptions, as a tiny safe subset: `code`,
// **bold** (its markers hugging text, so a glob like '**/*.ext' stays as typed) and
// [links](url) shown as their text. A span a clipped description cut open runs to the "…"
// (bold only when a letter or digit follows its "**", which a glob's "**/" is not).
// Tool names cannot hold these characters (MCP names are [A-Za-z0-9_.-]), so every text that
// is highlighted can go through this.
const INLINE = /`([^`\n]+)`|\*\*(?=\S)((?:(?!\*\*)[\s\S])*?\S)\*\*|\[([^\]\n]+)\]\([^()\s]*\)|`([^`\n]+…)$|\*\*(?=[\p{L}\p{N}])((?:(?!\*\*)[\s\S])+…)$/gu;

/** Splits tool text into plain, bold and code runs; the markers themselves are dropped. */
export function inlineMarkdown(text: string): InlineSpan[] {
  const spans: InlineSpan[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) spans.push({ text: text.slice(last, match.index), style: "plain" });
    const [, code, strong, link, openCode, openStrong] = match;
    if (code !== undefined || openCode !== undefined) spans.push({ text: (code ?? openCode)!, style: "code" });
    else if (strong !== undefined || openStrong !== undefined) spans.push({ text: (strong ?? openStrong)!, style: "strong" });
    else spans.push({ text: link!, style: "plain" });
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push({ text: text.slice(last), style: "plain" });
  return spans;
}

function markWords(text: string, matched: ReadonlySet<string>, ranker: Bm25ToolRanker): Node[] {
  if (matched.size === 0 || text.length === 0) return [document.createTextNode(text)];
  const nodes: Node[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (!tokens(ranker, word).some((token) => matched.has(token))) continue;
    if (match.index > last) nodes.push(document.createTextNode(text.slice(last, match.index)));
    nodes.push(h("mark", {}, word));
    last = match.index + word.length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

/** The text as nodes (text nodes and elements, never parsed HTML), with matched words in `<mark>`. */
export function highlight(text: string, matched: ReadonlySet<string>, ranker: Bm25ToolRanker): Node[] {
  return inlineMarkdown(text).flatMap((span) => {
    const nodes = markWords(span.text, matched, ranker);
    return span.style === "plain" ? nodes : [h(span.style === "strong" ? "strong" : "code", {}, nodes)];
  });
}

/** Cuts a description for a hit line at a word boundary. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(" ", max);
  return `${text.slice(0, cut > max * 0.6 ? cut : max)}…`;
}

/** Lets a long tool id wrap after `_`, `-`, `.` or `/` instead of in the middle of a word. */
export function breakable(nodes: readonly Node[]): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    if (node.nodeType !== Node.TEXT_NODE) {
      out.push(node);
      continue;
    }
    const parts = (node.textContent ?? "").split(/(?<=[_\-./])(?![_\-./])/);
    parts.forEach((part, index) => {
      if (index > 0) out.push(document.createElement("wbr"));
      out.push(document.createTextNode(part));
    });
  }
  return out;
}
