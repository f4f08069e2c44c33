import { z } from "zod/mini";
import { ToolsiftError } from "../errors.js";

/** Which split of a labelled set a query belongs to. Tune on `dev`, report on `test`. */
export type EvalFold = "dev" | "test";

/**
 * One labelled query: the text a user or model would send and the ids of the tools that
 * answer it (binary relevance; several for a multi-step request).
 */
export interface EvalQuery {
  readonly query: string;
  readonly relevant: readonly string[];
  /** BCP 47-ish language tag of the query text, e.g. `"en"`, `"ru"`, `"zh"`. */
  readonly lang?: string;
  /** The split; a query without one is held out (treated as `test`) by `evaluate`. */
  readonly fold?: EvalFold;
}

const entrySchema = z.object(
  {
    query: z.string({ error: "query must be a non-empty string" }).check(z.minLength(1, "query must be a non-empty string")),
    relevant: z
      .array(
        z.string({ error: "a relevant id must be a non-empty string" }).check(z.minLength(1, "a relevant id must be a non-empty string")),
        { error: "relevant must be an array of tool ids" },
      )
      .check(z.minLength(1, "relevant must list at least one tool id")),
    lang: z.optional(z.string({ error: "lang must be a non-empty string" }).check(z.minLength(1, "lang must be a non-empty string"))),
    fold: z.optional(z.enum(["dev", "test"], { error: 'fold must be "dev" or "test"' })),
  },
  { error: "an entry must be an object { query, relevant, lang?, fold? }" },
);

/**
 * Validates a queries file (`[{ query, relevant: string[], lang?, fold? }, …]`, extra keys
 * ignored) given as JSON text or as an already parsed value, and returns its entries.
 *
 * @throws ToolsiftError `invalid_queries`, whose `path` starts with the index of the first
 *   bad entry (and whose message names it), or is empty when the file is not a JSON array.
 * @example
 * const queries = parseQueries(await readFile("queries.json", "utf8"));
 */
export function parseQueries(json: unknown): EvalQuery[] {
  let value = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (cause) {
      throw new ToolsiftError("invalid_queries", "queries file is not valid JSON", { cause });
    }
  }
  if (!Array.isArray(value)) {
    throw new ToolsiftError(
      "invalid_queries",
      "queries file must be a JSON array of { query, relevant: string[], lang?, fold? }",
    );
  }
  const entries: EvalQuery[] = [];
  for (let index = 0; index < value.length; index++) {
    const result = entrySchema.safeParse(value[index]);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const field = issue.path.map(String).join(".");
      const where = field === "" ? `entry ${index}` : `entry ${index}, ${field}`;
      throw new ToolsiftError("invalid_queries", `queries ${where}: ${issue.message}`, {
        path: [index, ...issue.path.filter((part) => typeof part !== "symbol")] as (string | number)[],
        cause: result.error,
      });
    }
    const { query, relevant, lang, fold } = result.data;
    entries.push({
      query,
      relevant,
      ...(lang === undefined ? {} : { lang }),
      ...(fold === undefined ? {} : { fold }),
    });
  }
  return entries;
}
