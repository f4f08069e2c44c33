// The README's fenced blocks, read one way for every README test, and what a reader's strict
// TypeScript project makes of a block: its compiler messages, the packages it imports, and the
// block as a runnable ES module.
import { readFileSync } from "node:fs";
import ts from "typescript";

export const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

/** The bodies of the ```<language> blocks of `markdown`, in order. */
export function fencedBlocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, "gu"))].map((match) => match[1]!);
}

/** The text of the `## <heading>` section of `markdown`, up to the next `## ` heading. */
export function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`README has no "## ${heading}" section`);
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

/** The packages `source` imports by bare specifier (`node:` builtins left out): "@anthropic-ai/sdk", "toolsift", … */
export function importedPackages(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/^import\s[^;]*?from\s+"([^"]+)";/gmu)) {
    const specifier = match[1]!;
    if (specifier.startsWith(".") || specifier.startsWith("node:")) continue;
    names.add(specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/"));
  }
  return [...names];
}

/** Compiler messages, one line each, naming the file, line and column. */
export function diagnosticLines(diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (diagnostic.file === undefined || diagnostic.start === undefined) return `TS${diagnostic.code}: ${text}`;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName}:${line + 1}:${character + 1} TS${diagnostic.code}: ${text}`;
  });
}

/** A TypeScript block as the ES module Node runs: types stripped, nothing else changed. */
export function transpiled(source: string): string {
  return ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
}
