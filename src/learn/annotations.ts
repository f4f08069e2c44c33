// The annotations file `learnHints` results are written to and read back from (`toolsift
// learn -o`, `eval --hints`, the gateway's `hints`): plain JSON a host can read and edit.
import { ToolsiftError } from "../errors.js";
import type { ToolAnnotations } from "../trust/tool-definition.js";
import { isRecord } from "../shared/is-record.js";

/**
 * An annotations file, checked: `{ "<tool id>": { aliases?: [..], tags?: [..] } }`. Anything
 * else is an `invalid_annotations` error naming the file and the entry.
 *
 * @example
 * checkAnnotations(JSON.parse(text), "hints.json") // { "image__resize": { aliases: ["shrink"] } }
 */
export function checkAnnotations(json: unknown, file: string): ToolAnnotations {
  const bad = (where: string[], problem: string) => new ToolsiftError("invalid_annotations", `annotations file ${file}: ${where.join(".")} ${problem}`, { path: [file, ...where] });
  if (!isRecord(json)) throw bad([], "must be an object of { aliases?, tags? } by tool id");
  for (const [id, entry] of Object.entries(json)) {
    if (!isRecord(entry)) throw bad([id], "must be { aliases?, tags? }");
    for (const [field, labels] of Object.entries(entry)) {
      if (field !== "aliases" && field !== "tags") throw bad([id, field], "is not a field of an annotation (aliases, tags)");
      if (!Array.isArray(labels) || labels.some((label) => typeof label !== "string")) throw bad([id, field], "must be an array of strings");
    }
  }
  return json as ToolAnnotations;
}
