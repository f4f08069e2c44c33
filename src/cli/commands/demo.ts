// `toolsift demo ["<query>" ...]`: the embedded MCP catalogue indexed and searched, no file
// needed (with --config, the configured servers' tools: ./mcp.ts).
import { catalogueDocs } from "../../catalogue/index.js";
import { Bm25ToolRanker } from "../../core/index.js";
import { EXIT_OK, type Output } from "../output.js";
import { printHits, timeQuery } from "./query.js";

export async function commandDemo(args: string[], out: Output): Promise<number> {
  const { embeddedCatalogue } = await import("../embedded.js");
  const started = performance.now();
  const ranker = new Bm25ToolRanker(catalogueDocs(await embeddedCatalogue()));
  out.line(out.dim(`indexed ${ranker.size} MCP tools (${ranker.termCount} terms) in ${(performance.now() - started).toFixed(0)} ms`));
  const queries = args.length > 0 ? args : ["create a pull request on github", "browserOpen", "take a screenshot of the page", "создай задачу в трекере", "发送邮件给团队", "what's the weather tomorrow"];
  for (const query of queries) {
    printHits(out, ranker, query, 5, false, false, timeQuery(ranker, query, 5));
    out.line();
  }
  return EXIT_OK;
}
