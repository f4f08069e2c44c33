// The gateway's `hints` file (docs/gateway.md "Learning from the gateway's traffic"): host
// annotations, read once at start through the bounded reader, that every session indexes with.
import { ToolsiftError } from "../errors.js";
import { annotationsOf } from "../hints/file.js";
import { readTextFile } from "../io/read-file.js";
import type { ToolAnnotations } from "../trust/tool-definition.js";

/** The most bytes of a hints file: 128 MiB, the command line's bound on a JSON file. */
export const HINTS_READ_BYTES = 128 * 1024 * 1024;

/**
 * Reads the config's `hints`: an annotations file (`{ "<tool id>": { aliases?, tags? } }`,
 * what `toolsift learn -o` writes) or a hints file (`toolsift hints write`, its phrasings' words
 * as aliases): a regular file of at most `HINTS_READ_BYTES`, else
 * `file_unreadable` / `input_too_large`; not JSON or of another shape, `invalid_annotations`
 * naming the file (and the entry).
 *
 * @example
 * const annotations = config.hints === undefined ? undefined : readGatewayHints(config.hints);
 */
export function readGatewayHints(path: string): ToolAnnotations {
  const text = readTextFile(path, { what: "hints file", maxBytes: HINTS_READ_BYTES });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new ToolsiftError("invalid_annotations", `hints file ${path} is not valid JSON: ${(cause as Error).message}`, { path: [path], cause });
  }
  return annotationsOf(json, path);
}
