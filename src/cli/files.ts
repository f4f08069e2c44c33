// The command line's file access: only regular files, every read bounded while it reads, every
// failure a ToolsiftError naming the file (DESIGN.md "Command line and package entries").
import { constants as bufferConstants } from "node:buffer";
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { ARTIFACT_MAGIC } from "../core/artifact.js";
import { ToolsiftError } from "../errors.js";
import { UsageError } from "./args.js";
import { formatBytes, readRegularFile, reason, type ReadRequest } from "../io/read-file.js";

export { formatBytes, reason, type ReadRequest };

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

/** The flag's `parseArgs` option, for the commands that read input files. */
export const MAX_INPUT_OPTION = { "max-input-bytes": { type: "string" } } as const;

/** `1234`, `64K`, `64M`, `1G` (binary multiples; an optional `iB`/`B`) → bytes; undefined when malformed. */
export function parseByteSize(text: string): number | undefined {
  const match = /^(\d+)(?:([KMG])(?:i?B)?)?$/i.exec(text);
  if (match === null) return undefined;
  const unit = match[2] === undefined ? 1 : { K: KIB, M: MIB, G: GIB }[match[2].toUpperCase() as "K" | "M" | "G"];
  return Number(match[1]) * unit;
}

/** The bounds for one run: the defaults, or `--max-input-bytes` for every input. */
export function inputLimits(value: string | undefined): { artifactBytes: number; jsonBytes: number } {
  if (value === undefined) return INPUT_LIMITS;
  const bytes = parseByteSize(value);
  if (bytes === undefined || bytes < 1 || bytes > INPUT_LIMITS.flagMaxBytes) {
    throw new UsageError(`${MAX_INPUT_FLAG} must be a whole number of bytes from 1 to ${INPUT_LIMITS.flagMaxBytes} (suffixes K, M, G), got ${value}`);
  }
  return { artifactBytes: bytes, jsonBytes: bytes };
}

export type Limits = ReturnType<typeof inputLimits>;

/** `input_too_large` naming the file, the bound and the flag that raises it. */
export function inputTooLarge(file: string, what: string, maxBytes: number): ToolsiftError {
  return new ToolsiftError(
    "input_too_large",
    `${what} ${file} is larger than the input limit of ${formatBytes(maxBytes)}; raise it with ${MAX_INPUT_FLAG} N (e.g. ${MAX_INPUT_FLAG} 1G)`,
    { path: [file] },
  );
}

/**
 * Reads the regular file `file` whole, refusing it past `request.maxBytes` as soon as the bound
 * is crossed (`src/io/read-file.ts`); past it, `input_too_large` names `--max-input-bytes`
 * unless `raise` is false (the commands that do not take it).
 */
export async function readBounded(file: string, request: ReadRequest & { readonly raise?: boolean }): Promise<Uint8Array> {
  // Synchronous underneath: the command line reads one file at a time, and the open must not block.
  return readRegularFile(file, request.raise === false ? request : { tooLarge: inputTooLarge, ...request });
}

/** How a JSON file failed to parse: the error code (what the file is for) and the wording. */
export interface JsonProblem {
  readonly code?: "invalid_catalogue" | "invalid_queries" | "invalid_config" | "invalid_hints";
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

/** A JSON file read under the run's JSON bound and parsed; `problem` as for `parseJsonBytes`. */
export async function readJson(path: string, what: string, limits: Limits, problem: JsonProblem = {}): Promise<unknown> {
  return parseJsonBytes(await readBounded(path, { what, maxBytes: limits.jsonBytes }), path, what, problem);
}

/** Whether `bytes` start with the index artifact's magic. */
export function hasMagic(bytes: Uint8Array): boolean {
  return ARTIFACT_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** Writes `bytes` to `file`; `file_unwritable` naming it when the system refuses. */
export async function writeOutput(file: string, bytes: Uint8Array, what: string): Promise<void> {
  try {
    await writeFile(file, bytes);
  } catch (cause) {
    throw new ToolsiftError("file_unwritable", `cannot write ${what} ${file}: ${reason(cause)}`, { path: [file], cause });
  }
}

/** The package's version, from its package.json (src/cli and dist/cli both sit two folders below it). */
export async function packageVersion(): Promise<string> {
  const file = fileURLToPath(new URL("../../package.json", import.meta.url));
  return (parseJsonBytes(await readBounded(file, { what: "package file", maxBytes: MIB, raise: false }), file, "package file") as { version: string }).version;
}
