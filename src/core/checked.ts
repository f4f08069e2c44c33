import { z, type CheckPayload, type Issue, type ParseError } from "./config-schema.js";

// The config schemas build their fields from one kind (./config-schema.ts): a `z.custom` with
// a plain check function that writes the message a dedicated schema would. Types are inferred;
// `safeParse` reports an issue with its path.

function report(payload: CheckPayload, message: string, path: number[] = []): void {
  payload.issues.push({ code: "custom", message, path, keys: [] });
}

/** A schema for values of type `T` that `rule` finds no problem with. */
export function checked<T>(rule: (value: unknown) => string | undefined) {
  return z.custom<T>().check((payload) => {
    const problem = rule(payload.value);
    if (problem !== undefined) report(payload, problem);
  });
}

/**
 * A schema for a list of at most `max` entries that `entry` finds no problem with. Like
 * `z.array` with a length check, it refuses a list that is too long before reading an entry,
 * reads each entry once (a hole reads as undefined), reports the first bad one (path: its
 * index) and hands on a copy of the list.
 */
export function listOf<T>(entry: (value: unknown) => string | undefined, notList: string, max: number, tooLong: string) {
  return z.custom<T[]>().check((payload) => {
    const list: unknown = payload.value;
    if (!Array.isArray(list)) return report(payload, notList);
    if (list.length > max) return report(payload, tooLong);
    const copy: T[] = [];
    for (let index = 0; index < list.length; index++) {
      const item: unknown = list[index];
      const problem = entry(item);
      if (problem !== undefined) return report(payload, problem, [index]);
      copy.push(item as T);
    }
    payload.value = copy;
  });
}

/** `must be a number` unless `value` is a finite number, as `z.number()` says it. */
const notNumber = (value: unknown): string | undefined =>
  typeof value === "number" && Number.isFinite(value) ? undefined : "must be a number";

/**
 * A number from `low` to `high`, in the words of `z.number()` and `z.int()` with bounds:
 * `"above"` leaves out `low` itself, `"integer"` takes whole numbers only.
 */
export function numberIn(low: number, high: number, kind: "from" | "above" | "integer" = "from") {
  return checked<number>((value) => {
    const problem = notNumber(value) ?? (kind === "integer" && !Number.isInteger(value) ? "must be an integer" : undefined);
    if (problem !== undefined) return problem;
    if ((value as number) < low || (kind === "above" && value === low)) return `must be ${kind === "above" ? ">" : "≥"} ${low}`;
    return (value as number) > high ? `must be ≤ ${high}` : undefined;
  });
}

/** One of `values`, each shown as JSON in the message. */
export function oneOf<const T extends string>(values: readonly T[], message = `must be one of ${values.map((value) => JSON.stringify(value)).join(", ")}`) {
  return checked<T>((value) => (values.includes(value as T) ? undefined : message));
}

/**
 * The issue a failed parse reports: an unknown key before anything else, since a misspelt
 * key (`catalog`) also leaves the key it meant missing, and the missing one says less.
 */
export function firstIssue(error: ParseError): Issue {
  return error.issues.find((issue) => issue.code === "unrecognized_keys") ?? error.issues[0]!;
}
