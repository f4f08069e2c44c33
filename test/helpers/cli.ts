// Runs the command line in-process, collecting what it writes: the tests of test/cli-*.test.ts.
import { main } from "../../src/cli/main.js";

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `toolsift …args` with both streams captured (not a TTY, no environment). */
export async function runCli(args: string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: {} });
  return { code, stdout, stderr };
}
