// A completer that runs a shell command per prompt (Node only; the command line's --with
// command): the prompt on its standard input, its standard output the answer.
import { spawn } from "node:child_process";
import { HINT_LIMITS } from "./answer.js";
import type { Complete } from "./complete.js";

/** Options of `commandComplete`. */
export interface CommandCompleteOptions {
  /** Recorded as the model when the command does not say (it cannot). */
  readonly model?: string;
  /** Milliseconds one run may take before it is killed (`hint_error`); 120,000 by default. */
  readonly timeoutMs?: number;
  /** The environment; the tool's id is added as `TOOLSIFT_HINT_TOOL`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Runs `command` in the shell for each prompt. The answer is its standard output, read up to
 * one byte past `HINT_LIMITS.maxAnswerBytes` (so an endless one is `hint_too_large`, not a
 * memory hog); a non-zero exit, a signal or the timeout throws (the tool is `hint_error`,
 * with the first line of its standard error).
 *
 * @example
 * const complete = commandComplete("llm -m claude-haiku");
 */
export function commandComplete(command: string, options: CommandCompleteOptions = {}): Complete {
  const timeout = options.timeoutMs ?? 120_000;
  return (prompt, context) => new Promise((resolve, reject) => {
    const child = spawn(command, {
      shell: true,
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...(options.env ?? process.env), TOOLSIFT_HINT_TOOL: context.tool },
      ...(context.signal === undefined ? {} : { signal: context.signal }),
    });
    const out: Buffer[] = [];
    let size = 0;
    let error = "";
    let overflow = false;
    const timer = setTimeout(() => child.kill("SIGKILL"), timeout);
    child.stdout.on("data", (chunk: Buffer) => {
      if (size > HINT_LIMITS.maxAnswerBytes) return;
      out.push(chunk);
      size += chunk.length;
      if (size > HINT_LIMITS.maxAnswerBytes) {
        overflow = true;
        child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (error.length < 4096) error += chunk.toString("utf8");
    });
    // A command that never reads its input closes the pipe: that is its business.
    child.stdin.on("error", () => undefined);
    child.stdin.end(prompt);
    child.on("error", (cause) => {
      clearTimeout(timer);
      reject(cause);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const text = Buffer.concat(out).toString("utf8");
      if (overflow) return resolve({ text, ...(options.model === undefined ? {} : { model: options.model }) });
      if (code !== 0) {
        const line = error.split("\n").find((part) => part.trim().length > 0)?.trim() ?? "";
        return reject(new Error(`the command ${signal !== null ? `was killed (${signal}${signal === "SIGKILL" ? ", timeout" : ""})` : `exited with ${code}`}${line === "" ? "" : `: ${line}`}`));
      }
      resolve({ text, ...(options.model === undefined ? {} : { model: options.model }) });
    });
  });
}
