import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RankedHit, ToolSearchDoc } from "../../src/types.js";
import { repoRoot, type Loaded } from "./datasets.js";
import type { BenchEngine, EngineFactory } from "./engine.js";

/** The part of toolsift's public API the benchmarks use; optional members may not exist yet. */
export interface ToolsiftRanker {
  rank(query: string, limit: number): readonly RankedHit[];
  serialize?(): Uint8Array;
  explain?(query: string, limit: number): unknown;
  readonly termCount?: number;
}
export interface ToolsiftApi {
  init(): Promise<unknown>;
  RANKER_DEFAULTS?: { readonly analyzer?: string };
  Bm25ToolRanker: {
    new (docs: readonly ToolSearchDoc[], options?: Record<string, unknown>): ToolsiftRanker;
    load?(bytes: Uint8Array, options?: Record<string, unknown>): ToolsiftRanker;
  };
}

let cached: Promise<Loaded<ToolsiftApi>> | undefined;

/**
 * Imports `src/index.ts` and initializes the core, or says why it cannot (not written yet,
 * `.wasm` not built, init failed). Benchmarks run the peers alone in that case.
 */
export function loadToolsift(): Promise<Loaded<ToolsiftApi>> {
  cached ??= (async (): Promise<Loaded<ToolsiftApi>> => {
    const entry = path.join(repoRoot, "src/index.ts");
    if (!existsSync(entry)) return { ok: false, reason: "toolsift: src/index.ts does not exist yet; peers only" };
    try {
      const api = (await import(pathToFileURL(entry).href)) as Partial<ToolsiftApi>;
      if (typeof api.init !== "function" || typeof api.Bm25ToolRanker !== "function") {
        return { ok: false, reason: "toolsift: src/index.ts does not export init and Bm25ToolRanker yet; peers only" };
      }
      await api.init();
      return { ok: true, value: api as ToolsiftApi };
    } catch (error) {
      return { ok: false, reason: `toolsift: loading failed (${describe(error)}); peers only` };
    }
  })();
  return cached;
}

class ToolsiftEngine implements BenchEngine {
  readonly name: string;
  readonly #api: ToolsiftApi;
  readonly #options: Record<string, unknown> | undefined;
  #ranker: ToolsiftRanker | undefined;
  readonly serialize?: () => Uint8Array;
  readonly load?: (data: string | Uint8Array) => void;

  constructor(name: string, api: ToolsiftApi, options: Record<string, unknown> | undefined, artifact: boolean) {
    this.name = name;
    this.#api = api;
    this.#options = options;
    if (artifact) {
      this.serialize = () => this.#ranker!.serialize!();
      this.load = (data) => {
        if (typeof data === "string") throw new Error("toolsift artifacts are binary");
        this.#ranker = this.#options === undefined ? api.Bm25ToolRanker.load!(data) : api.Bm25ToolRanker.load!(data, this.#options);
      };
    }
  }

  build(docs: readonly ToolSearchDoc[]): void {
    this.#ranker = new this.#api.Bm25ToolRanker(docs, this.#options);
  }

  rank(query: string, limit: number) {
    return this.#ranker!.rank(query, limit);
  }

  termCount(): number {
    return this.#ranker!.termCount ?? Number.NaN;
  }

  explain(query: string, limit: number): unknown {
    const ranker = this.#ranker!;
    if (typeof ranker.explain !== "function") throw new Error("toolsift: explain is not available");
    return ranker.explain(query, limit);
  }
}

const probeDocs: ToolSearchDoc[] = [
  { id: "probe__create_issue", description: "Create an issue", tags: [], aliases: [] },
  { id: "probe__list_issues", description: "List issues", tags: [], aliases: [] },
  { id: "probe__send_message", description: "Send a message", tags: [], aliases: [] },
];

/**
 * A toolsift engine with these ranker options (`undefined`: the defaults), or why it is not
 * available (e.g. the core does not support `analyzer: "stem"` yet). Artifact support
 * (`serialize` / `Bm25ToolRanker.load`) is probed too.
 */
export function toolsiftEngine(api: ToolsiftApi, name: string, options?: Record<string, unknown>): Loaded<EngineFactory> {
  let probe: ToolsiftRanker;
  try {
    probe = new api.Bm25ToolRanker(probeDocs, options);
    probe.rank("issue", 3);
  } catch (error) {
    return { ok: false, reason: `${name}: n/a (${describe(error)})` };
  }
  let artifact = false;
  try {
    if (typeof probe.serialize === "function" && typeof api.Bm25ToolRanker.load === "function") {
      const bytes = probe.serialize();
      const loaded = options === undefined ? api.Bm25ToolRanker.load(bytes) : api.Bm25ToolRanker.load(bytes, options);
      artifact = loaded.rank("issue", 3).length === probe.rank("issue", 3).length;
    }
  } catch {
    artifact = false;
  }
  const description =
    options === undefined ? "default options" : `options ${JSON.stringify(options)}`;
  return {
    ok: true,
    value: {
      name,
      description: `${description}${artifact ? "" : "; no artifact support yet"}`,
      create: () => new ToolsiftEngine(name, api, options, artifact),
    },
  };
}

/**
 * toolsift with its default options (`toolsift`), and with each other analyzer forced
 * (`toolsift stem` when the default is `plural`, and so on), for the reports. `notes` say
 * which analyzer the default is and why a variant is unavailable.
 */
export async function toolsiftEngines(): Promise<{ engines: EngineFactory[]; notes: string[] }> {
  const loaded = await loadToolsift();
  if (!loaded.ok) return { engines: [], notes: [loaded.reason] };
  const engines: EngineFactory[] = [];
  const notes: string[] = [];
  const defaultAnalyzer = loaded.value.RANKER_DEFAULTS?.analyzer;
  const variants: [string, Record<string, unknown> | undefined][] = [["toolsift", undefined]];
  // The default engine's description names its analyzer (from RANKER_DEFAULTS).
  for (const analyzer of ["plural", "stem"]) {
    if (analyzer !== defaultAnalyzer) variants.push([`toolsift ${analyzer}`, { analyzer }]);
  }
  for (const [name, options] of variants) {
    const engine = toolsiftEngine(loaded.value, name, options);
    if (engine.ok && options === undefined && defaultAnalyzer !== undefined) {
      engines.push({ ...engine.value, description: `${engine.value.description} (analyzer "${defaultAnalyzer}")` });
    } else if (engine.ok) engines.push(engine.value);
    else notes.push(engine.reason);
  }
  return { engines, notes };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${typeof code === "string" ? `${code}: ` : ""}${error.message.split("\n")[0]}`;
  }
  return String(error);
}
