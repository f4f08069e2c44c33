// Locates problems in catalogue JSON text: the line and column of a syntax error, and the
// text range of the catalogue entry (and field) a located ToolsiftError names.

export interface TextRange {
  readonly start: number;
  readonly end: number;
}

export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

export function lineColumn(text: string, offset: number): LineColumn {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The offset a `JSON.parse` error points at (V8 names a position), else the end of the text. */
export function syntaxErrorOffset(error: unknown, text: string): number {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  if (position !== null) return Math.min(Number(position[1]), text.length);
  const lineColumnMatch = /line (\d+) column (\d+)/.exec(message);
  if (lineColumnMatch !== null) {
    const lines = text.split("\n");
    const line = Math.min(Number(lineColumnMatch[1]), lines.length);
    return lines.slice(0, line - 1).reduce((sum, item) => sum + item.length + 1, 0) + Number(lineColumnMatch[2]) - 1;
  }
  return text.length;
}

/** The line at `offset` with a caret under its column, for an error message. */
export function excerpt(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const newline = text.indexOf("\n", offset);
  const end = newline < 0 ? text.length : newline;
  const line = text.slice(start, end);
  const column = offset - start;
  const from = Math.max(0, column - 60);
  const shown = line.slice(from, from + 120);
  return `${from > 0 ? "…" : ""}${shown}\n${" ".repeat(column - from + (from > 0 ? 1 : 0))}^`;
}

// A minimal scanner over text that JSON.parse accepted: it only needs value boundaries.
function skipSpace(text: string, at: number): number {
  while (at < text.length && " \t\n\r".includes(text[at]!)) at++;
  return at;
}

function skipString(text: string, at: number): number {
  for (at++; at < text.length; at++) {
    if (text[at] === "\\") at++;
    else if (text[at] === '"') return at + 1;
  }
  return at;
}

function skipValue(text: string, at: number): number {
  at = skipSpace(text, at);
  const first = text[at];
  if (first === '"') return skipString(text, at);
  if (first === "{" || first === "[") {
    let depth = 0;
    for (; at < text.length; at++) {
      const character = text[at];
      if (character === '"') at = skipString(text, at) - 1;
      else if (character === "{" || character === "[") depth++;
      else if (character === "}" || character === "]") {
        depth--;
        if (depth === 0) return at + 1;
      }
    }
    return at;
  }
  while (at < text.length && !",]} \t\n\r".includes(text[at]!)) at++;
  return at;
}

/** Ranges of an array's elements; `at` is the offset of its `[`. */
function elements(text: string, at: number): TextRange[] {
  const ranges: TextRange[] = [];
  at = skipSpace(text, at + 1);
  while (at < text.length && text[at] !== "]") {
    const start = skipSpace(text, at);
    const end = skipValue(text, start);
    ranges.push({ start, end });
    at = skipSpace(text, end);
    if (text[at] === ",") at++;
  }
  return ranges;
}

/** An object's members: key and value ranges; `at` is the offset of its `{`. */
function members(text: string, at: number): { key: string; range: TextRange; value: TextRange }[] {
  const found: { key: string; range: TextRange; value: TextRange }[] = [];
  at = skipSpace(text, at + 1);
  while (at < text.length && text[at] === '"') {
    const keyEnd = skipString(text, at);
    const key = JSON.parse(text.slice(at, keyEnd)) as string;
    const colon = skipSpace(text, keyEnd);
    const valueStart = skipSpace(text, colon + 1);
    const valueEnd = skipValue(text, valueStart);
    found.push({ key, range: { start: at, end: valueEnd }, value: { start: valueStart, end: valueEnd } });
    at = skipSpace(text, valueEnd);
    if (text[at] === ",") at = skipSpace(text, at + 1);
  }
  return found;
}

/**
 * The range of catalogue entry `index` (in the top-level array or in `tools` of a
 * `tools/list` result) and, when `field` names one of its keys, of that member.
 */
export function locateEntry(text: string, index: number, field?: string): TextRange | undefined {
  let at = skipSpace(text, 0);
  if (text[at] === "{") {
    const tools = members(text, at).find((member) => member.key === "tools");
    if (tools === undefined) return undefined;
    at = tools.value.start;
  }
  if (text[at] !== "[") return undefined;
  const entry = elements(text, at)[index];
  if (entry === undefined || field === undefined || text[entry.start] !== "{") return entry;
  // `params[2].description` → the `params` member; `id` may have been given as `name`.
  const key = field.split(/[.[]/)[0]!;
  const names = key === "id" ? ["id", "name"] : [key];
  const member = members(text, entry.start).find((item) => names.includes(item.key));
  return member?.range ?? entry;
}
