import { catalogueList, emptyCatalogue, entryProblem, toolEntry } from "../catalogue/shapes.js";
import { ToolsiftError } from "../errors.js";
import type { ToolParamDoc, ToolSearchDoc } from "../types.js";
import { vouchedText } from "./concepts.js";
import { normalizeLabels } from "./labels.js";
import { readParams } from "./params.js";
import { toolTrust, type ToolTrust, type TrustOptions } from "./policy.js";
import { hostRead } from "./spec.js";
import {
  isThirdPartyName,
  toolKey,
  type Catalogue,
  type ToolAnnotation,
  type ToolAnnotations,
  type ToolDefinition,
  type TrustJsonSchemaText,
} from "./tool-definition.js";

/** Options of `toolSearchDocs`. */
export interface ToolSearchDocsOptions {
  /** Host-written tags and aliases by tool id: trusted, applied to any tool. */
  readonly annotations?: ToolAnnotations;
  /** Remote tools whose text the operator vouches for (`true`: all; a list: id prefixes). */
  readonly trustJsonSchemaText?: TrustJsonSchemaText;
}

/** The host annotation of one tool id, read as an own property only (`__proto__` is just a key). */
export function annotationFor(
  annotations: ToolAnnotations | undefined,
  key: string,
): ToolAnnotation | undefined {
  if (typeof annotations !== "object" || annotations === null) return undefined;
  if (!Object.hasOwn(annotations, key)) return undefined;
  const annotation: unknown = annotations[key];
  return typeof annotation === "object" && annotation !== null ? (annotation as ToolAnnotation) : undefined;
}

function paramLine(param: ToolParamDoc): string {
  return param.description === undefined ? param.name : `${param.name}: ${param.description}`;
}

/**
 * A vouched third-party tool's own words count only as description-level text (DESIGN.md "Trust"):
 * its self-declared tags, aliases and parameter text are appended to the description
 * after a blank line, so they land in the description field and never in the summary,
 * the label fields or the parameter field, which the index weighs higher. The whole text is
 * then thinned (`vouchedText`): each concept said a bounded number of ways, and a first
 * sentence that is a bag of words not weighed as a summary.
 */
function vouchedDescription(tool: ToolDefinition, description: string | undefined): string | undefined {
  const extra = [
    ...normalizeLabels(tool.tags),
    ...normalizeLabels(tool.aliases),
    ...readParams(tool, "jsonInputSchema").map(paramLine),
  ];
  if (extra.length === 0) return description === undefined ? undefined : vouchedText(description);
  const tail = extra.join("\n");
  return vouchedText(description === undefined || description.length === 0 ? tail : `${description}\n\n${tail}`);
}

/**
 * The search doc of one tool under a given trust verdict. Exported for the session, which
 * builds docs only for its searchable tools; `toolSearchDocs` is the public entry point.
 */
export function toolSearchDoc(
  tool: ToolDefinition,
  key: string,
  trust: ToolTrust,
  annotation: ToolAnnotation | undefined,
): ToolSearchDoc {
  const firstParty = !trust.thirdParty;
  const tags = Object.freeze(normalizeLabels(annotation?.tags, firstParty ? tool.tags : undefined));
  const aliases = Object.freeze(
    normalizeLabels(annotation?.aliases, firstParty ? tool.aliases : undefined),
  );
  const doc: { id: string; description?: string; tags: readonly string[]; aliases: readonly string[]; params?: readonly ToolParamDoc[] } = {
    id: key,
    tags,
    aliases,
  };
  if (firstParty) {
    if (trust.description !== undefined && trust.description.length > 0) doc.description = trust.description;
    const params = readParams(tool, "inputSchema");
    if (params.length > 0) doc.params = params;
  } else if (trust.vouched) {
    const description = vouchedDescription(tool, trust.description);
    if (description !== undefined && description.length > 0) doc.description = description;
  }
  return Object.freeze(doc);
}

/**
 * Reads a catalogue argument (`catalogueList`): an array of tools, an MCP `tools/list` result
 * or its JSON-RPC response (both all remote); each entry as `toolEntry` reads it (OpenAI's and
 * Anthropic's shapes as `{ name, description, inputSchema }`). `path` is where the list is.
 */
export function catalogueTools(
  input: Catalogue,
  path: readonly (string | number)[] = [],
): { readonly tools: readonly ToolDefinition[]; readonly allRemote: boolean; readonly path: readonly (string | number)[] } {
  const list = catalogueList(input, path);
  const tools: ToolDefinition[] = [];
  for (let i = 0; i < list.tools.length; i++) tools.push(hostRead(() => toolEntry(list.tools[i]) as ToolDefinition, `Catalogue entry ${i}`, [i]));
  return { tools, allRemote: list.remote, path: list.path };
}

/**
 * The only place the trust policy turns tools into index documents (DESIGN.md "Trust"). Returns a
 * frozen array of frozen docs: exactly what the built-in index ranks on.
 *
 * The catalogue is an array of tools (toolsift's, MCP's, Anthropic's `input_schema` or OpenAI's
 * `{ type: "function", function }` shape), an MCP `tools/list` result or its whole JSON-RPC
 * response; an empty one is an `empty_catalogue` error.
 *
 * - First-party tool: its description, tags, aliases and parameters (plus host annotations).
 * - Third-party tool (`origin: "remote"`, a `jsonInputSchema`, `kind: "a2a"`, or an MCP
 *   `tools/list` input, bare or in its response): host annotations only; when vouched (`trustJsonSchemaText`), its
 *   description, tags, aliases and parameter text as description-level text.
 * - A tainted description: never indexed, never vouched.
 * - A third-party tool's name is ranked (it is what the model calls and sees anyway) and
 *   must follow MCP's tool-name rule (`THIRD_PARTY_NAME`): one that does not is an
 *   `invalid_catalogue` error naming the entry.
 *
 * @example
 * const docs = toolSearchDocs(catalogue, {
 *   annotations: { github__create_issue: { aliases: ["file a bug"] } },
 *   trustJsonSchemaText: ["github__"],
 * });
 * const ranker = new Bm25ToolRanker(docs);
 */
export function toolSearchDocs(tools: Catalogue, options: ToolSearchDocsOptions = {}): readonly ToolSearchDoc[] {
  // A host's catalogue is read here for the first time: a getter or proxy trap that throws
  // is `invalid_catalogue` saying where (`hostRead`).
  const { tools: list, allRemote, path } = hostRead(() => catalogueTools(tools), "The catalogue", []);
  if (list.length === 0) throw emptyCatalogue(path);
  const trustOptions: TrustOptions = { trustJsonSchemaText: options.trustJsonSchemaText, allRemote };
  const seen = new Set<string>();
  const docs: ToolSearchDoc[] = [];
  for (let i = 0; i < list.length; i++) {
    docs.push(hostRead(() => entryDoc(list[i], i, seen, trustOptions, options), `Catalogue entry ${i}`, [i]));
  }
  return Object.freeze(docs);
}

function entryDoc(tool: ToolDefinition | undefined, i: number, seen: Set<string>, trustOptions: TrustOptions, options: ToolSearchDocsOptions): ToolSearchDoc {
  const key = toolKey(tool);
  if (tool === undefined || key === undefined) {
    throw new ToolsiftError("invalid_catalogue", `Catalogue entry ${i} ${entryProblem(tool)}.`, { path: [i] });
  }
  const trust = toolTrust(tool, key, trustOptions);
  if (trust.thirdParty && !isThirdPartyName(key)) {
    // The name is not echoed: it is the server's text, and this message reaches logs.
    throw new ToolsiftError(
      "invalid_catalogue",
      `Catalogue entry ${i} is a third-party tool whose name is not 1–128 characters of A–Z, a–z, 0–9, "_", "." or "-".`,
      { path: [i, key === tool.id ? "id" : "name"] },
    );
  }
  if (seen.has(key)) {
    throw new ToolsiftError("duplicate_id", `Catalogue entry ${i} repeats the id ${JSON.stringify(key.slice(0, 80))}.`, { path: [i] });
  }
  seen.add(key);
  return toolSearchDoc(tool, key, trust, annotationFor(options.annotations, key));
}
