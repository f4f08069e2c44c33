// The four schema kinds the package's configs use (strict object, default, optional, custom
// check), written out: zod/mini brought about 4.9 KB gzipped to an application bundle for
// them. The semantics are zod's, which the config tests pin message by message: a strict
// object refuses a non-object and reports every problem (fields in shape order, then the
// unknown keys); a default replaces a missing value without checking it; an optional field
// may be missing; a custom check reports a message and may replace the value it passes on.

/** One problem a parse found: where (`path`), what (`code`), and the message to show. */
export interface Issue {
  readonly code: "custom" | "invalid_type" | "unrecognized_keys";
  readonly path: readonly (string | number)[];
  readonly message: string;
  /** For `unrecognized_keys`: the keys the object does not know. */
  readonly keys: readonly string[];
  /** For `invalid_type`: what was expected. */
  readonly expected?: string;
}

/** A failed parse: its issues, first found first. */
export interface ParseError {
  readonly issues: readonly Issue[];
}

export type ParseResult<O> = { readonly success: true; readonly data: O } | { readonly success: false; readonly error: ParseError };

/** What a check sees: the value (which it may replace) and the issues to add to. */
export interface CheckPayload {
  value: unknown;
  readonly issues: Issue[];
}

// `~input` / `~output` exist only for type inference (never set at run time).
export abstract class Schema<O, I = O> {
  declare readonly "~output": O;
  declare readonly "~input": I;

  /** Parses `value`; pushes issues (with paths below `path`) and returns the output. */
  abstract run(value: unknown, path: readonly (string | number)[], issues: Issue[]): unknown;

  safeParse(value: unknown): ParseResult<O> {
    const issues: Issue[] = [];
    const data = this.run(value, [], issues);
    return issues.length === 0 ? { success: true, data: data as O } : { success: false, error: { issues } };
  }
}

export type output<S> = S extends Schema<infer O, unknown> ? O : never;
export type input<S> = S extends Schema<unknown, infer I> ? I : never;

type Shape = Readonly<Record<string, Schema<unknown, unknown>>>;
type Optional<T extends Shape> = { [K in keyof T]: undefined extends input<T[K]> ? K : never }[keyof T];
type ObjectInput<T extends Shape> = { [K in Exclude<keyof T, Optional<T>>]: input<T[K]> } & { [K in Optional<T>]?: input<T[K]> };
type ObjectOutput<T extends Shape> = { [K in keyof T]: output<T[K]> };

class Custom<T> extends Schema<T> {
  readonly #test: ((value: unknown) => boolean) | undefined;
  readonly #message: string;
  readonly #checks: ((payload: CheckPayload) => void)[];

  constructor(test: ((value: unknown) => boolean) | undefined, message: string, checks: ((payload: CheckPayload) => void)[] = []) {
    super();
    this.#test = test;
    this.#message = message;
    this.#checks = checks;
  }

  /** The same schema with one more check run after the others. */
  check(check: (payload: CheckPayload) => void): Custom<T> {
    return new Custom<T>(this.#test, this.#message, [...this.#checks, check]);
  }

  run(value: unknown, path: readonly (string | number)[], issues: Issue[]): unknown {
    if (this.#test !== undefined && !this.#test(value)) {
      issues.push({ code: "custom", path, message: this.#message, keys: [] });
      return value;
    }
    const own: Issue[] = [];
    const payload: CheckPayload = { value, issues: own };
    for (const check of this.#checks) check(payload);
    for (const issue of own) issues.push({ ...issue, path: [...path, ...issue.path] });
    return payload.value;
  }
}

class StrictObject<T extends Shape> extends Schema<ObjectOutput<T>, ObjectInput<T>> {
  readonly shape: T;
  readonly #message: string;

  constructor(shape: T, message: string) {
    super();
    this.shape = shape;
    this.#message = message;
  }

  run(value: unknown, path: readonly (string | number)[], issues: Issue[]): unknown {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      issues.push({ code: "invalid_type", expected: "object", path, message: this.#message, keys: [] });
      return value;
    }
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(this.shape)) {
      const field = record[key];
      const schema = this.shape[key]!;
      if (field === undefined && schema instanceof OptionalField) continue;
      out[key] = schema.run(field, [...path, key], issues);
    }
    const unknown = Object.keys(record).filter((key) => !Object.hasOwn(this.shape, key));
    if (unknown.length > 0) issues.push({ code: "unrecognized_keys", keys: unknown, path, message: `Unrecognized keys: ${unknown.join(", ")}` });
    return out;
  }
}

class Defaulted<O, I> extends Schema<O, I | undefined> {
  readonly #inner: Schema<O, I>;
  readonly #value: O | (() => O);

  constructor(inner: Schema<O, I>, value: O | (() => O)) {
    super();
    this.#inner = inner;
    this.#value = value;
  }

  run(value: unknown, path: readonly (string | number)[], issues: Issue[]): unknown {
    if (value !== undefined) return this.#inner.run(value, path, issues);
    return typeof this.#value === "function" ? (this.#value as () => O)() : this.#value;
  }
}

class OptionalField<O, I> extends Schema<O | undefined, I | undefined> {
  readonly #inner: Schema<O, I>;

  constructor(inner: Schema<O, I>) {
    super();
    this.#inner = inner;
  }

  run(value: unknown, path: readonly (string | number)[], issues: Issue[]): unknown {
    return value === undefined ? undefined : this.#inner.run(value, path, issues);
  }
}

/**
 * The schema kinds, named as zod/mini names them so a config reads the same.
 *
 * @example
 * const schema = z.strictObject({ k1: z._default(z.custom<number>((v) => typeof v === "number", { error: "must be a number" }), 1.2) });
 */
export const z = {
  custom<T>(test?: (value: unknown) => boolean, options: { error?: string } = {}): Custom<T> {
    return new Custom<T>(test, options.error ?? "Invalid input");
  },
  strictObject<T extends Shape>(shape: T, options: { error?: string } = {}): StrictObject<T> {
    return new StrictObject(shape, options.error ?? "must be an object");
  },
  _default<O, I>(inner: Schema<O, I>, value: O | (() => O)): Defaulted<O, I> {
    return new Defaulted(inner, value);
  },
  optional<O, I>(inner: Schema<O, I>): OptionalField<O, I> {
    return new OptionalField(inner);
  },
};
