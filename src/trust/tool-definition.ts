import type { ToolParamDoc } from "../types.js";

/**
 * Text that arrived through an untrusted channel and was flagged by the host (for example
 * a description fetched from a remote server after a prompt-injection scan failed). A
 * tainted description is never indexed, never shown and never vouched for (DESIGN.md "Trust").
 * It is a plain object so that a catalogue read from JSON can carry it.
 */
export interface TaintedText {
  readonly tainted: true;
  readonly text: string;
}

/**
 * A tool as the host declares it: the agent's own tools and catalogue entries alike.
 * Only `id` (or `name`) is required. Extra fields (an MCP `annotations` object, a `server`
 * name, a handler) are carried along untouched and never read by the trust policy.
 *
 * Trust (DESIGN.md "Trust"): a tool is third-party (un-vouched) when `origin` is `"remote"` (any value
 * other than `"local"` counts), when it carries a `jsonInputSchema`, or when `kind` is
 * `"a2a"`. Only the host vouches for its text, through the `trustJsonSchemaText` option of
 * the session or of `toolSearchDocs`; nothing on the tool object does.
 *
 * @example
 * const tool: ToolDefinition = {
 *   id: "billing__charge_invoice",
 *   description: "Charge an open invoice.",
 *   aliases: ["bill the customer"],
 *   params: [{ name: "invoiceId", description: "Invoice to charge" }],
 * };
 */
export interface ToolDefinition {
  /** The tool's id: the name the model calls it by. Wins over `name` when both are set. */
  readonly id?: string;
  readonly name?: string;
  readonly description?: string | TaintedText;
  readonly tags?: readonly string[];
  readonly aliases?: readonly string[];
  /** Parameter names and descriptions for the index; read from `inputSchema` when absent. */
  readonly params?: readonly ToolParamDoc[];
  /** A JSON Schema the host authored (first-party). */
  readonly inputSchema?: unknown;
  /** A JSON Schema received from a third party (an MCP server): marks the tool remote. */
  readonly jsonInputSchema?: unknown;
  readonly origin?: string;
  readonly kind?: string;
  readonly [extra: string]: unknown;
}

/** Host-written labels for any tool, by tool id (trusted: the host wrote them). */
export interface ToolAnnotation {
  readonly tags?: readonly string[];
  readonly aliases?: readonly string[];
}

export type ToolAnnotations = Readonly<Record<string, ToolAnnotation>>;

/** The `tools/list` result of an MCP server: every tool in it is third-party. */
export interface McpToolsList {
  readonly tools: readonly ToolDefinition[];
}

/** A whole JSON-RPC response to `tools/list`, as a client logs it: its tools are third-party too. */
export interface McpToolsListResponse {
  readonly jsonrpc?: string;
  readonly id?: string | number | null;
  readonly result: McpToolsList;
}

/** A catalogue in any shape toolsift reads (DESIGN.md "Trust"): third-party-ness follows the shape. */
export type Catalogue = readonly ToolDefinition[] | McpToolsList | McpToolsListResponse;

/**
 * Which remote tools the operator vouches for: `true` for all of them, a list of id
 * prefixes (for example one per MCP server: `["github__"]`), or a predicate on the tool id
 * for exact choices (`(id) => vouched.has(id)`). Only the host's config says this; a tool
 * object cannot vouch for itself.
 */
export type TrustJsonSchemaText = boolean | readonly string[] | ((id: string) => boolean);

/**
 * Wraps text from an untrusted channel so that the trust policy withholds it.
 *
 * @example
 * const tool = { id: "peer__summarize", origin: "remote", description: tainted(fetched) };
 */
export function tainted(text: string): TaintedText {
  return Object.freeze({ tainted: true as const, text });
}

/**
 * The name rule of a third-party tool: MCP's tool-name rule, 1–128 of `A–Z a–z 0–9 _ . -`
 * (`server__tool` fits, `_` being allowed). The name is what the model calls, what the menu
 * and results show and what the index ranks on, so a third-party name outside it (a
 * sentence, a control or bidi character, a 100k-unit string) is refused.
 */
export const THIRD_PARTY_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** True when `key` may name a third-party tool (`THIRD_PARTY_NAME`). */
export function isThirdPartyName(key: string): boolean {
  return THIRD_PARTY_NAME.test(key);
}

/** The key a tool is known by (`id`, else `name`), or `undefined` when it has neither. */
export function toolKey(tool: unknown): string | undefined {
  if (typeof tool !== "object" || tool === null) return undefined;
  const record = tool as { id?: unknown; name?: unknown };
  if (typeof record.id === "string" && record.id.length > 0) return record.id;
  if (record.id === undefined && typeof record.name === "string" && record.name.length > 0) {
    return record.name;
  }
  return undefined;
}

/**
 * True when the tool is third-party by declaration (DESIGN.md "Trust"), failing closed: any `origin`
 * other than `"local"`, any `jsonInputSchema`, or `kind: "a2a"`.
 */
export function isRemoteTool(tool: ToolDefinition): boolean {
  return (
    (tool.origin !== undefined && tool.origin !== "local") ||
    tool.jsonInputSchema !== undefined ||
    tool.kind === "a2a"
  );
}
