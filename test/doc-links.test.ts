// Every relative link in the project's Markdown resolves: the file exists and, for a link into a
// Markdown file, the heading its anchor names is there (GitHub's heading slugs).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../", import.meta.url));
const SKIP = new Set(["node_modules", ".git", "dist", "build", "test-results", "playwright-report"]);

function markdownFiles(folder: string, found: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    if (SKIP.has(name)) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) markdownFiles(path, found);
    else if (name.endsWith(".md")) found.push(path);
  }
  return found;
}

function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function withoutCode(text: string): string {
  return text.replace(/^\s*(```|~~~)[\s\S]*?^\s*\1/gm, "").replace(/`[^`\n]*`/g, "");
}

function brokenLinks(): string[] {
  const broken: string[] = [];
  const anchors = new Map<string, Set<string>>();
  const anchorsFor = (path: string) => {
    if (!anchors.has(path)) anchors.set(path, anchorsOf(readFileSync(path, "utf8")));
    return anchors.get(path)!;
  };
  for (const file of markdownFiles(root)) {
    const text = withoutCode(readFileSync(file, "utf8"));
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue;
      const [pathPart, anchor] = target!.split("#", 2) as [string, string | undefined];
      const path = pathPart === "" ? file : join(dirname(file), decodeURIComponent(pathPart));
      const where = `${relative(root, file)} → ${target}`;
      if (!existsSync(path)) broken.push(`${where}: no such file`);
      else if (anchor !== undefined && path.endsWith(".md") && !anchorsFor(path).has(anchor)) {
        broken.push(`${where}: no such heading`);
      }
    }
  }
  return broken;
}

describe("Markdown links", () => {
  it("slugs headings as GitHub does", () => {
    expect(slug("Query: block-max pruning")).toBe("query-block-max-pruning");
    expect(slug("A10. Cyrillic look-alikes (TypeScript, before A6)")).toBe("a10-cyrillic-look-alikes-typescript-before-a6");
    expect(slug("Rankers (`src/rankers`)")).toBe("rankers-srcrankers");
  });

  it("resolve to a file and, in Markdown, to a heading", () => {
    expect(brokenLinks()).toEqual([]);
  });
});
