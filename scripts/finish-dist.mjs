// Completes dist/ after tsc: the .wasm, the two entries tsc cannot compile (workerd's and
// Deno's module imports of the .wasm), the browser entry's default address of the .wasm in
// the package's layout, and the packed MCP hints (build/generated/, written by
// scripts/pack-mcp-hints.ts). Copies only; generated output is never edited.
import { copyFile, mkdir } from "node:fs/promises";

const root = new URL("../", import.meta.url);
await mkdir(new URL("dist/entry/", root), { recursive: true });
await copyFile(new URL("build/toolsift.wasm", root), new URL("dist/toolsift.wasm", root));
for (const entry of ["workerd", "deno"]) {
  await copyFile(new URL(`src/entry/${entry}.js`, root), new URL(`dist/entry/${entry}.js`, root));
  await copyFile(new URL(`src/entry/${entry}.d.ts`, root), new URL(`dist/entry/${entry}.d.ts`, root));
}
// The browser entry's default core address: the package's copy names dist/toolsift.wasm.
await copyFile(new URL("src/entry/wasm-url.dist.js", root), new URL("dist/entry/wasm-url.js", root));
await copyFile(new URL("src/entry/wasm-url.d.ts", root), new URL("dist/entry/wasm-url.d.ts", root));
// The MCP hints module itself where the source tree has the module that names build/generated/.
await mkdir(new URL("dist/hints/", root), { recursive: true });
await copyFile(new URL("build/generated/mcp-data.js", root), new URL("dist/hints/mcp-data.js", root));
await copyFile(new URL("src/hints/mcp-data.d.ts", root), new URL("dist/hints/mcp-data.d.ts", root));
