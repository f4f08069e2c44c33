// The agent-run script: a JSON array of the model's tool calls, one per turn. A string is
// a `search_tools` query; an object without `name` is a `search_tools` input; an object
// with `name` calls that tool (`input` optional). `turn` and `index` may be given; by
// default each entry is its own turn and calls in one turn are numbered in order.
export interface ScriptCall {
  readonly turn: number;
  readonly index: number;
  readonly name: string;
  readonly input: unknown;
}

export class ScriptError extends Error {
  constructor(
    message: string,
    readonly entry?: number,
  ) {
    super(message);
    this.name = "ScriptError";
  }
}

export const DEFAULT_SCRIPT = `[
  "create a pull request",
  { "query": "list the open issues of a repository", "limit": 3 },
  { "query": "post a message to a slack channel", "limit": 2 },
  { "name": "github__create_pull_request", "input": { "title": "Fix the login page" } },
  { "select": ["github__merge_pull_request"] },
  { "name": "slack_post_message" },
  "create a pull request"
]
`;

/** The script with skills on: a search, then the model activates a sample skill and calls one of its tools. */
export const SKILLS_SCRIPT = `[
  "file a bug report as an issue",
  { "name": "activate_skill", "input": { "name": "triage-bug" } },
  { "name": "github__search_issues", "input": { "q": "login page crash" } },
  { "name": "github__create_issue", "input": { "title": "The login page crashes" } }
]
`;

/**
 * The script with groups on (each server a dynamic group, 128 tools at most): a search, a whole
 * server loaded as one entry, a blind call of a held-back tool (answered with its signature,
 * loaded for the next turn), then the call that runs.
 */
export const GROUPS_SCRIPT = `[
  "create a pull request",
  { "group": "argocd" },
  { "name": "argocd__list_applications" },
  { "name": "mapbox__DirectionsTool", "input": { "from": "Berlin" } },
  { "name": "mapbox__DirectionsTool", "input": { "coordinates": [[13.4, 52.5], [2.35, 48.86]] } }
]
`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function parseScript(text: string, searchTool = "search_tools"): ScriptCall[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ScriptError(`The script is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(value)) throw new ScriptError("The script is a JSON array of calls.");
  const calls: ScriptCall[] = [];
  let lastTurn = -1;
  let nextIndex = 0;
  value.forEach((entry: unknown, position) => {
    let name = searchTool;
    let input: unknown = entry;
    let turn: number | undefined;
    if (typeof entry === "string") input = { query: entry };
    else if (isRecord(entry)) {
      if (entry["turn"] !== undefined) {
        if (typeof entry["turn"] !== "number" || !Number.isInteger(entry["turn"]) || entry["turn"] < 0) throw new ScriptError(`Entry ${position}: turn is a non-negative integer.`, position);
        turn = entry["turn"];
      }
      if (entry["name"] !== undefined) {
        if (typeof entry["name"] !== "string") throw new ScriptError(`Entry ${position}: name is a string.`, position);
        name = entry["name"];
        input = entry["input"] ?? {};
      } else {
        const { turn: _turn, ...rest } = entry;
        input = rest;
      }
    } else throw new ScriptError(`Entry ${position}: a call is a query string or an object.`, position);
    const callTurn = turn ?? lastTurn + 1;
    if (callTurn < lastTurn) throw new ScriptError(`Entry ${position}: turns go forward (turn ${callTurn} after turn ${lastTurn}).`, position);
    nextIndex = callTurn === lastTurn ? nextIndex + 1 : 0;
    lastTurn = callTurn;
    calls.push({ turn: callTurn, index: nextIndex, name, input });
  });
  return calls;
}
