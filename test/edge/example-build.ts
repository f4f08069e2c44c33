// Builds an example the way its user does (`npm run build` in its folder), after linking the
// package into its node_modules as `npm install` of `file:../..` would (a symlink), so the
// test needs no registry. The catalogue is the runtime fixture, whose answers are golden.
import { execFile } from "node:child_process";
import { mkdir, readFile, symlink } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const root = fileURLToPath(new URL("../../", import.meta.url));
export const fixtureCatalogue = join(root, "test/fixtures/runtime-catalogue.json");

const linked = (target: string, path: string) =>
  symlink(target, path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });

export async function linkPackage(example: string): Promise<void> {
  await mkdir(join(example, "node_modules/.bin"), { recursive: true });
  await linked("../../..", join(example, "node_modules/toolsift"));
  await linked("../toolsift/bin/toolsift.js", join(example, "node_modules/.bin/toolsift"));
}

export async function buildExample(name: string): Promise<string> {
  const example = join(root, "examples", name);
  await linkPackage(example);
  await promisify(execFile)("npm", ["run", "build"], {
    cwd: example,
    env: { ...process.env, TOOLSIFT_CATALOGUE: fixtureCatalogue, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", PATH: `${join(example, "node_modules/.bin")}:${join(root, "node_modules/.bin")}:${process.env.PATH}` },
  });
  return example;
}

/** The golden hits of one configuration, by query: `[id, score]` pairs. */
export async function goldenHits(config: string): Promise<{ query: string; limit: number; hits: [string, number][] }[]> {
  const golden = JSON.parse(await readFile(join(root, "test/runtimes/golden.json"), "utf8")) as {
    results: { config: string; query: string; limit: number; hits: [string, number][] }[];
  };
  return golden.results.filter((result) => result.config === config);
}

/** The shell blocks of the README's "At the edge" section, each as its lines. */
export function edgeRecipes(readme: string): string[][] {
  const section = /\n## At the edge\n([\s\S]*?)\n## /u.exec(readme)?.[1] ?? "";
  return [...section.matchAll(/```sh\n([\s\S]*?)```/gu)].map((match) => match[1]!.trim().split("\n"));
}
