// What the package's configs share around zod (zod/mini, for the browser bundle): the words
// of an issue's message, the issue a failed parse reports, and the few field kinds several
// configs use. Each config is one zod schema: its type (`z.output`), its check and, for
// servers.json, its JSON Schema.
import * as z from "zod/mini";
import { unknownKeysMessage } from "./nearest.js";

export type Issue = z.core.$ZodIssue;
export type ParseError = z.core.$ZodError;
type Shape = z.core.$ZodLooseShape;

const article = (word: string) => (/^[aeiou]/.test(word) ? "an" : "a");
const named: Readonly<Record<string, string>> = { int: "integer", record: "object" };

/**
 * An issue's message in the configs' words (`must be ≥ 0`, `must be an integer`, `unknown
 * option "nmae"; did you mean "name"?`), for issues whose schema names no message of its own.
 * An error map: `schema.safeParse(value, { error: issueMessage })`.
 */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type": {
      const expected = named[issue.expected] ?? issue.expected;
      return `must be ${article(expected)} ${expected}`;
    }
    case "too_small":
      return issue.origin === "number" || issue.origin === "int"
        ? `must be ${issue.inclusive === false ? ">" : "≥"} ${issue.minimum}`
        : `allows at least ${issue.minimum}`;
    case "too_big":
      return issue.origin === "number" || issue.origin === "int" ? `must be ${issue.inclusive === false ? "<" : "≤"} ${issue.maximum}` : `allows at most ${issue.maximum}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
    case "unrecognized_keys":
      return unknownKeysMessage(issue.keys, shapeKeys(issue.inst));
    case "invalid_key":
      return issue.issues[0]?.message ?? "is not a valid key";
    default:
      return "is not valid";
  }
}

// The keys an object schema knows (for the nearest of an unknown one).
function shapeKeys(inst: unknown): readonly string[] {
  const shape = (inst as { _zod?: { def?: { shape?: Shape } } } | undefined)?._zod?.def?.shape;
  return shape === undefined ? [] : Object.keys(shape);
}

/**
 * A strict object whose every problem but an unknown key says `notObject`; an unknown key is
 * named with the nearest known one, whatever error map the parse has.
 */
export function strictObject<T extends Shape>(shape: T, notObject: string) {
  return z.strictObject(shape, { error: (issue) => (issue.code === "unrecognized_keys" ? issueMessage(issue) : notObject) });
}

/** An integer from `min` to `max`; every problem is `message`. */
export function integerIn(min: number, max: number, message = `must be an integer from ${min} to ${max}`) {
  return z.int(message).check(z.minimum(min, message), z.maximum(max, message));
}

/** A string `pattern` matches; every problem is `message`. */
export function stringMatching(pattern: RegExp, message: string) {
  return z.string(message).check(z.regex(pattern, message));
}

/** A boolean, or `must be a boolean`. */
export const booleanField = () => z.boolean("must be a boolean");

/**
 * A list of at most `max` entries, each `entry`: `notList` for anything else, `tooLong` for a
 * longer list, refused before an entry is read. Each entry is read once (a hole reads as
 * undefined) and the parse hands on a copy of the list.
 */
export function listOf<T extends z.core.SomeType>(entry: T, notList: string, max: number, tooLong: string) {
  return z.array(entry, notList).check(z.maxLength(max, tooLong));
}

/** Reports that a value breaks a rule across fields: `message` is the whole of what is shown. */
export function refuse(payload: z.core.ParsePayload, message: string, path: readonly (string | number)[] = []): void {
  payload.issues.push({ code: "custom", message, path: [...path], input: payload.value, params: { complete: true } });
}

/** True for an issue `refuse` reported (shown as it is, without the value it got). */
export function isComplete(issue: Issue): boolean {
  return issue.code === "custom" && issue.params?.["complete"] === true;
}

/**
 * The issue a failed parse reports: an unknown key before anything else, since a misspelt
 * key (`catalog`) also leaves the key it meant missing, and the missing one says less.
 */
export function firstIssue(error: ParseError): Issue {
  return error.issues.find((issue) => issue.code === "unrecognized_keys") ?? error.issues[0]!;
}

/** The parts of an issue's path (a symbol as its description). */
export function issuePath(issue: Issue): (string | number)[] {
  return issue.path.map((part) => (typeof part === "symbol" ? String(part) : part));
}

/** A path as a config error names it: `toolSearch.groups[1].name` (`config` when empty). */
export function pathText(path: readonly (string | number)[]): string {
  let text = "";
  for (const part of path) text += typeof part === "number" ? `[${part}]` : text.length === 0 ? part : `.${part}`;
  return text.length === 0 ? "config" : text;
}

// Keys of `Accepted` (at any depth of plain objects) that `Documented` does not name.
type ExtraKeys<Accepted, Documented> =
  | Exclude<keyof Accepted, keyof Documented>
  | {
      [K in keyof Accepted & keyof Documented]: NonNullable<Accepted[K]> extends readonly unknown[] | ((...args: never[]) => unknown)
        ? never
        : NonNullable<Accepted[K]> extends object
          ? ExtraKeys<NonNullable<Accepted[K]>, NonNullable<Documented[K]>>
          : never;
    }[keyof Accepted & keyof Documented];

/**
 * A compile-time check that a schema's input (`Accepted`) is a documented config type:
 * `Covers<Doc, z.input<typeof schema>, true>` fails to type-check when the schema takes a key
 * the documented type does not name, or a value it does not allow.
 */
export type Covers<Documented, Accepted extends Documented, Holds extends [ExtraKeys<Accepted, Documented>] extends [never] ? true : false> = [Accepted, Holds];
