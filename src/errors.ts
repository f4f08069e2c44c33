/**
 * Every failure toolsift reports is a `ToolsiftError` with a literal `code` (STYLE: errors are
 * data). Callers switch on `code`, never on the message. `path` locates the bad input
 * (an option name, a catalogue entry, an artifact offset).
 */
export type ToolsiftErrorCode =
  // loading the WebAssembly module
  | "not_initialized"
  | "wasm_load_failed"
  // the runtime's WebAssembly lacks a feature the core uses (path: [the feature], e.g. "simd128")
  | "wasm_unsupported"
  // options and input
  | "invalid_option"
  | "invalid_catalogue"
  // a catalogue of no tools, where one is to be indexed (toolSearchDocs, the command line)
  | "empty_catalogue"
  | "duplicate_id"
  | "invalid_query"
  | "invalid_vector"
  // a SKILL.md that breaks the Agent Skills format (path: [file, field])
  | "invalid_skill"
  // the command line's files: cannot open or read, over the input bound, cannot write
  | "file_unreadable"
  | "input_too_large"
  | "file_unwritable"
  // evaluation
  | "invalid_queries"
  // an annotations file (`toolsift eval --hints`) that is not { <tool id>: { aliases?, tags? } }
  | "invalid_annotations"
  // a hints file (`toolsift/hints`, `toolsift eval --hints`) that is not { format: "toolsift.hints", version: 1, tools }
  | "invalid_hints"
  // index artifact (`artifact_not_bytes`: the value given is no Uint8Array or ArrayBuffer)
  | "artifact_not_bytes"
  | "artifact_truncated"
  | "artifact_bad_magic"
  | "artifact_version"
  | "artifact_build_mismatch"
  | "artifact_checksum"
  | "artifact_analyzer_mismatch"
  | "artifact_corrupt"
  // session layer
  | "invalid_config"
  | "invalid_ranker"
  | "journal_divergence"
  | "invalid_journal"
  // the journal's store threw on append: nothing was decided, the same call may be retried
  | "journal_write_failed"
  // a host handed the session a tool call it cannot handle (bad turn/index, or one call twice)
  | "invalid_tool_call"
  // handleToolCall was called again (from a ranker, a getter, the journal) before it returned
  | "reentrant_call"
  // the MCP gateway: a state file of another format, an approval naming nothing quarantined,
  // an approval of a version other than the one reviewed (`--pin`, or not shown by `status`),
  // the MCP SDK not installed (it is an optional peer dependency)
  | "invalid_state"
  | "unknown_server"
  | "unknown_tool"
  | "pin_mismatch"
  | "not_reviewed"
  | "sdk_missing"
  // an agent-stack adapter refused a request it would send or a response it was handed
  // (path: where in the request, e.g. ["tools", 3, "name"])
  | "invalid_request"
  // an invariant of toolsift itself broke: a bug to report, never the caller's input
  | "internal_error";

export class ToolsiftError extends Error {
  readonly code: ToolsiftErrorCode;
  readonly path: readonly (string | number)[];

  constructor(
    code: ToolsiftErrorCode,
    message: string,
    options: { path?: readonly (string | number)[]; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ToolsiftError";
    this.code = code;
    this.path = options.path ?? [];
  }
}

/** True for a `ToolsiftError`, optionally of one code. */
export function isToolsiftError(value: unknown, code?: ToolsiftErrorCode): value is ToolsiftError {
  return value instanceof ToolsiftError && (code === undefined || value.code === code);
}
