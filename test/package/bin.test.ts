// The `toolsift` command of a checkout that was never built (a fresh clone after `npm ci`, or a
// tarball packed without its build): one typed line naming the folder to build, not a Node
// stack. A built package runs as usual.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "toolsift-bin-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A package folder holding the command and its manifest, as a clone has them before `npm run build`. */
function unbuilt(): string {
  const pkg = join(folder, "toolsift");
  mkdirSync(join(pkg, "bin"), { recursive: true });
  copyFileSync(join(root, "bin/toolsift.js"), join(pkg, "bin/toolsift.js"));
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "toolsift", type: "module", bin: { toolsift: "./bin/toolsift.js" } }));
  return pkg;
}

describe("bin/toolsift.js", () => {
  it("says in one typed line that the package is not built, and where to build it", () => {
    const pkg = unbuilt();
    const run = spawnSync(process.execPath, [join(pkg, "bin/toolsift.js"), "--help"], { encoding: "utf8" });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 2,
      stdout: "",
      stderr: `toolsift: not_built: toolsift is not built: run npm run build in ${pkg}\n`,
    });
  });

  it("runs the built command line", () => {
    const run = spawnSync(process.execPath, [join(root, "bin/toolsift.js"), "--help"], { encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^toolsift — tool search for LLM agents\n/u);
  });
});
