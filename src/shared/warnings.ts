/**
 * Machine codes of the warnings toolsift emits. A warning is advice to the host (something
 * is misconfigured or failing); the model only ever sees typed results.
 */
export type ToolsiftWarningCode =
  /** A ranker factory returned a thenable (an async factory): factories are synchronous. Once per session. */
  | "TOOLSIFT_RANKER_FACTORY"
  /** A ranker (or its factory) threw or returned something that is not a ranker or a hit list. */
  | "TOOLSIFT_RANKER_FAILED"
  /** A replay went another way than its journal (in `"warn"` divergence mode). */
  | "TOOLSIFT_JOURNAL_DIVERGENCE"
  /** A journal was recorded under another session configuration (caps, catalogue, trust). Once per session. */
  | "TOOLSIFT_JOURNAL_CONFIG"
  /** The journal's store refused a `used` record (not a decision); the tool call went on. */
  | "TOOLSIFT_JOURNAL_USAGE"
  /** A catalogue tool's own input schema is not JSON (a cycle, a BigInt): it is never loaded. Once per tool. */
  | "TOOLSIFT_TOOL_SPEC"
  /** Third-party tools whose name breaks MCP's tool-name rule were left out of the session. Once per session. */
  | "TOOLSIFT_TOOL_NAME"
  /** A replay or re-delivery found a skill's instructions changed since the journal pinned them. Once per skill. */
  | "TOOLSIFT_SKILL_CHANGED"
  /** An activated skill names tools that are neither agent tools nor loadable catalogue tools; they were left out. Once per skill. */
  | "TOOLSIFT_SKILL_TOOL"
  /** The gateway's config has keys it does not use (other clients' keys); they were ignored. Once per start. */
  | "TOOLSIFT_CONFIG_IGNORED"
  /** An upstream MCP server failed to start, exited or stopped answering; it is retried with backoff. */
  | "TOOLSIFT_UPSTREAM_FAILED"
  /** An upstream tool is new or changed since its approval: quarantined until approved. Once per pin. */
  | "TOOLSIFT_TOOL_QUARANTINED"
  /** An upstream listed one tool name more than once: one entry is used, the others dropped. Once per listing shape. */
  | "TOOLSIFT_TOOL_DUPLICATE"
  /** A skill an upstream lists cannot be read or parsed: left out. Once per skill and reason. */
  | "TOOLSIFT_SKILL_SKIPPED";

export interface ToolsiftWarning {
  readonly code: ToolsiftWarningCode;
  readonly message: string;
  readonly cause?: unknown;
}

/** Where warnings go. Injected through the session config (`onWarning`); never `console`. */
export type WarningHook = (warning: ToolsiftWarning) => void;

interface ProcessLike {
  emitWarning?: (message: string, options: { code: string; type: string }) => void;
}

/**
 * The default hook: `process.emitWarning` where there is one (Node, Deno, Bun), else
 * nothing (a browser host that wants warnings passes `onWarning`).
 */
export const emitProcessWarning: WarningHook = (warning) => {
  const process = (globalThis as { process?: ProcessLike }).process;
  if (typeof process?.emitWarning === "function") {
    process.emitWarning(warning.message, { code: warning.code, type: "ToolsiftWarning" });
  }
};

/** Calls a host hook without letting a throwing hook break the search that warned. */
export function safeWarn(hook: WarningHook, warning: ToolsiftWarning): void {
  try {
    hook(warning);
  } catch {
    // A warning hook is advisory; the search result must not depend on it.
  }
}
