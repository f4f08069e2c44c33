// Prebuilds the playground's index artifact (web/public/mcp-catalogue.tsi) from the embedded
// MCP catalogue, with the default options and the default trust state, so the page loads an
// index instead of building one. Run after `npm run build:wasm`: the artifact records the
// core's build id, so it is generated, never committed. With TOOLSIFT_PLAYGROUND_SERVERS set
// to a servers.json, the catalogue is those servers' tools instead (scripts/playground-catalogue.ts),
// written to build/playground-catalogue.json, which web/vite.config.ts then bundles.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { Bm25ToolRanker, init } from "../src/entry/node.js";
import { toolSearchDocs } from "../src/trust/index.js";
import { DEFAULT_TRUST, readCatalogue, toolDefinitions } from "../web/src/catalogue/model.js";
import { serversCatalogue } from "./playground-catalogue.js";

const root = new URL("../", import.meta.url);
const embedded = new URL("data/mcp-catalogue.json", root);
const generated = new URL("build/playground-catalogue.json", root);
const target = new URL("web/public/mcp-catalogue.tsi", root);

await init(await readFile(new URL("build/toolsift.wasm", root)));
const servers = process.env.TOOLSIFT_PLAYGROUND_SERVERS;
let json: unknown;
if (servers === undefined || servers === "") {
  json = JSON.parse(await readFile(embedded, "utf8"));
} else {
  const listed = await serversCatalogue(servers);
  for (const warning of listed.warnings) console.warn(`toolsift: ${warning.code}: ${warning.message}`);
  json = listed.tools;
  await writeFile(generated, `${JSON.stringify(listed.tools)}\n`);
  await writeFile(new URL("build/playground-catalogue.label", root), listed.label);
  console.log(`playground catalogue: ${listed.label}, ${listed.tools.length} tools → build/playground-catalogue.json`);
}
const tools = readCatalogue(json);
const started = performance.now();
const ranker = new Bm25ToolRanker(toolSearchDocs(toolDefinitions(tools, DEFAULT_TRUST), { annotations: DEFAULT_TRUST.annotations }));
const bytes = ranker.serialize();
await mkdir(new URL("web/public/", root), { recursive: true });
await writeFile(target, bytes);
const took = (performance.now() - started).toFixed(0);
console.log(`playground index: ${tools.length} tools, ${ranker.termCount} terms, ${bytes.length} bytes in ${took} ms → web/public/mcp-catalogue.tsi`);
