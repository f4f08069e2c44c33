// Builds what the Worker ships: the search index (`toolsift build`) and the catalogue the
// session hands tools from, both into build/. TOOLSIFT_CATALOGUE names another catalogue
// (default: the 2,464 MCP tools the package carries). toolsift is the one `npm install` put in
// this folder's node_modules, so the folder builds the same inside the repository and copied
// out of it.
//
// First it removes what the last build left in dist/, where `wrangler deploy --dry-run` writes
// the bundle and names each module by its hash: the module of an earlier index keeps its own
// name and would stay beside the new one. Only those files go; anything else in dist/ stays.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

let manifestPath;
try {
  manifestPath = require.resolve("toolsift/package.json");
} catch {
  console.error(`build.mjs: toolsift is not installed in ${join(here, "node_modules")}. Run \`npm install\` here (copied out of the repository: \`npm install /path/to/toolsift-<version>.tgz\`, the file \`npm pack\` makes in a checkout).`);
  process.exit(1);
}
const packageRoot = dirname(manifestPath);
const toolsift = join(packageRoot, require(manifestPath).bin.toolsift);
const catalogue = resolve(process.env.TOOLSIFT_CATALOGUE ?? join(packageRoot, "data/mcp-catalogue.json"));

// wrangler's --outdir: the script, its source map, a README.md and the modules, `<sha1>-<name>`.
const wranglerOutput = /^(?:worker\.js(?:\.map)?|README\.md|[0-9a-f]{40}-.+)$/u;
const dist = join(here, "dist");
if (existsSync(dist)) {
  for (const file of readdirSync(dist)) if (wranglerOutput.test(file)) rmSync(join(dist, file));
}

const build = join(here, "build");
mkdirSync(build, { recursive: true });
execFileSync(process.execPath, [toolsift, "build", catalogue, "-o", join(build, "index.tsi")], { stdio: "inherit" });
copyFileSync(catalogue, join(build, "catalogue.json"));
