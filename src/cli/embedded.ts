import { fileURLToPath } from "node:url";
import { ToolsiftError } from "../errors.js";
import { INPUT_LIMITS, parseJsonBytes, readBounded } from "./files.js";

/** The embedded MCP catalogue (data/mcp-catalogue.json), from the repository or the installed package. */
export async function embeddedCatalogue(): Promise<unknown> {
  for (const candidate of ["../../data/mcp-catalogue.json", "../../../data/mcp-catalogue.json"]) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    try {
      return parseJsonBytes(await readBounded(file, { what: "catalogue", maxBytes: INPUT_LIMITS.jsonBytes }), file, "catalogue");
    } catch {
      // try the next layout (src/cli in the repository, dist/cli in the package)
    }
  }
  throw new ToolsiftError("internal_error", "the embedded catalogue data/mcp-catalogue.json is missing from the package");
}
