// Completes dist/ after tsc: the .wasm and the two entries tsc cannot compile (workerd's and
// Deno's module imports of the .wasm). Copies only; generated output is never edited.
import { copyFile, mkdir } from "node:fs/promises";

const root = new URL("../", import.meta.url);
await mkdir(new URL("dist/entry/", root), { recursive: true });
await copyFile(new URL("build/toolsift.wasm", root), new URL("dist/toolsift.wasm", root));
for (const entry of ["workerd", "deno"]) {
  await copyFile(new URL(`src/entry/${entry}.js`, root), new URL(`dist/entry/${entry}.js`, root));
  await copyFile(new URL(`src/entry/${entry}.d.ts`, root), new URL(`dist/entry/${entry}.d.ts`, root));
}
