// `npm ci` in a clone warns about nothing a reader would have to look into. The checkout's
// manifest and lock are installed in a temporary folder as a dry run (offline; npm plans the
// whole tree, checks engines and install scripts, and writes nothing). The one warning left is
// the engine warning the README's Install section names: SDKs that declare Node 22, on Node 20.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { npm, root } from "./tarball.js";

// README.md, "Install": the test dependencies that declare Node 22 or later.
const NODE_22_PACKAGES = ["ai", "openai", "@ai-sdk/anthropic", "@ai-sdk/gateway", "@ai-sdk/openai", "@ai-sdk/provider", "@ai-sdk/provider-utils", "content-type", "@modelcontextprotocol/inspector", "commander", "undici"];

const folder = mkdtempSync(join(tmpdir(), "toolsift-npm-ci-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("npm ci in a clone", () => {
  it("warns about nothing but the engines the README names", () => {
    for (const file of ["package.json", "package-lock.json"]) copyFileSync(join(root, file), join(folder, file));
    const run = npm(folder, ["ci", "--dry-run"]);
    expect(run.status, run.stderr).toBe(0);
    const warnings = run.stderr.split("\n").filter((line) => line.startsWith("npm warn"));
    expect(warnings.filter((line) => !line.startsWith("npm warn EBADENGINE"))).toEqual([]);
    const engines = [...run.stderr.matchAll(/npm warn EBADENGINE {3}package: '(.+)@[^@']+',/gu)].map((match) => match[1]!);
    expect(engines.filter((name) => !NODE_22_PACKAGES.includes(name))).toEqual([]);
  });
});
