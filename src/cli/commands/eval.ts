// `toolsift eval --tools <tools.json> --queries <queries.json>`: retrieval metrics of a
// catalogue against labelled queries, with learned or shipped hints applied on request.
import { evaluateDetailed, parseQueries, type EvalFold } from "../../eval/index.js";
import { ToolsiftError } from "../../errors.js";
import { parseCommand, positiveInteger, rankerOptions, UsageError } from "../args.js";
import { inputLimits, MAX_INPUT_OPTION, readJson } from "../files.js";
import { EXIT_OK, visible, type Output } from "../output.js";
import { learnContext, readHints } from "./learn.js";
import { openRanker } from "./query.js";

export async function commandEval(args: string[], out: Output): Promise<number> {
  const { values } = parseCommand("eval", {
    args,
    options: {
      tools: { type: "string" },
      queries: { type: "string" },
      fold: { type: "string" },
      lang: { type: "string" },
      limit: { type: "string" },
      json: { type: "boolean" },
      strict: { type: "boolean" },
      analyzer: { type: "string" },
      hints: { type: "string" },
      ...MAX_INPUT_OPTION,
    },
  });
  if (values.tools === undefined || values.queries === undefined) throw new UsageError("eval needs --tools <tools.json> and --queries <queries.json>");
  const queriesFile = values.queries;
  if (values.fold !== undefined && values.fold !== "dev" && values.fold !== "test") throw new UsageError(`--fold must be dev or test, got ${values.fold}`);
  const limit = positiveInteger(values.limit, 10, "limit");
  const limits = inputLimits(values["max-input-bytes"]);
  const annotations = values.hints === undefined ? undefined : await readHints(values.hints, learnContext(limits), out);
  const ranker = await openRanker(values.tools, rankerOptions(values), limits, annotations);
  const json = await readJson(queriesFile, "queries file", limits, { code: "invalid_queries" });
  const onProgress = out.progress("eval");
  const { metrics, unknownRelevant } = naming(queriesFile, () =>
    evaluateDetailed(ranker, parseQueries(json), {
      ...(values.fold === undefined ? {} : { fold: values.fold as EvalFold }),
      ...(values.lang === undefined ? {} : { lang: values.lang }),
      limit,
      catalogueIds: ranker.ids(),
      ...(onProgress === undefined ? {} : { onProgress }),
    }),
  );
  if (unknownRelevant.length > 0) {
    const message = unknownIdsMessage(unknownRelevant, queriesFile, values.tools);
    if (values.strict) throw new ToolsiftError("invalid_queries", message, { path: [queriesFile] });
    out.note(`toolsift: warning: ${message} (--strict makes this an error)`);
  }
  if (values.json) {
    out.line(JSON.stringify(metrics));
    return EXIT_OK;
  }
  for (const [key, value] of Object.entries(metrics)) out.line(`${key.padEnd(10)} ${key === "queries" ? value : value.toFixed(4)}`);
  return EXIT_OK;
}

// The most unknown ids a warning lists; the rest are counted.
const MAX_LISTED_IDS = 10;

function unknownIdsMessage(ids: readonly string[], queriesFile: string, toolsFile: string): string {
  const listed = ids.slice(0, MAX_LISTED_IDS).map(visible).join(", ");
  const more = ids.length > MAX_LISTED_IDS ? ` and ${ids.length - MAX_LISTED_IDS} more` : "";
  const count = ids.length === 1 ? "1 relevant id" : `${ids.length} relevant ids`;
  return `${count} in ${queriesFile} ${ids.length === 1 ? "is" : "are"} not a tool of ${toolsFile}, so ${ids.length === 1 ? "it scores" : "they score"} 0: ${listed}${more}`;
}

// The library's messages about queries do not know the file they came from.
function naming<T>(file: string, body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof ToolsiftError && !error.message.includes(file)) {
      throw new ToolsiftError(error.code, `${file}: ${error.message}`, { path: error.path, cause: error.cause });
    }
    throw error;
  }
}
