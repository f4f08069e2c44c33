import { readParams } from "../trust/params.js";
import { toolTrust } from "../trust/policy.js";
import { catalogueTools, toolSearchDocs } from "../trust/tool-docs.js";
import { toolKey, type Catalogue, type ToolDefinition, type TrustJsonSchemaText } from "../trust/tool-definition.js";
import type { WordAnalyzer } from "./learn.js";

// The analyzer reads a field's first 2,000 code units; withheld text is read whole, in
// pieces of that size, since the model may read all of it.
const PIECE_UNITS = 2000;

function addTerms(into: Set<string>, analyzer: WordAnalyzer, text: string | undefined, whole: boolean): void {
  if (text === undefined || text.length === 0) return;
  const end = whole ? text.length : Math.min(text.length, PIECE_UNITS);
  for (let start = 0; start < end; start += PIECE_UNITS) {
    for (const term of analyzer.analyze(text.slice(start, Math.min(end, start + PIECE_UNITS)))) into.add(term);
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

// Every text of a third-party tool whose own text the trust policy withholds: its
// description (plain or tainted), its labels and the parameter text of both schemas.
function withheldTexts(tool: ToolDefinition): string[] {
  const raw: unknown = tool.description;
  const description = typeof raw === "string" ? raw : typeof (raw as { text?: unknown } | undefined)?.text === "string" ? (raw as { text: string }).text : undefined;
  const params = [...readParams(tool, "jsonInputSchema"), ...readParams(tool, "inputSchema")].map((param) => `${param.name}\n${param.description ?? ""}`);
  return [...(description === undefined ? [] : [description]), ...strings(tool.tags), ...strings(tool.aliases), ...params];
}

/**
 * What "a word only a third-party text carried" means for learning (DESIGN.md "Trust"): an
 * index term found in the withheld text of an un-vouched third-party tool (or a tainted
 * description) and in no text the index ranks on — no tool's name, and no first-party or
 * vouched description, label or parameter. Such a word reached a request, if it did, most
 * likely through the model reading that text; learning it would launder the server's own
 * words into host annotations, which rank at the host's weight. A word no tool's text
 * carries is the users' own and stays learnable. Returns the catalogue's ids too, and the ids
 * of the tools whose own text is not trusted (un-vouched third-party or tainted).
 */
export function thirdPartyOnlyTerms(
  catalogue: Catalogue,
  analyzer: WordAnalyzer,
  trustJsonSchemaText: TrustJsonSchemaText | undefined,
): { readonly ids: ReadonlySet<string>; readonly forbidden: ReadonlySet<string>; readonly unvouched: ReadonlySet<string> } {
  const docs = toolSearchDocs(catalogue, { trustJsonSchemaText });
  const ranked = new Set<string>();
  for (const doc of docs) {
    addTerms(ranked, analyzer, doc.id, false);
    addTerms(ranked, analyzer, doc.description, false);
    for (const label of [...doc.tags, ...doc.aliases]) addTerms(ranked, analyzer, label, false);
    for (const param of doc.params ?? []) {
      addTerms(ranked, analyzer, param.name, false);
      addTerms(ranked, analyzer, param.description, false);
    }
  }
  const { tools, allRemote } = catalogueTools(catalogue);
  const withheld = new Set<string>();
  const unvouched = new Set<string>();
  for (const tool of tools) {
    const key = toolKey(tool);
    if (key === undefined) continue;
    if (toolTrust(tool, key, { trustJsonSchemaText, allRemote }).ownTextTrusted) continue;
    unvouched.add(key);
    for (const text of withheldTexts(tool)) addTerms(withheld, analyzer, text, true);
  }
  const forbidden = new Set([...withheld].filter((term) => !ranked.has(term)));
  return { ids: new Set(docs.map((doc) => doc.id)), forbidden, unvouched };
}
