// Reading the catalogue editor's text: the tools, or what is wrong with it and where.
import { isToolsiftError } from "../../../../src/entry/browser.js";
import { readCatalogue, type PlaygroundTool } from "../../catalogue/model.js";
import { locateEntry, syntaxErrorOffset, type TextRange } from "../../catalogue/locate.js";

/** Why a text is not a catalogue: a title, the detail, where in the text, the error's code. */
export interface CatalogueProblem {
  readonly title: string;
  readonly detail: string;
  readonly range?: TextRange;
  readonly code?: string;
}

export type ReadResult = { readonly ok: true; readonly tools: PlaygroundTool[] } | { readonly ok: false; readonly problem: CatalogueProblem };

/** The tools of `text` (JSON: an array of tools or a tools/list result); an error other than a ToolsiftError is thrown. */
export function readTools(text: string): ReadResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const offset = syntaxErrorOffset(error, text);
    return { ok: false, problem: { title: "This is not valid JSON.", detail: error instanceof Error ? error.message : String(error), range: { start: offset, end: Math.min(text.length, offset + 1) } } };
  }
  let tools;
  try {
    tools = readCatalogue(json);
  } catch (error) {
    if (!isToolsiftError(error)) throw error;
    const [index, field] = error.path;
    const range = typeof index === "number" ? locateEntry(text, index, typeof field === "string" ? field : undefined) : undefined;
    return { ok: false, problem: { title: "This catalogue has a bad entry.", detail: error.message, range, code: error.code } };
  }
  if (tools.length === 0) return { ok: false, problem: { title: "This catalogue has no tools.", detail: "Add at least one tool: { \"id\": \"…\", \"description\": \"…\" }." } };
  return { ok: true, tools };
}
