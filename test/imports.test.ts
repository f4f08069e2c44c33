// The import graph of src/, read from the source text: the journal names no session module;
// the top-level folders of src/ and the files directly in it import one another in no circle;
// the files of the session and the skills engine neither; the session enters its groups
// through their front door and imports nothing of the skills engine.
// Every relative import specifier counts, type-only ones too. Test files are left out: a test
// drives whatever it needs (src/journal's tests open a session), and none of them ships.
import { readFileSync, readdirSync } from "node:fs";
import { join, posix, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const source = fileURLToPath(new URL("../src/", import.meta.url));

// `from "x"` (imports and re-exports), `import "x"`, `import("x")`.
const SPECIFIER = /\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

interface Import {
  /** The importing file, relative to src/ with `/` separators. */
  readonly file: string;
  readonly specifier: string;
  /** The imported path, relative to src/; `undefined` when it is outside src/. */
  readonly target: string | undefined;
}

function sourceImports(): Import[] {
  const files = readdirSync(source, { recursive: true, encoding: "utf8" })
    .map((path) => path.split(sep).join("/"))
    .filter((path) => path.endsWith(".ts") && !path.endsWith(".test.ts"))
    .sort();
  const imports: Import[] = [];
  for (const file of files) {
    const text = readFileSync(join(source, file), "utf8");
    for (const [, specifier] of text.matchAll(SPECIFIER)) {
      if (!specifier!.startsWith(".")) continue;
      // The file imported: a specifier names the compiled `.js` of a `.ts` source.
      const target = posix.normalize(posix.join(posix.dirname(file), specifier!)).replace(/\.js$/, ".ts");
      imports.push({ file, specifier: specifier!, target: target.startsWith("../") ? undefined : target });
    }
  }
  return imports;
}

/** The top-level folder of src/ a path is in; `"."` for a file directly in src/. */
function folderOf(path: string): string {
  const slash = path.indexOf("/");
  return slash === -1 ? "." : path.slice(0, slash);
}

/**
 * The node of the graph a path belongs to: its top-level folder, or for a file directly in
 * src/ the file itself ("./errors.ts"). The root files are of two kinds that no folder can
 * be both above and below: leaves every folder imports (errors.ts, types.ts) and entries
 * that re-export every folder (api.ts, index.ts). As one node "." they made a circle of
 * every folder that imports errors.ts and is re-exported.
 */
function nodeOf(path: string): string {
  return folderOf(path) === "." ? `./${path}` : folderOf(path);
}

const imports = sourceImports();

/**
 * Node → the nodes it imports, with one import that makes each edge (for the message); `node`
 * names the node of a path, `undefined` for a path the graph leaves out.
 */
function graphOf(node: (path: string) => string | undefined): Map<string, Map<string, Import>> {
  const graph = new Map<string, Map<string, Import>>();
  for (const entry of imports) {
    if (entry.target === undefined) continue;
    const from = node(entry.file);
    const to = node(entry.target);
    if (from === undefined || to === undefined) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    if (!graph.has(to)) graph.set(to, new Map());
    if (from !== to && !graph.get(from)!.has(to)) graph.get(from)!.set(to, entry);
  }
  return graph;
}

/**
 * Every elementary circle of the graph, each once: a depth-first search from each node in
 * name order that only steps onto later nodes, so a circle is found from its first node.
 */
function circles(graph: Map<string, Map<string, Import>>): string[][] {
  const order = [...graph.keys()].sort();
  const found: string[][] = [];
  for (const [rank, start] of order.entries()) {
    const path = [start];
    const visit = (folder: string): void => {
      for (const next of [...graph.get(folder)!.keys()].sort()) {
        if (next === start) found.push([...path]);
        else if (order.indexOf(next) > rank && !path.includes(next)) {
          path.push(next);
          visit(next);
          path.pop();
        }
      }
    };
    visit(start);
  }
  return found;
}

const show = (circle: readonly string[]): string => [...circle, circle[0]].join(" → ");

/** Each circle of the graph with, per step, the import that makes it. */
function shownCircles(graph: Map<string, Map<string, Import>>): string[] {
  return circles(graph).map((circle) => {
    const steps = circle.map((node, step) => {
      const entry = graph.get(node)!.get(circle[(step + 1) % circle.length]!)!;
      return `${entry.file} imports ${entry.specifier}`;
    });
    return `${show(circle)} (${steps.join("; ")})`;
  });
}

// The session's own subsystems: groups and deferral in session/groups/, the skills engine in
// skills/. Subfolders are not nodes of the folder graph: session/groups uses the session's
// leaves (menu, catalogue, config) and the session uses groups, so as two nodes they would
// always make a circle that no file does. The rules below say what that graph cannot.
const inSession = (path: string) => path.startsWith("session/");
const inGroups = (path: string) => path.startsWith("session/groups/");
// The groups' config schema is composed into the session's config, so config.ts reads it directly.
const GROUP_DOORS = ["session/groups/index.ts", "session/groups/groups-config.ts"];

describe("the imports of src/", () => {
  it("read the journal's own imports", () => {
    expect(imports.filter((entry) => folderOf(entry.file) === "journal").length).toBeGreaterThan(0);
  });

  it("never run from the journal up to the session", () => {
    const upward = imports
      .filter((entry) => folderOf(entry.file) === "journal" && entry.target !== undefined && folderOf(entry.target) === "session")
      .map((entry) => `${entry.file} imports ${entry.specifier}`);
    expect(upward).toEqual([]);
  });

  it("find a circle where there is one", () => {
    const edge = (file: string): Import => ({ file, specifier: "", target: undefined });
    const graph = new Map([
      ["a", new Map([["b", edge("a")]])],
      ["b", new Map([["c", edge("b")]])],
      ["c", new Map([["a", edge("c")]])],
      ["d", new Map([["a", edge("d")]])],
    ]);
    expect(circles(graph).map(show)).toEqual(["a → b → c → a"]);
  });

  it("make no circle between the folders and root files of src/", () => {
    expect(shownCircles(graphOf(nodeOf))).toEqual([]);
  });

  it("make no circle between the files of the session and the skills engine", () => {
    const graph = graphOf((path) => (inSession(path) || folderOf(path) === "skills" ? path : undefined));
    expect(graph.size).toBeGreaterThan(30);
    expect(shownCircles(graph)).toEqual([]);
  });

  it("enter the session's groups only through their front door", () => {
    const past = imports
      .filter((entry) => !inGroups(entry.file) && entry.target !== undefined && inGroups(entry.target) && !GROUP_DOORS.includes(entry.target))
      .map((entry) => `${entry.file} imports ${entry.specifier}`);
    expect(past).toEqual([]);
  });

  it("keep the skills engine out of the session: the session declares the port the engine implements", () => {
    const engine = imports
      .filter((entry) => inSession(entry.file) && entry.target !== undefined && folderOf(entry.target) === "skills")
      .map((entry) => `${entry.file} imports ${entry.specifier}`);
    expect(engine).toEqual([]);
  });
});
