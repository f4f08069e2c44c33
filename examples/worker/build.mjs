// Builds what the Worker ships: the search index (`toolsift build`) and the catalogue the
// session hands tools from, both into build/. TOOLSIFT_CATALOGUE names another catalogue
// (default: the 2,464 MCP tools the package carries).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const packageRoot = dirname(require.resolve("toolsift/package.json"));
const catalogue = process.env.TOOLSIFT_CATALOGUE ?? join(packageRoot, "data/mcp-catalogue.json");
mkdirSync("build", { recursive: true });
execFileSync(process.execPath, [join(packageRoot, "bin/toolsift.js"), "build", catalogue, "-o", "build/index.tsi"], { stdio: "inherit" });
copyFileSync(catalogue, "build/catalogue.json");
