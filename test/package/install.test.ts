// The README's install recipe, followed outside the repository: a fresh clone's files are
// packed (`npm pack`, whose prepack builds), the tarball is installed offline into an empty
// project, and that project uses it as a reader would: `import "toolsift"`, `npx toolsift`,
// every entry of package.json, and every TypeScript block of the README, type-checked under
// strict TypeScript without skipLibCheck (so the package's declarations are checked too) with
// only the SDKs its own route needs, then run. The Deno example, copied out of the checkout,
// installs the tarball and its own dependencies and starts with its `npm start`.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { README, diagnosticLines, fencedBlocks, importedPackages, transpiled } from "../readme/blocks.js";
import { copyTracked, emptyProject, freshClone, installExample, installOffline, linkFromCheckout, linkTree, npm, npmEnvironment, pack, root, systemPath } from "./tarball.js";

const snapshot = JSON.parse(readFileSync(join(root, "test/exports.json"), "utf8")) as Record<string, string[]>;
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  version: string;
  dependencies: Record<string, string>;
  exports: Record<string, unknown>;
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

// The SDK each route's documentation names (docs/adapters.md): an entry loads with these and
// no other optional peer. The entries not listed need none.
const ROUTE_PEERS: Record<string, string[]> = {
  "toolsift/anthropic": ["@anthropic-ai/sdk"],
  "toolsift/openai": ["openai"],
  "toolsift/ai-sdk": ["ai"],
  "toolsift/langchain": ["langchain", "@langchain/core"],
};

const scratch = mkdtempSync(join(tmpdir(), "toolsift-install-"));
const app = join(scratch, "app");
let packed: { tarball: string; files: string[] };
let installWarnings: string[];

beforeAll(() => {
  packed = pack(freshClone(join(scratch, "clone")), join(scratch, "packed"));
  installWarnings = installOffline(emptyProject(app), [packed.tarball], Object.keys(manifest.dependencies));
}, 600_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000);

/** A project beside `app` holding the same install (hard links), plus the named packages of this checkout. */
function projectWith(name: string, packages: readonly string[]): string {
  const project = emptyProject(join(scratch, name));
  linkTree(join(app, "node_modules"), join(project, "node_modules"));
  linkFromCheckout(project, packages);
  return project;
}

/** Runs an ES module in `project` with Node; cwd is the installed package (whose data/ the README's paths name). */
function runModule(project: string, file: string, source: string): { status: number | null; stdout: string; stderr: string } {
  const path = join(project, file);
  writeFileSync(path, source);
  const result = spawnSync(process.execPath, [path], { cwd: join(project, "node_modules/toolsift"), encoding: "utf8", timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("npm pack of a fresh clone", () => {
  it("holds the build: the entries, their types, the core and the command line", () => {
    for (const file of ["dist/entry/node.js", "dist/index.d.ts", "dist/toolsift.wasm", "dist/hints/mcp-data.js", "dist/servers.schema.json", "dist/cli/main.js", "bin/toolsift.js", "data/mcp-catalogue.json"]) {
      expect(packed.files, file).toContain(file);
    }
  });

  it("names a homepage a reader can open: a URL, no placeholder", () => {
    const installed = JSON.parse(readFileSync(join(app, "node_modules/toolsift/package.json"), "utf8")) as { homepage?: string };
    expect(installed.homepage).toMatch(/^https:\/\/[^<>\s]+$/u);
  });

  it("holds every file the README links to, so the links resolve in the package", () => {
    const links = [...README.matchAll(/\]\(([^)#:]+)(?:#[^)]*)?\)/gu)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(3);
    expect(links.filter((link) => !packed.files.includes(link))).toEqual([]);
  });
});

describe("the installed package", () => {
  it("installed without a warning", () => {
    expect(installWarnings).toEqual([]);
  });

  it("depends only on packages its code imports", () => {
    // Import specifiers as TypeScript's pre-processor reads them (comments and strings left out).
    const imported = new Set<string>();
    for (const file of packed.files.filter((name) => /^(?:dist|bin)\/.*\.js$/u.test(name))) {
      const text = readFileSync(join(app, "node_modules/toolsift", file), "utf8");
      for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
        if (!fileName.startsWith(".")) imported.add(fileName.split("/").slice(0, fileName.startsWith("@") ? 2 : 1).join("/"));
      }
    }
    expect(imported.has("zod")).toBe(true);
    expect(Object.keys(manifest.dependencies).filter((name) => !imported.has(name))).toEqual([]);
  });

  it("import \"toolsift\" loads the core and ranks", () => {
    const run = runModule(app, "main.mjs", 'import { init, Bm25ToolRanker } from "toolsift";\nawait init();\nconsole.log(new Bm25ToolRanker([{ id: "send_email", description: "Send an email." }]).rank("email", 1)[0].id);\n');
    expect(run).toEqual({ status: 0, stdout: "send_email\n", stderr: "" });
  });

  it("npx toolsift runs the installed command", () => {
    const run = npm(app, ["toolsift", "--help"], {}, "npx");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^toolsift — tool search for LLM agents\n/u);
  });

  // Module entries; the .wasm and the JSON files (package.json, servers.schema.json) are data.
  const entries = Object.keys(manifest.exports).filter((subpath) => !subpath.endsWith(".wasm") && !subpath.endsWith(".json"));
  it("has the entries the snapshot lists", () => {
    expect(entries.sort()).toEqual(Object.keys(snapshot).sort());
  });

  it.each(entries)("entry %s loads with only its route's SDK, exporting the snapshot's names", (subpath) => {
    const specifier = `toolsift${subpath.slice(1)}`;
    const project = projectWith(`entry-${subpath.replace(/\W+/gu, "-")}`, ROUTE_PEERS[specifier] ?? []);
    const run = runModule(project, "load.mjs", `console.log(JSON.stringify(Object.keys(await import(${JSON.stringify(specifier)})).sort()));\n`);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual(snapshot[subpath]);
  });
});

describe("the README's TypeScript blocks, in a project that installed the tarball", () => {
  const blocks = fencedBlocks(README, "ts");
  const cases = blocks.map((block, index) => [index + 1, block] as const);
  let previous: ts.Program | undefined;

  it("are there", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
  });

  // A consumer's strict Node project: ES modules, the package's exports and their types, and
  // every declaration file checked (no skipLibCheck).
  const options = (project: string): ts.CompilerOptions => ({
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    // TypeScript's own lib files only (lib.dom.d.ts and the like): checking them is most of the time.
    skipDefaultLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: ["node"],
    typeRoots: [join(project, "node_modules/@types")],
  });

  it.each(cases)("block %i type-checks with only the SDKs it imports, then runs", (index, block) => {
    const peers = importedPackages(block).filter((name) => name !== "toolsift");
    expect(peers.filter((name) => !(name in manifest.peerDependencies))).toEqual([]);
    const project = projectWith(`block-${index}`, [...peers, "@types/node"]);
    // `export {}` keeps a block without imports a module (top-level await needs one).
    const source = `${block}\nexport {};\n`;
    const file = join(project, "block.ts");
    writeFileSync(file, source);
    // The previous block's program lends the declaration files both read (TypeScript's libs,
    // @types/node, the SDKs at their real paths): parsed once, checked in each program.
    const program = ts.createProgram({ rootNames: [file], options: options(project), oldProgram: previous });
    previous = program;
    expect(diagnosticLines(ts.getPreEmitDiagnostics(program))).toEqual([]);
    expect(runModule(project, "block.mjs", transpiled(source))).toMatchObject({ status: 0, stderr: "" });
  });
});

describe("the Deno example, copied out of the checkout", () => {
  const example = join(root, "examples/deno");

  it("pins the checkout's Deno", () => {
    const own = JSON.parse(readFileSync(join(example, "package.json"), "utf8")) as { devDependencies?: Record<string, string> };
    expect(own.devDependencies?.deno).toBe(manifest.devDependencies.deno);
  });

  it("installs the tarball and its own dependencies, builds, and serves with npm start", async () => {
    const copy = copyTracked(join(scratch, "deno-example"), "examples/deno");
    expect(installExample(copy, packed.tarball)).toEqual([]);
    // No node_modules/.bin of this checkout (where its own Deno is): the example finds a Deno only if it installs one.
    const path = systemPath(["deno"]);
    const env = { PATH: path, DENO_NO_UPDATE_CHECK: "1", PORT: "0", KV_PATH: "build/test.kv" };
    const build = npm(copy, ["run", "build"], env);
    expect(build.status, build.stderr).toBe(0);
    const server = spawn("npm", ["start"], { cwd: copy, env: npmEnvironment(env), stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const listen = (chunk: Buffer) => {
          output += chunk;
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/u.exec(output);
          if (match) resolve(match[1]!);
        };
        server.stdout.on("data", listen);
        server.stderr.on("data", listen);
        server.on("exit", (code) => reject(new Error(`npm start exited ${code}:\n${output}`)));
      });
      const answer = (await (await fetch(new URL("search?q=create%20a%20pull%20request%20on%20github&limit=3", url))).json()) as { hits: { id: string }[] };
      expect(answer.hits.map((hit) => hit.id)).toContain("github__create_pull_request");
    } finally {
      if (server.exitCode === null) {
        const exited = once(server, "exit");
        process.kill(-server.pid!, "SIGTERM");
        await exited;
      }
    }
  }, 120_000);
});
