// Between the two sides: what a client's request meets while the servers start or are down
// (docs/gateway.md "Startup and server states"): the bounded wait of a gateway's first
// seconds, the servers a request concerns, and how a server that is not up is named to the model.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { GROUP_SELECT_PREFIX } from "../session/search-input.js";
import { splitToolId } from "./ids.js";
import type { UpstreamStatus } from "./upstream.js";

/** One configured server's state, for the model's notes, `status` and logs. */
export interface ServerState {
  readonly name: string;
  readonly status: UpstreamStatus;
  /** Why it last failed (the operator's to read: never put in front of the model). */
  readonly error?: string;
  /** Failures since it was last ready. */
  readonly failures: number;
}

/** What a state that is not `ready` means, as the model is told. */
export const STATE_WORDS: Readonly<Record<Exclude<UpstreamStatus, "ready">, string>> = {
  starting: "it has not listed its tools yet",
  restarting: "it failed or exited and is being restarted",
  failed: "it cannot start as configured; the operator must fix it",
  closed: "the gateway is closing",
};

function stateText(state: ServerState): string {
  return state.status === "ready" ? "ready" : `${state.status}: ${STATE_WORDS[state.status]}`;
}

/**
 * The startup wait of one gateway start: until `startupWaitMs` after `begin`, a request waits
 * for the servers it concerns to finish their first start (ready, or failed once); after that,
 * or once they have, it waits for nothing. A restart later in the run is never waited for.
 *
 * @example
 * const wait = new StartupWait();
 * wait.begin(new Map([["memory", upstream.start()]]), 5_000);
 * await wait.until(["memory"]); // memory is up or failed, or 5 s have passed
 */
export class StartupWait {
  readonly #first = new Map<string, Promise<void>>();
  #deadline = 0;

  /** Starts the window: `starts` resolve at each server's first outcome (they never reject). */
  begin(starts: ReadonlyMap<string, Promise<void>>, waitMs: number): void {
    this.#deadline = performance.now() + waitMs;
    for (const [name, start] of starts) {
      this.#first.set(name, start);
      void start.then(() => this.#first.delete(name));
    }
  }

  /** Resolves when the named servers (every one without names) are past their first start, or at the deadline. */
  async until(servers?: readonly string[]): Promise<void> {
    const left = this.#deadline - performance.now();
    if (left <= 0) return;
    const pending = (servers ?? [...this.#first.keys()]).flatMap((name) => this.#first.get(name) ?? []);
    if (pending.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all(pending), new Promise<void>((resolve) => (timer = setTimeout(resolve, left)))]);
    clearTimeout(timer);
  }
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

/** The groups a search_tools input asks to load: `group`, and `select`'s `group:<name>` entries. */
export function askedGroups(args: Record<string, unknown> | undefined): string[] {
  const group = args?.["group"];
  const selected = stringsOf(args?.["select"]).filter((name) => name.startsWith(GROUP_SELECT_PREFIX)).map((name) => name.slice(GROUP_SELECT_PREFIX.length));
  return [...(typeof group === "string" ? [group] : []), ...selected];
}

/**
 * The servers a tools/call request concerns, for the startup wait: a tool's server, a pure
 * group load's groups (each server is a group of its name), `undefined` for every server (a
 * search, or a name that names none).
 */
export function requestServers(name: string, args: Record<string, unknown> | undefined, tools: { readonly search: string; readonly call: string }): readonly string[] | undefined {
  if (name === tools.search) {
    const groups = askedGroups(args);
    const query = args?.["query"];
    const onlyGroups = (typeof query !== "string" || query.trim() === "") && stringsOf(args?.["select"]).every((entry) => entry.startsWith(GROUP_SELECT_PREFIX));
    return groups.length > 0 && onlyGroups ? groups : undefined;
  }
  const target = name === tools.call ? args?.["name"] : name;
  const server = typeof target === "string" ? splitToolId(target)?.server : undefined;
  return server === undefined ? undefined : [server];
}

/** The first server a search asks to load as a group that is configured but not up, if any. */
export function unavailableGroup(args: Record<string, unknown> | undefined, states: readonly ServerState[]): ServerState | undefined {
  for (const group of askedGroups(args)) {
    const state = states.find((entry) => entry.name === group);
    if (state !== undefined && state.status !== "ready") return state;
  }
  return undefined;
}

/** The tool result of a call that names a server that is not up (a tool of it, or its group). */
export function unavailableResult(state: ServerState, what: string): CallToolResult {
  const data = { code: "upstream_unavailable", message: `Server ${JSON.stringify(state.name)} is ${stateText(state)}; ${what} cannot be used now.`, server: state.name, state: state.status };
  return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data, isError: true };
}

// The session's note when nothing matched: true only of the servers that are up.
const NO_MATCH = /^No matching tools/u;

/**
 * A search result with the servers that are not up named: in `note` (after the session's own,
 * whose "No matching tools" then says "among the servers that are up") and in `unavailable`.
 * Names and states only: a server's error text may be its own, and stays the operator's.
 */
export function withServerStates(result: object, states: readonly ServerState[]): object {
  const down = states.filter((state) => state.status !== "ready");
  if (down.length === 0 || "code" in result) return result;
  const named = down.map((state) => `${JSON.stringify(state.name)} (${stateText(state)})`);
  const sentence = `Servers not searched, their tools not listed now: ${named.join(", ")}.`;
  const own = (result as { note?: unknown }).note;
  const note = typeof own === "string" ? `${own.replace(NO_MATCH, "No matching tools among the servers that are up")} ${sentence}` : sentence;
  return { ...result, note, unavailable: down.map((state) => ({ server: state.name, state: state.status })) };
}
