// Argument parsing for the command line: Node's parseArgs, with its errors turned into one-line
// usage errors that name the nearest known option or command.
import { parseArgs, type ParseArgsConfig } from "node:util";

/** A mistake in the command line itself (exit 1), as opposed to bad input (a ToolsiftError). */
export class UsageError extends Error {}

/**
 * Edit distance counting a swap of two neighbours as one edit (optimal string alignment),
 * since "explian" is one slip from "explain", not two.
 */
function distance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidate closest to `typed`: a prefix of it (`--max` for `--max-input-bytes`), or within
 * a third of its length in edits (one edit for short words); undefined when none is that close.
 */
export function nearest(typed: string, candidates: readonly string[]): string | undefined {
  const lower = typed.toLowerCase();
  if (lower.length >= 3) {
    const prefixed = candidates.filter((candidate) => candidate.startsWith(lower));
    if (prefixed.length === 1) return prefixed[0];
  }
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(lower.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = distance(lower, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

type Options = NonNullable<ParseArgsConfig["options"]>;

function unknownOption(command: string, args: readonly string[], options: Options, allowPositionals: boolean): UsageError | undefined {
  // Re-parse leniently to find the offending token, rather than reading it out of Node's message.
  const { tokens } = parseArgs({ args: [...args], options, allowPositionals, strict: false, tokens: true });
  const token = tokens.find((candidate) => candidate.kind === "option" && !(candidate.name in options));
  if (token === undefined || token.kind !== "option") return undefined;
  const typed = token.rawName.replace(/^-+/, "");
  const names = Object.keys(options);
  const suggestion = nearest(typed, names);
  if (suggestion !== undefined) return new UsageError(`unknown option ${token.rawName}; did you mean --${suggestion}?`);
  const known = names.map((name) => `--${name}`).join(", ");
  return new UsageError(`unknown option ${token.rawName}; ${command} takes ${known === "" ? "no options" : known}`);
}

/**
 * `parseArgs` (strict) for one command; its errors become a one-line `UsageError`.
 * @example
 * const { values } = parseCommand("inspect", { args, options: { json: { type: "boolean" } } });
 */
export function parseCommand<const T extends ParseArgsConfig & { args: string[]; options: Options }>(command: string, config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const usage = unknownOption(command, config.args, config.options, config.allowPositionals ?? false);
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
