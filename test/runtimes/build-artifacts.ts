// vitest globalSetup (node and browser projects; runs in the Node main process before any test):
// builds one ranker per CONFIGS entry over the runtime fixture with the built package (dist/,
// the `node` entry) and writes test/runtimes/artifacts/<config>.tsi. Every runtime test then
// loads those bytes with Bm25ToolRanker.load and must reproduce golden.json from them.
// The artifacts are gitignored: they carry the core build id, so they are rebuilt on every run
// (and `npm test` runs vitest before Deno, so the Deno test finds them).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ARTIFACT_DIR, artifactName, CONFIGS, type RuntimeDoc } from "./common/cases.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

export default async function setup(): Promise<void> {
  // The built package, as Node resolves it (not vitest's transform of src/).
  const entry = new URL("dist/entry/node.js", `file://${root}`).href;
  const api = (await import(/* @vite-ignore */ entry)) as typeof import("../../src/entry/node.js");
  await api.init();
  const docs = JSON.parse(readFileSync(join(root, "test/fixtures/runtime-catalogue.json"), "utf8")) as RuntimeDoc[];
  const directory = join(root, ARTIFACT_DIR);
  mkdirSync(directory, { recursive: true });
  for (const config of CONFIGS) {
    const bytes = new api.Bm25ToolRanker(docs, config.options).serialize();
    // Write then rename: a reader never sees half a file (both projects run this setup).
    const file = join(directory, artifactName(config.name));
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
  }
}
