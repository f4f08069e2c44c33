// Files the command line reads that are not regular files (FIFOs, devices, directories) are
// refused before anything blocks, and regular files are read under a bound. Each case runs the
// built command line in a child process with a timeout: a read that blocks or never ends would
// hang this process.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../bin/toolsift.js", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "toolsift-cli-files-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface ChildRun {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/** The built `toolsift …args` in a child process, killed after `timeout` ms. */
function child(args: string[], timeout = 8_000): ChildRun {
  const started = performance.now();
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout, killSignal: "SIGKILL", stdio: ["ignore", "pipe", "pipe"] });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr, ms: performance.now() - started };
}

/** Exit 2 within a few seconds and one typed line naming the file. */
function expectRefused(run: ChildRun, code: string, file: string, why: RegExp): void {
  expect({ status: run.status, signal: run.signal }).toEqual({ status: 2, signal: null });
  expect(run.stderr).toMatch(new RegExp(`^toolsift: ${code}: [^\\n]+\\n$`));
  expect(run.stderr).toContain(file);
  expect(run.stderr).toMatch(why);
  expect(run.ms).toBeLessThan(6_000);
}

describe.runIf(process.platform === "linux")("toolsift: files that are not regular files are refused at once", () => {
  const fifo = join(folder, "input.fifo");
  const journals = join(folder, "journals");
  mkdirSync(journals);
  // Nobody ever opens these for writing: a blocking open of either would wait forever.
  spawnSync("mkfifo", [fifo, join(journals, "run.jsonl")]);

  it("mcp replay /dev/zero is a typed error, not gigabytes of zeros", () => {
    expectRefused(child(["mcp", "replay", "/dev/zero"]), "file_unreadable", "/dev/zero", /not a regular file|character device/);
  });

  it("mcp replay of a FIFO, of a directory, and of a journal over --max-input-bytes", () => {
    expectRefused(child(["mcp", "replay", fifo]), "file_unreadable", fifo, /FIFO/);
    expectRefused(child(["mcp", "replay", folder]), "file_unreadable", folder, /directory/);
    const journal = join(folder, "big.jsonl");
    writeFileSync(journal, `${"x".repeat(4096)}\n`);
    expectRefused(child(["mcp", "replay", journal, "--max-input-bytes", "1K"]), "input_too_large", journal, /1 KiB/);
  });

  it("a FIFO or a device as servers.json or as the gateway's state file", () => {
    expectRefused(child(["mcp", "status", "--config", fifo]), "file_unreadable", fifo, /FIFO/);
    for (const state of [fifo, "/dev/zero"]) {
      const config = join(mkdtempSync(join(folder, "state-")), "servers.json");
      writeFileSync(config, JSON.stringify({ mcpServers: {}, toolsift: { state } }));
      expectRefused(child(["mcp", "status", "--config", config]), "file_unreadable", state, /FIFO|character device/);
    }
  });

  it("a FIFO as a catalogue, an index, a queries file or a journal for learn", () => {
    expectRefused(child(["query", fifo, "x"]), "file_unreadable", fifo, /FIFO/);
    expectRefused(child(["inspect", fifo]), "file_unreadable", fifo, /FIFO/);
    expectRefused(child(["build", "/dev/zero", "-o", join(folder, "out.tsi")]), "file_unreadable", "/dev/zero", /character device/);
    const catalogue = fileURLToPath(new URL("./fixtures/runtime-catalogue.json", import.meta.url));
    expectRefused(child(["eval", "--tools", catalogue, "--queries", fifo]), "file_unreadable", fifo, /FIFO/);
    expectRefused(child(["learn", "--tools", catalogue, "--journals", journals, "-o", join(folder, "hints.json")]), "file_unreadable", join(journals, "run.jsonl"), /FIFO/);
  });
});
