// Node runtime test: a plain `node` child process (no vitest transform) resolves "toolsift"
// through the package's exports map and must reproduce the golden file byte for byte.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { goldenDifference } from "../common/cases.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../../", import.meta.url));
const golden = readFileSync(new URL("../golden.json", import.meta.url), "utf8");

describe("node runtime", () => {
  it("a real node process resolves toolsift to dist/entry/node.js and reproduces the golden file", async () => {
    const { stdout } = await run(process.execPath, [fileURLToPath(new URL("produce.mjs", import.meta.url))], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
    const produced = JSON.parse(stdout) as { resolved: string; node: string; text: string; simd: unknown };
    expect(produced.resolved).toBe(new URL("dist/entry/node.js", `file://${root}`).href);
    expect(goldenDifference(produced.text, golden)).toBeNull();
    // The runtime has simd128 and runs the packaged SIMD build (test/simd.test.ts).
    expect(produced.simd).toEqual({ probe: true, simdBuild: 1, dot: 11 });
  });
});
