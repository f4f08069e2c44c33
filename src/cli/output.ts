// Terminal output for the CLI: colour only on a TTY without NO_COLOR, a progress bar only on
// a TTY (DESIGN.md "Command line and package entries": quiet when piped), everything but results
// on stderr, and no control character but our own that a terminal would act on.

// What a terminal acts on or hides: C0 controls, DEL, C1 controls (U+009B is a CSI), the
// bidirectional marks, embeddings, overrides and isolates, zero-width characters, the Unicode
// line and paragraph separators and the byte order mark (and, for `visible`, the newline).
const RANGES = "\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2069\\ufeff";
const CONTROL = new RegExp(`[\\n${RANGES}]`, "gu");
const CONTROL_BUT_NEWLINE = new RegExp(`[${RANGES}]`, "gu");
const SHORT: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
// The colour codes Output itself writes, the one exception to escaping.
const OWN_STYLE = /\u001b\[(?:1|2|22)m/y;

function escape(character: string): string {
  return SHORT[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * Text from outside (an upstream's tool description, a file's names, an error about them) as
 * one line a terminal shows and does not act on: each control character becomes its escape
 * (ESC is `\u001b`, a newline `\n`, a tab `\t`). The `\uXXXX` form is also JSON's, so escaped
 * JSON text parses to the same value. Split multi-line text first and print each line.
 *
 * @example
 * visible("ok\u001b[2K") // the 10 characters ok\u001b[2K
 */
export function visible(text: string): string {
  return text.replace(CONTROL, escape);
}

// Everything Output writes passes here: text that missed `visible` still cannot drive the
// terminal; newlines stay (usage text, a line per hit) and so do Output's own colour codes.
function printable(text: string, color: boolean): string {
  return text.replace(CONTROL_BUT_NEWLINE, (character: string, offset: number) => {
    OWN_STYLE.lastIndex = offset;
    return color && OWN_STYLE.test(text) ? character : escape(character);
  });
}

/** The CLI's exit codes: ok, a usage mistake, bad input (a ToolsiftError). */
export const EXIT_OK = 0;
export const EXIT_USAGE = 1;
export const EXIT_BAD_INPUT = 2;
/** A bug, not the user's input: sysexits' EX_SOFTWARE. */
export const EXIT_INTERNAL = 70;

export interface Streams {
  readonly stdout: { write(text: string): unknown; isTTY?: boolean };
  readonly stderr: { write(text: string): unknown; isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
}

export class Output {
  readonly #streams: Streams;
  readonly color: boolean;

  constructor(streams: Streams) {
    this.#streams = streams;
    this.color = Boolean(streams.stdout.isTTY) && streams.env["NO_COLOR"] === undefined;
  }

  line(text = ""): void {
    this.#streams.stdout.write(`${printable(text, this.color)}\n`);
  }

  /** A line on stderr: a note, a warning or an error. */
  note(text: string): void {
    this.#streams.stderr.write(`${printable(text, this.color)}\n`);
  }

  bold(text: string): string {
    return this.color ? `\u001b[1m${text}\u001b[22m` : text;
  }

  dim(text: string): string {
    return this.color ? `\u001b[2m${text}\u001b[22m` : text;
  }

  /** A progress callback drawing a bar on stderr when it is a TTY; otherwise silent. */
  progress(label: string): ((done: number, total: number) => void) | undefined {
    const stderr = this.#streams.stderr;
    if (!stderr.isTTY) return undefined;
    let last = -1;
    return (done, total) => {
      const percent = total === 0 ? 100 : Math.floor((100 * done) / total);
      if (percent === last && done !== total) return;
      last = percent;
      const width = 30;
      const filled = Math.round((width * percent) / 100);
      stderr.write(`\r${label} [${"#".repeat(filled)}${" ".repeat(width - filled)}] ${percent}% (${done}/${total})`);
      if (done === total) stderr.write("\n");
    };
  }
}
