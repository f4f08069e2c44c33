// Packs the MCP catalogue's hint phrasings (data/hints/mcp/<server>.json, one file per server:
// { server, source, tools: { "<tool id>": { en: [..], ru: [..], zh: [..] } } }) into
// build/generated/mcp-data.js, the module the "toolsift/hints/mcp" entry decodes: the source
// tree reaches it through src/hints/mcp-data.js, and scripts/finish-dist.mjs copies it into
// dist/hints/. Run by `npm run build` before tsc, and by `npm run update-mcp-hints`; any subset
// of servers may be present.
//
//   npx tsx scripts/pack-mcp-hints.ts [--check]   (--check: exit 1 when the module is stale)
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Bm25ToolRanker, init } from "../src/index.js";
import { packHints, readHintFile } from "./mcp-hints-pack.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const folder = path.join(root, "data/hints/mcp");
const target = path.join(root, "build/generated/mcp-data.js");
const shown = path.relative(root, target);
const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".json")).sort() : [];
const hints = files.map((name) => readHintFile(name, readFileSync(path.join(folder, name), "utf8")));
// The default ranker's analyzer: the packed terms are what the index will make of them.
await init();
const text = packHints(hints, new Bm25ToolRanker([{ id: "analyzer" }]));
if (process.argv.includes("--check")) {
  const current = existsSync(target) ? readFileSync(target, "utf8") : "";
  if (current !== text) {
    process.stderr.write(`${shown} is stale for data/hints/mcp (${files.length} files); run npm run update-mcp-hints\n`);
    process.exit(1);
  }
} else if (!existsSync(target) || readFileSync(target, "utf8") !== text) {
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  process.stderr.write(`wrote ${shown}: ${hints.length} servers, ${hints.reduce((sum, hint) => sum + hint.tools.length, 0)} tools\n`);
}
