// The public surface, entry by entry: the runtime export names of every package.json entry
// (as Node resolves the built package) must equal test/exports.json. Adding or removing an
// export is a decision: update the snapshot in the same commit, on purpose.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../", import.meta.url);
const snapshot = JSON.parse(readFileSync(new URL("test/exports.json", root), "utf8")) as Record<string, string[]>;
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
  exports: Record<string, string | Record<string, string>>;
};

// Every JavaScript entry Node can import: `.` under each condition that is plain JS in Node
// (the workerd and deno entries import the .wasm as a module and are checked in their runtimes).
function importable(): [string, string][] {
  const out: [string, string][] = [];
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const conditions = typeof target === "string" ? { default: target } : target;
    for (const [condition, file] of Object.entries(conditions)) {
      if (!file.endsWith(".js") || condition === "workerd" || condition === "deno") continue;
      out.push([`${subpath} (${condition})`, file]);
    }
  }
  return out;
}

async function namesOf(file: string): Promise<string[]> {
  const module = (await import(/* @vite-ignore */ new URL(file, root).href)) as Record<string, unknown>;
  return Object.keys(module).sort();
}

describe("the package's exports", () => {
  it("lists an entry for every JavaScript export of package.json", () => {
    const subpaths = new Set(importable().map(([name]) => name.split(" ")[0]!));
    expect([...subpaths].sort()).toEqual(Object.keys(snapshot).sort());
  });

  for (const [name, file] of importable()) {
    it(`${name} exports exactly the snapshot's names`, async () => {
      expect(await namesOf(file)).toEqual(snapshot[name.split(" ")[0]!]);
    });
  }

  it("the workerd and deno entries re-export the same surface and add only init", () => {
    for (const file of ["src/entry/workerd.js", "src/entry/deno.js"]) {
      const text = readFileSync(new URL(file, root), "utf8");
      expect(text).toContain('export * from "../api.js";');
      expect(text.match(/^export /gmu)).toHaveLength(2);
      expect(text).toMatch(/^export function init\(/mu);
    }
  });
});
