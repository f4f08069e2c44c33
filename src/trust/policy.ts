import { isRemoteTool, type ToolDefinition, type TrustJsonSchemaText } from "./tool-definition.js";

/** What the model sees instead of a third-party tool's own description (DESIGN.md "Trust"). */
export const WITHHELD_DESCRIPTION = "Third-party tool; description withheld";

/**
 * The trust verdict on one tool: the single place that decides which of its text may be
 * ranked on and shown. Every other module (index docs, menu specs, search results) reads
 * this verdict instead of re-deriving it.
 */
export interface ToolTrust {
  /** Third-party: remote by declaration, or carrying a tainted description. A search result naming it is tainted. */
  readonly thirdParty: boolean;
  /** The operator vouched for this third-party tool's text, and its description is not tainted. */
  readonly vouched: boolean;
  /** The description is not plain text (a `TaintedText`, or any non-string). */
  readonly descriptionTainted: boolean;
  /**
   * The tool's own text (description, tags, aliases, parameter text) may be used: a
   * first-party tool with a clean description, or a vouched third-party tool.
   */
  readonly ownTextTrusted: boolean;
  /** The description that may be indexed and shown, when there is one. */
  readonly description: string | undefined;
}

/** Options of the trust policy shared by `toolSearchDocs` and the session. */
export interface TrustOptions {
  readonly trustJsonSchemaText?: TrustJsonSchemaText;
  /** Every tool is third-party (the input was an MCP `tools/list` result). */
  readonly allRemote?: boolean;
}

function operatorVouches(key: string, trust: TrustJsonSchemaText | undefined): boolean {
  if (trust === true) return true;
  if (typeof trust === "function") {
    // The host's own predicate; one that throws or answers anything but true vouches for nothing.
    try {
      return trust(key) === true;
    } catch {
      return false;
    }
  }
  if (!Array.isArray(trust)) return false;
  for (const prefix of trust) {
    if (typeof prefix === "string" && prefix.length > 0 && key.startsWith(prefix)) return true;
  }
  return false;
}

/**
 * The trust verdict for one tool (DESIGN.md "Trust"). A tainted description is never vouched for, and
 * it makes its tool third-party (fail closed: a definition whose description arrived
 * through an untrusted channel may have been built from untrusted data throughout, so its
 * own tags, aliases and parameter text are not trusted either).
 *
 * @example
 * toolTrust({ id: "mcp__x", origin: "remote", description: "…" }, "mcp__x").ownTextTrusted // false
 */
export function toolTrust(tool: ToolDefinition, key: string, options: TrustOptions = {}): ToolTrust {
  const raw = tool.description;
  const descriptionTainted = raw !== undefined && typeof raw !== "string";
  const remote = options.allRemote === true || isRemoteTool(tool);
  const thirdParty = remote || descriptionTainted;
  // Only the host vouches (its options); a field on the tool object is the server's own
  // word, so a remote `tools/list` entry could vouch for itself.
  const vouched = remote && !descriptionTainted && operatorVouches(key, options.trustJsonSchemaText);
  const ownTextTrusted = !thirdParty || vouched;
  const description = ownTextTrusted && typeof raw === "string" ? raw : undefined;
  return Object.freeze({ thirdParty, vouched, descriptionTainted, ownTextTrusted, description });
}
