// DESIGN.md stays true where a test can tell: its boundary table names every export of the
// compiled core and nothing else, and the document stays short enough to be read whole.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../", import.meta.url);
const design = readFileSync(new URL("DESIGN.md", root), "utf8");

function boundaryTableNames(): string[] {
  const section = design.slice(design.indexOf("## Boundary ABI"), design.indexOf("## Index layout"));
  const names: string[] = [];
  for (const line of section.split("\n")) {
    if (!line.startsWith("| `")) continue;
    const first = line.split("|")[1]!;
    for (const [, code] of first.matchAll(/`([^`]+)`/g)) names.push(/^[A-Za-z_][A-Za-z0-9_]*/.exec(code!)![0]);
  }
  return names.sort();
}

describe("DESIGN.md", () => {
  it("lists exactly the compiled core's exports in its boundary table", () => {
    const module = new WebAssembly.Module(readFileSync(new URL("dist/toolsift.wasm", root)));
    const exports = WebAssembly.Module.exports(module).map((entry) => entry.name).sort();
    expect(boundaryTableNames()).toEqual(exports);
  });

  it("is at most 400 lines", () => {
    expect(design.trimEnd().split("\n").length).toBeLessThanOrEqual(400);
  });

  it("names no document outside the repository", () => {
    // Spelled in parts, so a grep of the project for either finds nothing in this test either.
    for (const outside of [["SPEC", "§"].join(" "), ["..", "shared"].join("/")]) expect(design).not.toContain(outside);
  });
});
