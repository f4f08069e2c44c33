// DESIGN.md stays true where a test can tell: its boundary table names every export of the
// compiled core and nothing else, it describes the layers in their order, it stays short enough
// to be read whole, and docs/layout.md (the layout table it links to) names every code folder.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = new URL("../", import.meta.url);
const design = readFileSync(new URL("DESIGN.md", root), "utf8");

/** The H2 sections of DESIGN.md, in order: each a layer (by its heading's first word), then the decisions. */
const LAYERS = ["Core", "Ranker", "Trust", "Session", "Journal", "Gateway", "Adapters", "Edge", "Playground", "Decisions"];
/** The longest prose line; tables and fenced code may be wider. */
const MAX_LINE = 160;
/** The code folders docs/layout.md must list, each with every folder below it. */
const CODE_ROOTS = ["src", "assembly", "web/src"];

/** The text under the heading `title` (any level), up to the next heading of that level or higher. */
function section(title: string): string {
  const lines = design.split("\n");
  const start = lines.findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, "") === title);
  if (start < 0) return "";
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((line, i) => i > start && /^#+ /.test(line) && /^#+/.exec(line)![0].length <= level);
  return lines.slice(start, end < 0 ? undefined : end).join("\n");
}

function boundaryTableNames(): string[] {
  const names: string[] = [];
  for (const line of section("Boundary ABI").split("\n")) {
    if (!line.startsWith("| `")) continue;
    const first = line.split("|")[1]!;
    for (const [, code] of first.matchAll(/`([^`]+)`/g)) names.push(/^[A-Za-z_][A-Za-z0-9_]*/.exec(code!)![0]);
  }
  return names.sort();
}

/** Prose lines longer than `MAX_LINE` (table rows and fenced code are left out), as "line N: start… (length)". */
function longProseLines(text: string): string[] {
  const long: string[] = [];
  let fenced = false;
  text.split("\n").forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && !line.startsWith("|") && line.length > MAX_LINE) long.push(`line ${i + 1}: ${line.slice(0, 40)}… (${line.length})`);
  });
  return long;
}

function foldersUnder(folder: string, found: string[] = []): string[] {
  found.push(`${folder}/`);
  for (const name of readdirSync(fileURLToPath(new URL(folder, root))).sort()) {
    const path = join(folder, name);
    if (statSync(fileURLToPath(new URL(path, root))).isDirectory()) foldersUnder(path, found);
  }
  return found;
}

/** The folders named in the first cell of docs/layout.md's table rows. */
function layoutFolders(): Set<string> {
  const path = new URL("docs/layout.md", root);
  const text = existsSync(path) ? readFileSync(path, "utf8") : "";
  const named = new Set<string>();
  for (const line of text.split("\n")) {
    if (!line.startsWith("| `")) continue;
    for (const [, code] of line.split("|")[1]!.matchAll(/`([^`]+)`/g)) named.add(code!);
  }
  return named;
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

  it(`has no prose line over ${MAX_LINE} characters`, () => {
    expect(longProseLines(design)).toEqual([]);
  });

  it("describes the layers in order, core first, then the decisions", () => {
    const sections = design.split("\n").filter((line) => line.startsWith("## ")).map((line) => /^## (\S+)/.exec(line)![1]!);
    expect(sections.filter((first) => LAYERS.includes(first))).toEqual(LAYERS);
    expect(sections.at(-1)).toBe("Decisions");
  });

  it("names no document outside the repository", () => {
    // Spelled in parts, so a grep of the project for either finds nothing in this test either.
    for (const outside of [["SPEC", "§"].join(" "), ["..", "shared"].join("/")]) expect(design).not.toContain(outside);
  });
});

describe("docs/layout.md", () => {
  it(`names every folder of ${CODE_ROOTS.join(", ")} in its table`, () => {
    const named = layoutFolders();
    const missing = CODE_ROOTS.flatMap((folder) => foldersUnder(folder)).filter((folder) => !named.has(folder));
    expect(missing).toEqual([]);
  });
});
