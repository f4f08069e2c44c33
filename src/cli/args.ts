// Argument parsing for the command line: Node's parseArgs, with its errors turned into one-line
// usage errors that name the nearest known option or command.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { nearest } from "../core/nearest.js";

/** A mistake in the command line itself (exit 1), as opposed to bad input (a ToolsiftError). */
export class UsageError extends Error {}

export { nearest };

type Options = NonNullable<ParseArgsConfig["options"]>;

function unknownOption(command: string, args: readonly string[], options: Options): UsageError | undefined {
  // Re-parse leniently to find the offending token, rather than reading it out of Node's message;
  // positionals allowed, since the unknown option's value (`--max-input-bytes 1K`) reads as one.
  const { tokens } = parseArgs({ args: [...args], options, allowPositionals: true, strict: false, tokens: true });
  const token = tokens.find((candidate) => candidate.kind === "option" && !(candidate.name in options));
  if (token === undefined || token.kind !== "option") return undefined;
  const typed = token.rawName.replace(/^-+/, "");
  const names = Object.keys(options);
  const suggestion = nearest(typed, names);
  if (suggestion !== undefined) return new UsageError(`unknown option ${token.rawName}; did you mean --${suggestion}?`);
  const known = names.map((name) => `--${name}`).join(", ");
  return new UsageError(`unknown option ${token.rawName}; ${command} takes ${known === "" ? "no options" : known}`);
}

// A value that reads as a negative number ("-3", "-0.5", "-.5").
const NEGATIVE_NUMBER = /^-\.?\d/u;

/**
 * `--limit -3` as `--limit=-3`: Node's parseArgs reads a value that starts with a dash as a
 * possible option ("argument is ambiguous"), so the range check would never see it. Only
 * options that take a value, only values that read as numbers, and nothing after `--`.
 */
function joinNegativeValues(args: readonly string[], options: Options): string[] {
  const takesValue = new Set<string>();
  for (const [name, option] of Object.entries(options)) {
    if (option.type !== "string") continue;
    takesValue.add(`--${name}`);
    if (option.short !== undefined) takesValue.add(`-${option.short}`);
  }
  const joined: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "--") return [...joined, ...args.slice(index)];
    const next = args[index + 1];
    if (takesValue.has(arg) && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      joined.push(arg.startsWith("--") ? `${arg}=${next}` : `${arg}${next}`);
      index++;
    } else joined.push(arg);
  }
  return joined;
}

/**
 * `parseArgs` (strict) for one command; its errors become a one-line `UsageError`.
 * @example
 * const { values } = parseCommand("inspect", { args, options: { json: { type: "boolean" } } });
 */
export function parseCommand<const T extends ParseArgsConfig & { args: string[]; options: Options }>(command: string, config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs({ ...config, args: joinNegativeValues(config.args, config.options) });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const usage = unknownOption(command, config.args, config.options);
      if (usage !== undefined) throw usage;
    }
    if (code?.startsWith("ERR_PARSE_ARGS") === true) {
      // Node's messages run on with advice about `--`; the first sentence is the mistake.
      const first = (error as Error).message.split(/(?<=\.) |\n/)[0]!.replace(/\.$/, "");
      throw new UsageError(`${command}: ${first}`);
    }
    throw error;
  }
}

/** `--analyzer plural|stem`, as the ranker takes it; absent, the ranker's default. */
export function rankerOptions(values: { analyzer?: string | undefined }): { analyzer?: "plural" | "stem" } {
  if (values.analyzer === undefined) return {};
  if (values.analyzer !== "plural" && values.analyzer !== "stem") throw new UsageError(`--analyzer must be plural or stem, got ${values.analyzer}`);
  return { analyzer: values.analyzer };
}

// Digits only: Number() would take "1e3", "0x10" and " 5 ", and a limit above the tool count
// is clamped by the ranker anyway.
export function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1) throw new UsageError(`--${name} must be a positive integer, got ${value}`);
  return number;
}
