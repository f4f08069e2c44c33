// The command line's file access: every read is bounded while it reads, every failure is a
// ToolsiftError naming the file (DESIGN.md "Command line and package entries").
import { constants as bufferConstants } from "node:buffer";
import { open, writeFile, type FileHandle } from "node:fs/promises";
import { ToolsiftError } from "../errors.js";

const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;

/**
 * Bounds on what the CLI reads, in bytes. `--max-input-bytes` replaces both for one run.
 * Measured against real inputs: the embedded MCP catalogue (2,464 tools) is 2.4 MB of JSON, so
 * 100,000 such tools are about 97 MB; a 100,000-tool artifact is 42.8 MiB (bench/curves.md).
 */
export const INPUT_LIMITS = Object.freeze({
  /** An index artifact (query, eval --tools, inspect): 256 MiB, six times the 100,000-tool artifact. */
  artifactBytes: 256 * MIB,
  /** A JSON file (catalogue, queries file): 128 MiB, room for 130,000 tools like the embedded ones. */
  jsonBytes: 128 * MIB,
  /** The most `--max-input-bytes` accepts: 4 GiB (capped by the runtime's largest Buffer); an artifact's byte count is 32-bit. */
  flagMaxBytes: Math.min(4 * GIB, bufferConstants.MAX_LENGTH),
});

/** The name of the flag that raises the bounds, quoted in every `input_too_large`. */
export const MAX_INPUT_FLAG = "--max-input-bytes";

// A device or FIFO says nothing about its size: start small and double.
const FIRST_CHUNK_BYTES = 64 * KIB;

/** `1234`, `64K`, `64M`, `1G` (binary multiples; an optional `iB`/`B`) → bytes; undefined when malformed. */
export function parseByteSize(text: string): number | undefined {
  const match = /^(\d+)(?:([KMG])(?:i?B)?)?$/i.exec(text);
  if (match === null) return undefined;
  const unit = match[2] === undefined ? 1 : { K: KIB, M: MIB, G: GIB }[match[2].toUpperCase() as "K" | "M" | "G"];
  return Number(match[1]) * unit;
}

/** `134217728 bytes (128 MiB)`, or just the bytes when they are not a whole KiB/MiB/GiB. */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [["GiB", GIB], ["MiB", MIB], ["KiB", KIB]] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes} bytes (${bytes / size} ${unit})`;
  }
  return `${bytes} bytes`;
}

/** Plain words for the system errors a user can cause; anything else keeps Node's message. */
export function reason(cause: unknown): string {
  const code = (cause as { code?: string }).code;
  switch (code) {
    case "ENOENT": return "no such file";
    case "EISDIR": return "it is a directory";
    case "ENOTDIR": return "a part of the path is not a directory";
    case "ELOOP": return "too many symbolic links (a loop?)";
    case "EACCES":
    case "EPERM": return "permission denied";
    case "ENOSPC": return "no space left on the device";
    case "EROFS": return "read-only file system";
    default: return (cause as Error).message ?? String(cause);
  }
}

/** What a read is for: a name for messages and the bound to enforce. */
export interface ReadRequest {
  /** "catalogue", "queries file", "index"… */
  readonly what: string;
  /** The most bytes the read may ever hold. */
  readonly maxBytes: number;
  /**
   * Called once with the first bytes (at least `headBytes`, fewer only at end of file) to name
   * the content and lower its bound, or to refuse it (by throwing) before reading the rest.
   */
  readonly sniff?: (head: Uint8Array) => { what: string; maxBytes: number };
  readonly headBytes?: number;
}

function tooLarge(file: string, what: string, maxBytes: number): ToolsiftError {
  return new ToolsiftError(
    "input_too_large",
    `${what} ${file} is larger than the input limit of ${formatBytes(maxBytes)}; raise it with ${MAX_INPUT_FLAG} N (e.g. ${MAX_INPUT_FLAG} 1G)`,
    { path: [file] },
  );
}

async function readLoop(handle: FileHandle, file: string, request: ReadRequest): Promise<Uint8Array> {
  let { what, maxBytes } = request;
  const headBytes = request.sniff === undefined ? 0 : (request.headBytes ?? 4);
  let sniffed = request.sniff === undefined;
  // A regular file's size is a hint for the first buffer, never a bound: it may grow meanwhile.
  const stat = await handle.stat();
  let buffer = Buffer.allocUnsafe(Math.max(1, Math.min(maxBytes, stat.isFile() && stat.size > 0 ? stat.size + 1 : FIRST_CHUNK_BYTES)));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length >= maxBytes) {
        // Full at the bound: one more byte decides between "exactly at" and "over".
        const probe = await handle.read(Buffer.allocUnsafe(1), 0, 1, null);
        if (probe.bytesRead > 0) throw tooLarge(file, what, maxBytes);
        break;
      }
      const grown = Buffer.allocUnsafe(Math.min(maxBytes, buffer.length * 2));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) break;
    length += bytesRead;
    if (!sniffed && length >= headBytes) {
      sniffed = true;
      ({ what, maxBytes } = request.sniff!(buffer.subarray(0, length)));
    }
    if (length > maxBytes) throw tooLarge(file, what, maxBytes);
  }
  if (!sniffed) request.sniff!(buffer.subarray(0, length));
  // A plain view, not a Buffer: Buffer's slice() shares memory where Uint8Array's copies.
  return new Uint8Array(buffer.buffer, buffer.byteOffset, length);
}

/**
 * Reads `file` whole, refusing it past `request.maxBytes` as soon as the bound is crossed
 * (a stat would not do: /dev/zero and FIFOs report size 0). Throws `file_unreadable` when it
 * cannot be opened or read, `input_too_large` past the bound.
 */
export async function readBounded(file: string, request: ReadRequest): Promise<Uint8Array> {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (cause) {
    throw new ToolsiftError("file_unreadable", `cannot read ${request.what} ${file}: ${reason(cause)}`, { path: [file], cause });
  }
  try {
    return await readLoop(handle, file, request);
  } catch (cause) {
    if (cause instanceof ToolsiftError) throw cause;
    throw new ToolsiftError("file_unreadable", `cannot read ${request.what} ${file}: ${reason(cause)}`, { path: [file], cause });
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** How a JSON file failed to parse: the error code (what the file is for) and the wording. */
export interface JsonProblem {
  readonly code?: "invalid_catalogue" | "invalid_queries" | "invalid_config";
  readonly problem?: string;
}

/**
 * Decodes UTF-8 and parses JSON; a typed error naming the file when either fails (a text past
 * the runtime's longest string, ~512 Mi characters, fails here too): `invalid_catalogue`
 * unless `code` says the file is something else, such as a queries file.
 */
export function parseJsonBytes(bytes: Uint8Array, file: string, what: string, { code = "invalid_catalogue", problem = "is not valid JSON" }: JsonProblem = {}): unknown {
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"));
  } catch (cause) {
    throw new ToolsiftError(code, `${what} ${file} ${problem}: ${(cause as Error).message}`, { path: [file], cause });
  }
}

/** Writes `bytes` to `file`; `file_unwritable` naming it when the system refuses. */
export async function writeOutput(file: string, bytes: Uint8Array, what: string): Promise<void> {
  try {
    await writeFile(file, bytes);
  } catch (cause) {
    throw new ToolsiftError("file_unwritable", `cannot write ${what} ${file}: ${reason(cause)}`, { path: [file], cause });
  }
}
