// The README's "At the edge" recipes, run. Each shell block is `cd examples/<name>`, then
// `npm install` (here: the package linked as `file:../..` installs it, test/edge/example-build.ts),
// `npm run build`, and a last step: the Worker's bundle is served by worker.test.ts, `npm start`
// by deno.test.ts (its package.json script), `npm run preview` by widget-picker.test.ts, and
// the esbuild line by worker.test.ts (one file per example: two builds of one folder at once
// would race).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { edgeRecipes, root } from "../edge/example-build.js";

const blocks = edgeRecipes(await readFile(join(root, "README.md"), "utf8"));

describe("the README's edge recipes", () => {
  it("are the steps the edge tests run", () => {
    expect(blocks.map((lines) => lines[0])).toEqual(["cd examples/worker", "cd examples/worker", "cd examples/deno", "cd examples/widget-picker"]);
    for (const lines of [blocks[0]!, blocks[2]!, blocks[3]!]) expect(lines.slice(1, 3)).toEqual(["npm install", "npm run build"]);
    expect(blocks[2]!.slice(3)).toEqual(["npm start"]);
    expect(blocks[3]!.slice(3)).toEqual(["npm run preview"]);
    expect(blocks[1]!).toHaveLength(2);
    expect(blocks[1]![1]).toMatch(/^npx esbuild /u);
  });
});
