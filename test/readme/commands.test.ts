// The README's shell blocks, run: every `npx toolsift …` line goes through the CLI in-process
// from the repository root (an `index.tsi` it writes goes to a temporary folder) and must exit
// 0. The other lines install, build or start the project: `.ci/run` itself runs `npm ci` and
// `npm test` on a fresh clone; the edge recipes (`npx esbuild …`, `npm run preview` in an
// example) are run by test/readme/edge.test.ts. This test fails on a line of any other kind.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { README, fencedBlocks } from "./blocks.js";

const lines = fencedBlocks(README, "sh")
  .flatMap((block) => block.split("\n"))
  .map((line) => line.replace(/\s+#.*$/u, "").trim())
  .filter((line) => line.length > 0 && !line.startsWith("#"));
const commands = lines.filter((line) => line.startsWith("npx toolsift "));
const setup = /^(npm (ci|start|test|pack|install|run build|run preview)|git clone|cd |npm ci && |npx esbuild )/u;
// Files the README's commands write (and later ones read) go to a temporary folder.
const scratchFiles = new Set(["index.tsi", "hints.json"]);
const scratch = mkdtempSync(join(tmpdir(), "toolsift-readme-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Words of a command line: double-quoted strings kept whole, as a shell reads these lines.
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/gu)].map((match) => match[1] ?? match[2]!);
}

describe("the README's shell blocks", () => {
  it("hold only toolsift commands and the project's own install and test lines", () => {
    expect(commands.length).toBeGreaterThanOrEqual(5);
    expect(lines.filter((line) => !line.startsWith("npx toolsift ") && !setup.test(line))).toEqual([]);
  });

  for (const command of commands) {
    it(`runs: ${command.slice(0, 90)}`, async () => {
      const args = words(command).slice(2).map((word) => (scratchFiles.has(word) ? join(scratch, word) : word));
      const run = await runCli(args);
      expect(run.stderr).not.toMatch(/^toolsift: /mu);
      expect(run.code).toBe(0);
      expect(run.stdout.length).toBeGreaterThan(0);
    }, 60_000);
  }
});
