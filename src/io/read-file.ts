// Reading one local file whole (Node, Deno), for every part of toolsift that reads a file: the
// command line's inputs, the gateway's state file and journals, skill packs. Only a regular
// file is read, opened so that a FIFO cannot block, in a loop that stops one byte past the bound.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import { ToolsiftError } from "../errors.js";

/** What a read is for: a name for messages and the bound to enforce. */
export interface ReadRequest {
  /** "catalogue", "state file", "journal"… */
  readonly what: string;
  /** The most bytes the read may ever hold. */
  readonly maxBytes: number;
  /**
   * Called once with the first bytes (at least `headBytes`, fewer only at end of file) to name
   * the content and lower its bound, or to refuse it (by throwing) before reading the rest.
   */
  readonly sniff?: (head: Uint8Array) => { what: string; maxBytes: number };
  readonly headBytes?: number;
  /** The error past the bound; by default `input_too_large` naming the file and the bound. */
  readonly tooLarge?: (file: string, what: string, maxBytes: number) => ToolsiftError;
}

const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;

// A regular file's size is a hint for the first buffer, never a bound: it may grow meanwhile.
const FIRST_CHUNK_BYTES = 64 * KIB;

// Without O_NONBLOCK, opening a FIFO waits for a writer, before any check could run. Windows
// has neither the flag nor FIFOs in the file system.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

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

function unreadable(file: string, what: string, why: string, cause?: unknown): ToolsiftError {
  return new ToolsiftError("file_unreadable", `cannot read ${what} ${file}: ${why}`, { path: [file], ...(cause === undefined ? {} : { cause }) });
}

function kind(stats: Stats): string {
  if (stats.isDirectory()) return "it is a directory";
  if (stats.isFIFO()) return "it is a FIFO (a named pipe), not a regular file";
  if (stats.isCharacterDevice()) return "it is a character device, not a regular file";
  if (stats.isBlockDevice()) return "it is a block device, not a regular file";
  if (stats.isSocket()) return "it is a socket, not a regular file";
  return "it is not a regular file";
}

function defaultTooLarge(file: string, what: string, maxBytes: number): ToolsiftError {
  return new ToolsiftError("input_too_large", `${what} ${file} is larger than the input limit of ${formatBytes(maxBytes)}`, { path: [file] });
}

function readLoop(fd: number, size: number, file: string, request: ReadRequest): Uint8Array {
  let { what, maxBytes } = request;
  const tooLarge = request.tooLarge ?? defaultTooLarge;
  const headBytes = request.sniff === undefined ? 0 : (request.headBytes ?? 4);
  let sniffed = request.sniff === undefined;
  let buffer = Buffer.allocUnsafe(Math.max(1, Math.min(maxBytes, size > 0 ? size + 1 : FIRST_CHUNK_BYTES)));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length >= maxBytes) {
        // Full at the bound: one more byte decides between "exactly at" and "over".
        if (readSync(fd, Buffer.allocUnsafe(1), 0, 1, null) > 0) throw tooLarge(file, what, maxBytes);
        break;
      }
      const grown = Buffer.allocUnsafe(Math.min(maxBytes, buffer.length * 2));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const bytesRead = readSync(fd, buffer, length, buffer.length - length, null);
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
 * Reads the regular file `file` whole, refusing it past `request.maxBytes` as soon as the bound
 * is crossed. A directory, FIFO, device or socket is refused before it is read (`/dev/zero` and
 * FIFOs report size 0, so no size check could stop them): the path is checked, opened without
 * blocking, and checked again through the open descriptor. Throws `file_unreadable` when the
 * file cannot be opened or read, `input_too_large` (or `request.tooLarge`) past the bound.
 *
 * @example
 * const bytes = readRegularFile("servers.json", { what: "config", maxBytes: 16 * 1024 * 1024 });
 */
export function readRegularFile(file: string, request: ReadRequest): Uint8Array {
  let fd: number;
  try {
    const stats = statSync(file);
    if (!stats.isFile()) throw unreadable(file, request.what, kind(stats));
    fd = openSync(file, OPEN_FLAGS);
  } catch (cause) {
    if (cause instanceof ToolsiftError) throw cause;
    throw unreadable(file, request.what, reason(cause), cause);
  }
  try {
    // The path may have been swapped for a FIFO between the check and the open.
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw unreadable(file, request.what, kind(stats));
    return readLoop(fd, stats.size, file, request);
  } catch (cause) {
    if (cause instanceof ToolsiftError) throw cause;
    throw unreadable(file, request.what, reason(cause), cause);
  } finally {
    closeSync(fd);
  }
}

/** {@link readRegularFile} decoded as UTF-8 (a malformed sequence becomes U+FFFD). */
export function readTextFile(file: string, request: ReadRequest): string {
  const bytes = readRegularFile(file, request);
  try {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  } catch (cause) {
    // Past the runtime's longest string (~512 Mi characters), which a raised bound allows.
    throw unreadable(file, request.what, "it is too long to read as text", cause);
  }
}
