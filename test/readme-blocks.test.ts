// Every ```ts block of the README, as a reader copies it into a project of their own: written
// to a folder outside the repository whose node_modules/toolsift is this package (so
// "toolsift" resolves through package.json's exports to the built dist/, types and code), type
// checked under strict TypeScript, then run by Node from that folder, as an application runs
// (a data path read relative to the working directory fails there). Run after `npm run build`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../", import.meta.url));
const readme = readFileSync(join(root, "README.md"), "utf8");
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);

const folder = mkdtempSync(join(tmpdir(), "toolsift-readme-"));
mkdirSync(join(folder, "node_modules"));
symlinkSync(root, join(folder, "node_modules", "toolsift"), "dir");
// The agent-stack examples import their SDK: the optional peers a reader installs beside toolsift.
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { peerDependencies?: Record<string, string> };
for (const name of Object.keys(manifest.peerDependencies ?? {})) {
  if (name.includes("/")) mkdirSync(join(folder, "node_modules", name.split("/")[0]!), { recursive: true });
  symlinkSync(join(root, "node_modules", name), join(folder, "node_modules", name), "dir");
}
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const files = blocks.map((block, index) => {
  const file = join(folder, `block-${index + 1}.ts`);
  // `export {}` keeps a block without imports a module (top-level await needs one).
  writeFileSync(file, `${block}\nexport {};\n`);
  return file;
});

// What a consumer's strict project would use: ES modules resolved through package exports.
const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  types: ["node"],
  typeRoots: [join(root, "node_modules", "@types")],
  skipLibCheck: true,
};

/** Compiler messages for `file` (and anything it pulls in), one line each. */
function diagnostics(program: ts.Program, file: string): string[] {
  const source = program.getSourceFile(file);
  const all = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source), ...program.getGlobalDiagnostics()];
  return all.map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (diagnostic.file === undefined || diagnostic.start === undefined) return `TS${diagnostic.code}: ${text}`;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `README block line ${line + 1}:${character + 1} TS${diagnostic.code}: ${text}`;
  });
}

describe("README ts blocks", () => {
  it("has blocks to check", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });

  const program = ts.createProgram(files, options);

  it.each(files.map((file, index) => [index + 1, file] as const))("block %i type-checks under strict TypeScript", (_index, file) => {
    expect(diagnostics(program, file)).toEqual([]);
  });

  it.each(files.map((file, index) => [index + 1, file] as const))("block %i runs without throwing", (_index, file) => {
    const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    const script = file.replace(/\.ts$/, ".mjs");
    writeFileSync(script, outputText);
    const run = spawnSync(process.execPath, [script], { cwd: folder, encoding: "utf8", timeout: 60_000 });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
  });
});
