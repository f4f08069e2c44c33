import { ToolsiftError } from "../errors.js";
import { readFile } from "node:fs/promises";

/** The embedded MCP catalogue (data/mcp-catalogue.json), from the repository or the installed package. */
export async function embeddedCatalogue(): Promise<unknown> {
  for (const candidate of ["../../data/mcp-catalogue.json", "../../../data/mcp-catalogue.json"]) {
    try {
      return JSON.parse(await readFile(new URL(candidate, import.meta.url), "utf8"));
    } catch {
      // try the next layout (src/cli in the repository, dist/cli in the package)
    }
  }
  throw new ToolsiftError("internal_error", "the embedded catalogue data/mcp-catalogue.json is missing from the package");
}
