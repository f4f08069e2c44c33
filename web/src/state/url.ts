// State in the URL: the query, the open view, the settings and the trust state, so that a
// link reproduces what someone saw. Only values that differ from the defaults are written.
import { DEFAULT_TRUST, isDefaultTrust, type TrustState } from "../catalogue/model.js";
import { readSettings, writeSettings, type Settings } from "./settings.js";

export const VIEWS = ["search", "catalogue", "trust", "agent", "evaluation", "skills"] as const;
export type View = (typeof VIEWS)[number];

export interface UrlState {
  readonly query: string | undefined;
  readonly view: View;
  readonly settings: Settings;
  readonly trust: TrustState;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function readTrust(raw: string | null): TrustState {
  if (raw === null) return DEFAULT_TRUST;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const annotations: Record<string, { tags: string[]; aliases: string[] }> = {};
    const given = typeof value["annotations"] === "object" && value["annotations"] !== null ? (value["annotations"] as Record<string, unknown>) : {};
    for (const [id, annotation] of Object.entries(given)) {
      const record = (annotation ?? {}) as Record<string, unknown>;
      annotations[id] = { tags: strings(record["tags"]), aliases: strings(record["aliases"]) };
    }
    return {
      remoteServers: strings(value["remoteServers"]),
      remoteTools: strings(value["remoteTools"]),
      vouched: strings(value["vouched"]),
      tainted: strings(value["tainted"]),
      annotations,
    };
  } catch {
    return DEFAULT_TRUST;
  }
}

export function readUrl(location: Location = window.location): UrlState {
  const params = new URLSearchParams(location.search);
  const view = params.get("view");
  return {
    query: params.get("q") ?? undefined,
    view: (VIEWS as readonly string[]).includes(view ?? "") ? (view as View) : "search",
    settings: readSettings(params),
    trust: readTrust(params.get("trust")),
  };
}

/** Rewrites the address bar in place (no history entry per keystroke). */
export function writeUrl(state: UrlState): void {
  const params = new URLSearchParams(window.location.search);
  if (state.query === undefined) params.delete("q");
  else params.set("q", state.query);
  if (state.view === "search") params.delete("view");
  else params.set("view", state.view);
  writeSettings(state.settings, params);
  if (isDefaultTrust(state.trust)) params.delete("trust");
  else params.set("trust", JSON.stringify(state.trust));
  const search = params.toString();
  const url = `${window.location.pathname}${search.length > 0 ? `?${search}` : ""}${window.location.hash}`;
  if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) history.replaceState(null, "", url);
}

/** The agent run kept in this browser (`run=`), if the address names one. */
export function readRunId(location: Location = window.location): string | undefined {
  const id = new URLSearchParams(location.search).get("run");
  return id === null || id.length === 0 ? undefined : id;
}

/** Names the stored agent run in the address bar, or removes it (`undefined`). */
export function writeRunId(id: string | undefined): void {
  const params = new URLSearchParams(window.location.search);
  if (id === undefined) params.delete("run");
  else params.set("run", id);
  const search = params.toString();
  history.replaceState(null, "", `${window.location.pathname}${search.length > 0 ? `?${search}` : ""}${window.location.hash}`);
}
