// Prebuilds the playground's index artifact (web/public/mcp-catalogue.tsi) from the embedded
// MCP catalogue, with the default options and the default trust state, so the page loads an
// index instead of building one. Run after `npm run build:wasm`: the artifact records the
// core's build id, so it is generated, never committed.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { Bm25ToolRanker, init } from "../src/entry/node.js";
import { toolSearchDocs } from "../src/trust/index.js";
import { DEFAULT_TRUST, readCatalogue, toolDefinitions } from "../web/src/catalogue/model.js";

const root = new URL("../", import.meta.url);
const source = new URL("data/mcp-catalogue.json", root);
const target = new URL("web/public/mcp-catalogue.tsi", root);

await init(await readFile(new URL("build/toolsift.wasm", root)));
const tools = readCatalogue(JSON.parse(await readFile(source, "utf8")));
const started = performance.now();
const ranker = new Bm25ToolRanker(toolSearchDocs(toolDefinitions(tools, DEFAULT_TRUST), { annotations: DEFAULT_TRUST.annotations }));
const bytes = ranker.serialize();
await mkdir(new URL("web/public/", root), { recursive: true });
await writeFile(target, bytes);
const took = (performance.now() - started).toFixed(0);
console.log(`playground index: ${tools.length} tools, ${ranker.termCount} terms, ${bytes.length} bytes in ${took} ms → web/public/mcp-catalogue.tsi`);
