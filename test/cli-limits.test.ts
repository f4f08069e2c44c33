// The command line refuses bad input with one typed line on stderr and exit 2, reads only
// regular files (a device or FIFO is refused before it is read) with a bound checked while
// reading, and answers a mistyped flag with the nearest known one.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, copyFileSync, existsSync, openSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE } from "../src/cli/main.js";
import { runCli, type CliRun } from "./helpers/cli.js";

const folder = mkdtempSync(join(tmpdir(), "toolsift-cli-limits-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type Run = CliRun;

function run(args: string[], env: Record<string, string> = {}, stdoutWrite?: (text: string) => unknown): Promise<Run> {
  return runCli(args, { env, ...(stdoutWrite === undefined ? {} : { stdoutWrite }) });
}

/** Exit 2 and exactly one line `toolsift: <code>: …` on stderr, nothing on stdout. */
function expectTypedError(result: Run, code: string, ...mentions: (string | RegExp)[]): void {
  expect(result.stderr).toMatch(new RegExp(`^toolsift: ${code}: [^\\n]+\\n$`));
  for (const mention of mentions) expect(result.stderr).toMatch(mention);
  expect(result.stdout).toBe("");
  expect(result.code).toBe(EXIT_BAD_INPUT);
}

const catalogue = join(folder, "catalogue.json");
copyFileSync(join(import.meta.dirname, "fixtures/runtime-catalogue.json"), catalogue);
const index = join(folder, "index.tsi");
const devices = existsSync("/dev/zero") && existsSync("/dev/full");

describe("toolsift CLI: typed errors for unreadable, unwritable and foreign files", () => {
  it("builds the index the other tests read", async () => {
    expect((await run(["build", catalogue, "-o", index])).code).toBe(EXIT_OK);
  });

  it("reports a missing file, a directory and a symlink loop as file_unreadable", async () => {
    const missing = join(folder, "nope.tsi");
    expectTypedError(await run(["inspect", missing]), "file_unreadable", missing, /no such file/);
    expectTypedError(await run(["inspect", folder]), "file_unreadable", folder, /directory/);
    const loop = join(folder, "loop-a");
    symlinkSync(join(folder, "loop-b"), loop);
    symlinkSync(loop, join(folder, "loop-b"));
    expectTypedError(await run(["inspect", loop]), "file_unreadable", loop, /symbolic links/);
    expectTypedError(await run(["query", missing, "x"]), "file_unreadable", missing);
    expectTypedError(await run(["build", missing, "-o", join(folder, "x.tsi")]), "file_unreadable", missing);
    expectTypedError(await run(["eval", "--tools", index, "--queries", missing]), "file_unreadable", missing);
  });

  it("refuses to inspect a catalogue, pointing at query and build", async () => {
    expectTypedError(await run(["inspect", catalogue]), "artifact_bad_magic", catalogue, /not an index artifact/, /toolsift query/, /toolsift build/);
    const text = join(folder, "notes.txt");
    writeFileSync(text, "hello");
    const plain = await run(["inspect", text]);
    expectTypedError(plain, "artifact_bad_magic", text, /not an index artifact/);
    expect(plain.stderr).not.toMatch(/catalogue/);
  });

  it("reports a truncated artifact to inspect as a typed error, not a RangeError", async () => {
    const truncated = join(folder, "truncated.tsi");
    writeFileSync(truncated, readFileSync(index).subarray(0, 64));
    const result = await run(["inspect", truncated]);
    expect(result.stderr).toMatch(/^toolsift: artifact_\w+: [^\n]+\n$/);
    expect(result.code).toBe(EXIT_BAD_INPUT);
  });

  it("reports an output that is a directory or a full device as file_unwritable", async () => {
    expectTypedError(await run(["build", catalogue, "-o", folder]), "file_unwritable", folder, /directory/);
    if (devices) expectTypedError(await run(["build", catalogue, "-o", "/dev/full"]), "file_unwritable", "/dev/full", /no space/);
  });

  it("reports an unexpected failure as one internal-error line with exit 70, the stack only with TOOLSIFT_DEBUG=1", async () => {
    const boom = () => {
      throw new TypeError("boom");
    };
    const quiet = await run(["query", index, "pull request"], {}, boom);
    expect(quiet.code).toBe(EXIT_INTERNAL);
    expect(quiet.stderr).toMatch(/^toolsift: internal error: TypeError: boom [^\n]*TOOLSIFT_DEBUG=1[^\n]*\n$/);
    expect(quiet.stderr).not.toMatch(/\n\s+at /);
    const debug = await run(["query", index, "pull request"], { TOOLSIFT_DEBUG: "1" }, boom);
    expect(debug.code).toBe(EXIT_INTERNAL);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });
});

describe("toolsift CLI: every input is a regular file read with a bound", () => {
  it.runIf(devices)("refuses /dev/zero at once to query, inspect, eval --queries and build: not a regular file", { timeout: 10_000 }, async () => {
    const started = performance.now();
    expectTypedError(await run(["query", "/dev/zero", "x"]), "file_unreadable", "/dev/zero", /character device, not a regular file/);
    expectTypedError(await run(["inspect", "/dev/zero"]), "file_unreadable", "/dev/zero", /character device/);
    expectTypedError(await run(["eval", "--tools", index, "--queries", "/dev/zero", "--max-input-bytes", "1M"]), "file_unreadable", "/dev/zero");
    expectTypedError(await run(["build", "/dev/zero", "-o", join(folder, "y.tsi")]), "file_unreadable", "/dev/zero");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("refuses a file one byte over --max-input-bytes and reads one exactly at it", async () => {
    const size = readFileSync(index).byteLength;
    expectTypedError(await run(["query", index, "pull request", "--max-input-bytes", String(size - 1)]), "input_too_large", index, new RegExp(`${size - 1} bytes`), /--max-input-bytes/);
    expectTypedError(await run(["inspect", index, "--max-input-bytes", String(size - 1)]), "input_too_large", index);
    expect((await run(["query", index, "pull request", "--max-input-bytes", String(size)])).code).toBe(EXIT_OK);
    expect((await run(["inspect", index, "--max-input-bytes", String(size)])).code).toBe(EXIT_OK);
    const json = readFileSync(catalogue).byteLength;
    expectTypedError(await run(["build", catalogue, "-o", join(folder, "z.tsi"), "--max-input-bytes", String(json - 1)]), "input_too_large", catalogue);
  });

  it.runIf(process.platform === "linux")("refuses an endless FIFO before reading it, even one that starts with the artifact magic", { timeout: 10_000 }, async () => {
    const fifo = join(folder, "endless.fifo");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    // The writer ends with SIGPIPE or is killed; the CLI never opens the FIFO for a blocking read.
    const writer = spawn("sh", ["-c", `{ printf TSFT; exec cat /dev/zero; } > '${fifo}'`], { stdio: "ignore" });
    try {
      expectTypedError(await run(["inspect", fifo, "--max-input-bytes", "2M"]), "file_unreadable", fifo, /FIFO/);
    } finally {
      writer.kill();
    }
  });

  it("rejects a malformed --max-input-bytes as a usage error", async () => {
    for (const value of ["0", "-5", "12X", "1.5M", "5G"]) {
      const result = await run(["query", index, "x", `--max-input-bytes=${value}`]);
      expect(result.code).toBe(EXIT_USAGE);
      expect(result.stderr).toMatch(/^toolsift: --max-input-bytes [^\n]+\n$/);
    }
  });
});

describe("toolsift CLI: flags", () => {
  it("answers a mistyped flag with the nearest known one, in one line", async () => {
    const result = await run(["query", index, "x", "--limt", "3"]);
    expect(result.code).toBe(EXIT_USAGE);
    expect(result.stderr).toBe("toolsift: unknown option --limt; did you mean --limit?\n");
    const far = await run(["inspect", index, "--frobnicate"]);
    expect(far.code).toBe(EXIT_USAGE);
    expect(far.stderr).toBe("toolsift: unknown option --frobnicate; inspect takes --max-input-bytes\n");
    const command = await run(["inspekt", index]);
    expect(command.stderr).toBe("toolsift: unknown command inspekt; did you mean inspect?\n");
  });

  it("answers an unknown option followed by a value with a usage error, not an internal one", async () => {
    const config = join(folder, "empty-servers.json");
    writeFileSync(config, JSON.stringify({ mcpServers: {} }));
    const result = await run(["mcp", "status", "--config", config, "--max-input-bytes", "1K"]);
    expect([result.code, result.stderr]).toEqual([EXIT_USAGE, "toolsift: unknown option --max-input-bytes; mcp status takes --config, --json, --offline\n"]);
  });

  it("prints the package version for --version", async () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, "../package.json"), "utf8")) as { version: string };
    const result = await run(["--version"]);
    expect(result).toEqual({ code: EXIT_OK, stdout: `${version}\n`, stderr: "" });
  });

  it("runs the built bin without a stack trace for a missing file and for a full standard output", () => {
    const bin = join(import.meta.dirname, "../bin/toolsift.js");
    const missing = spawnSync(process.execPath, [bin, "inspect", join(folder, "nope.tsi")], { encoding: "utf8" });
    expect(missing.stderr).toMatch(/^toolsift: file_unreadable: [^\n]+\n$/);
    expect(missing.status).toBe(EXIT_BAD_INPUT);
    if (!devices) return;
    const full = openSync("/dev/full", "w");
    try {
      const result = spawnSync(process.execPath, [bin, "query", index, "pull request"], { encoding: "utf8", stdio: ["ignore", full, "pipe"] });
      expect(result.stderr).toBe("toolsift: file_unwritable: cannot write the standard output: no space left on the device\n");
      expect(result.status).toBe(EXIT_BAD_INPUT);
    } finally {
      closeSync(full);
    }
  });
});
