// Terminal output for the CLI: colour only on a TTY without NO_COLOR, a progress bar only on
// a TTY (DESIGN.md "Command line and package entries": quiet when piped), everything but results on stderr.

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
    this.#streams.stdout.write(`${text}\n`);
  }

  note(text: string): void {
    this.#streams.stderr.write(`${text}\n`);
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
