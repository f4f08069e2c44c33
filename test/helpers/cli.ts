// Runs the command line in-process, collecting what it writes: the CLI and README tests.
import { main } from "../../src/cli/main.js";

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliRunOptions {
  /** Both streams claim to be a terminal (colour, progress bars). */
  readonly tty?: boolean;
  readonly env?: Record<string, string>;
  /** Replaces the collecting stdout writer (e.g. one that throws). */
  readonly stdoutWrite?: (text: string) => unknown;
}

/** `toolsift …args` with both streams captured (not a TTY and no environment unless asked). */
export async function runCli(args: string[], { tty = false, env = {}, stdoutWrite }: CliRunOptions = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    stdout: { write: stdoutWrite ?? ((text: string) => (stdout += text)), isTTY: tty },
    stderr: { write: (text: string) => (stderr += text), isTTY: tty },
    env,
  });
  return { code, stdout, stderr };
}
