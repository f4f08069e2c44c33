// The prompt the hint writer sends for one tool. It is versioned: a hints file records the
// version its phrasings were written with, and a change to the text below is a new version.
// The phrasings shipped as benchmark data (bench/data/*/hints.json) were written by
// following this text, version 1, one tool at a time.

/** The version of `hintPrompt`'s text; recorded with every tool's phrasings. */
export const HINT_PROMPT_VERSION = "1";

/** The languages a phrasing can be asked in, and how the prompt names them. */
export const HINT_LANGUAGES = Object.freeze({ en: "English", ru: "Russian", zh: "Chinese" });

/** A language code of `HINT_LANGUAGES`. */
export type HintLanguage = keyof typeof HINT_LANGUAGES;

/** What the prompt shows of one tool: only what the trust policy lets rank. */
export interface HintPromptTool {
  /** The tool's name (its id in the catalogue). */
  readonly name: string;
  /** The description, when the tool's text may be read; absent for an un-vouched tool. */
  readonly description?: string;
  /** The parameters: names, and descriptions when the tool's text may be read. */
  readonly parameters: readonly { readonly name: string; readonly description?: string }[];
}

/** How many phrasings per language, and in which languages. */
export interface HintPromptOptions {
  readonly count: number;
  readonly languages: readonly HintLanguage[];
}

/** The prompt for one tool, version `HINT_PROMPT_VERSION`. */
export function hintPrompt(tool: HintPromptTool, options: HintPromptOptions): string {
  const parameters = tool.parameters.length === 0
    ? "(none)"
    : tool.parameters.map((p) => (p.description === undefined || p.description === "" ? `- ${p.name}` : `- ${p.name}: ${p.description}`)).join("\n");
  const languages = options.languages.map((code) => `${HINT_LANGUAGES[code]} ("${code}")`).join(", ");
  const shape = `{${options.languages.map((code) => `"${code}": ["…"]`).join(", ")}}`;
  return [
    "You write search phrasings for one tool of an AI agent's tool catalogue. A search engine",
    "will match requests against them, so they must say what a person wants done when this tool",
    "is the one to use.",
    "",
    `Tool name: ${tool.name}`,
    `Description: ${tool.description === undefined || tool.description === "" ? "(not shown)" : tool.description}`,
    "Parameters:",
    parameters,
    "",
    `Write up to ${options.count} phrasings in each of: ${languages}.`,
    "- Each is a request of 3 to 12 words, as a person types it to an assistant or as a model",
    "  searches for a tool: the task and the thing acted on, in everyday words.",
    "- Use words the name and description do not already use where a person would: synonyms,",
    "  the goal behind the task, the kind of object with a typical example.",
    "- Vary them: one plain request, one short keyword search, one naming a concrete case.",
    "- Plain text only: no numbering, no quotes, no markup, no tool or parameter identifiers",
    "  (a product or service name a person would say is fine).",
    "- If the tool's purpose cannot be told from what is shown, return empty lists.",
    "",
    `Answer with one JSON object and nothing else: ${shape}`,
  ].join("\n");
}
