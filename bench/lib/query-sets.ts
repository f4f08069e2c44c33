import type { ToolSearchDoc } from "../../src/types.js";
import { loadDataset, type Loaded } from "./datasets.js";

/**
 * The two kinds of query the latency benchmarks time:
 *
 * - **long user-style requests**: the held-out (test fold) requests of ToolBench (multi-sentence,
 *   agent-style, ~40 words) and Seal-Tools (one or two sentences), as written by the benchmark
 *   authors;
 * - **short model-style queries**: what a model passes to `search_tools`, 2–4 keywords,
 *   derived deterministically from tool ids by `shortQueryFor`.
 */
export interface QuerySet {
  readonly name: string;
  readonly queries: readonly string[];
}

/** The test-fold requests of one labelled dataset, as plain strings. */
export function longQueries(dataset: "toolbench-stable" | "seal-tools"): Loaded<QuerySet> {
  const loaded = loadDataset(dataset);
  if (!loaded.ok) return loaded;
  const queries = loaded.value.queries.filter((entry) => (entry.fold ?? "test") === "test").map((entry) => entry.query);
  return { ok: true, value: { name: `long (${dataset} test requests)`, queries } };
}

// Verbs a model leads a tool query with; a tool name that starts with one keeps it.
const VERBS = new Set(
  (
    "add analyze append archive assign book browse build calculate cancel check clear click close comment " +
    "compare connect convert copy count create delete deploy describe disable download drag edit enable " +
    "evaluate execute export extract fetch fill find forward generate get import insert install invite " +
    "list load lookup manage mark merge monitor move navigate open parse post press publish query read " +
    "remove rename reply reset resolve restart retrieve review run save scale scan schedule screenshot " +
    "scroll search select send set share show start stop submit subscribe summarize sync take test " +
    "track translate type update upload validate view wait watch write"
  ).split(" "),
);

const STOP = new Set(["a", "an", "the", "of", "to", "for", "in", "on", "by", "and", "or", "with", "from", "mcp", "api", "tool"]);

/** Splits an identifier into lower-case words: `snake_case`, `kebab-case`, `camelCase`, `HTTPServer`, `a.b`, `a/b`. */
export function identifierWords(identifier: string): string[] {
  return identifier
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .map((word) => word.toLowerCase())
    .filter((word) => word.length >= 2 && !/^\d+$/.test(word) && !STOP.has(word));
}

function verbOf(word: string | undefined): string | undefined {
  if (word === undefined) return undefined;
  const lower = word.toLowerCase();
  for (const candidate of [lower, lower.replace(/s$/, ""), lower.replace(/es$/, ""), lower.replace(/ies$/, "y")]) {
    if (VERBS.has(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The short model-style query for one tool, derived only from its id and the first word of
 * its description:
 *
 * 1. split the id at its namespace separator (`server__tool`, `Tool::endpoint`); split both
 *    parts into words (`identifierWords`);
 * 2. the verb is the tool part's first word that is a common action verb (`create`, `list`,
 *    …); otherwise the description's first word when it is one (`Retrieves …` → `retrieve`);
 *    otherwise `get`;
 * 3. the query is the verb, then up to two more words of the tool part, then the namespace's
 *    first word while the query has fewer than four words; at least two words.
 *
 * `github__create_pull_request` → `create pull request github`;
 * `slack__slack_post_message` → `post slack message`; `hubspot__hubspot-create` → `create hubspot`.
 */
export function shortQueryFor(doc: ToolSearchDoc): string {
  const separator = /__|::/.exec(doc.id);
  const namespace = separator === null ? "" : doc.id.slice(0, separator.index);
  const tool = separator === null ? doc.id : doc.id.slice(separator.index + separator[0].length);
  const toolWords = identifierWords(tool);
  const namespaceWords = identifierWords(namespace);
  const named = toolWords.map(verbOf).find((verb) => verb !== undefined);
  const verb = named ?? verbOf(doc.description?.split(/\s+/)[0]) ?? "get";
  const rest = toolWords.filter((word) => word !== verb);
  const words = [verb, ...rest.slice(0, 2)];
  for (const word of namespaceWords) {
    if (words.length >= 4) break;
    if (!words.includes(word)) words.push(word);
    break;
  }
  if (words.length < 2) words.push(...toolWords.slice(0, 1), "tool");
  return [...new Set(words)].slice(0, 4).join(" ");
}

/**
 * `count` short model-style queries from `docs`, from tools taken at an even stride through
 * the catalogue (deterministic; distinct queries only).
 */
export function shortQueries(docs: readonly ToolSearchDoc[], count: number, label = "catalogue"): QuerySet {
  const seen = new Set<string>();
  const queries: string[] = [];
  const step = Math.max(1, docs.length / Math.max(1, count));
  for (let position = 0; position < docs.length && queries.length < count; position += step) {
    const query = shortQueryFor(docs[Math.floor(position)]!);
    if (seen.has(query)) continue;
    seen.add(query);
    queries.push(query);
  }
  return { name: `short (2–4 keywords from ${label} tool ids)`, queries };
}
