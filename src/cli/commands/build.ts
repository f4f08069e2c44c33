// `toolsift build <catalogue.json> -o <index.tsi>`: a catalogue indexed once, written as an artifact.
import { catalogueDocs } from "../../catalogue/index.js";
import { Bm25ToolRanker } from "../../core/index.js";
import { parseCommand, rankerOptions, UsageError } from "../args.js";
import { inputLimits, MAX_INPUT_OPTION, readJson, writeOutput } from "../files.js";
import { EXIT_OK, type Output } from "../output.js";

export async function commandBuild(args: string[], out: Output): Promise<number> {
  const { values, positionals } = parseCommand("build", {
    args,
    allowPositionals: true,
    options: { output: { type: "string", short: "o" }, analyzer: { type: "string" }, ...MAX_INPUT_OPTION },
  });
  if (positionals.length !== 1 || values.output === undefined) throw new UsageError("build needs <catalogue.json> and -o <index.tsi>");
  const docs = catalogueDocs(await readJson(positionals[0]!, "catalogue", inputLimits(values["max-input-bytes"])));
  const started = performance.now();
  const onProgress = out.progress("build");
  const ranker = new Bm25ToolRanker(docs, rankerOptions(values), onProgress === undefined ? {} : { onProgress });
  const bytes = ranker.serialize();
  const elapsed = performance.now() - started;
  await writeOutput(values.output, bytes, "index");
  out.line(`built ${values.output}: ${ranker.size} tools, ${ranker.termCount} terms, ${bytes.length} bytes in ${elapsed.toFixed(1)} ms`);
  return EXIT_OK;
}
