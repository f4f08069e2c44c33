// Writes dist/size.json: what the page costs a visitor, gzipped (level 9), shown on the page.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const assets = join("dist", "assets");
const size = { js: 0, wasm: 0, index: gzipSync(readFileSync("dist/components.tsi"), { level: 9 }).length };
for (const file of readdirSync(assets)) {
  const gzipped = gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
  if (file.endsWith(".js")) size.js += gzipped;
  if (file.endsWith(".wasm")) size.wasm += gzipped;
}
writeFileSync("dist/size.json", `${JSON.stringify(size)}\n`);
console.log(`gzipped: ${size.js} B of JS, ${size.wasm} B of wasm, ${size.index} B of index`);
