import { entryProblem } from "../catalogue/shapes.js";
import { ToolsiftError } from "../errors.js";
import type { ToolSearchDoc } from "../types.js";
import { toolTrust, type ToolTrust, type TrustOptions } from "../trust/policy.js";
import { toolSpec, type ToolSpec } from "../trust/spec.js";
import { annotationFor, catalogueTools, toolSearchDoc } from "../trust/tool-docs.js";
import { isThirdPartyName, toolKey, type ToolDefinition } from "../trust/tool-definition.js";
import { configError, type ResolvedToolSearch } from "./config.js";
import type { ToolAnnotations } from "../trust/tool-definition.js";

/** One usable catalogue entry. */
export interface CatalogueEntry {
  readonly key: string;
  readonly tool: ToolDefinition;
  readonly trust: ToolTrust;
  /** Index in the host's catalogue (for error paths). */
  readonly position: number;
}

/**
 * The session's view of `toolSearch.catalogue` (DESIGN.md "Session"): entries keyed by id, minus those
 * that share an id with a menu tool (the menu's definition wins) and third-party entries
 * whose name breaks MCP's tool-name rule (`refusedNames`), and the searchable
 * universe (entries whose id passes the `namespaces` allowlist). Index docs and menu specs
 * are built lazily: a session that never searches never pays for them.
 */
export class SessionCatalogue {
  readonly #entries = new Map<string, CatalogueEntry>();
  readonly #universe = new Set<string>();
  readonly #annotations: ToolAnnotations | undefined;
  readonly #specs = new Map<string, ToolSpec | null>();
  readonly #hidden: number;
  /** Catalogue positions of third-party entries left out for their name (`THIRD_PARTY_NAME`). */
  readonly refusedNames: readonly number[];
  /** Where the tool list is in the config (`toolSearch.catalogue`, `….tools`, `….result.tools`). */
  readonly path: readonly (string | number)[];
  #docs: readonly ToolSearchDoc[] | undefined;

  constructor(
    config: Pick<ResolvedToolSearch, "catalogue" | "annotations" | "namespaces" | "trustJsonSchemaText">,
    menuNames: ReadonlySet<string>,
  ) {
    const { tools, allRemote, path: base } = catalogueTools(config.catalogue, ["toolSearch", "catalogue"]);
    this.path = base;
    const trustOptions: TrustOptions = { trustJsonSchemaText: config.trustJsonSchemaText, allRemote };
    const namespaces = config.namespaces;
    let shadowed = 0;
    const seen = new Set<string>();
    const refused: number[] = [];
    tools.forEach((tool, position) => {
      const key = toolKey(tool);
      if (key === undefined) throw configError([...base, position], entryProblem(tool));
      const trust = toolTrust(tool, key, trustOptions);
      // Left out, not a config error: one hostile server must not break the session. Before
      // the duplicate check, whose message would echo the name.
      if (trust.thirdParty && !isThirdPartyName(key)) {
        refused.push(position);
        return;
      }
      if (seen.has(key)) throw configError([...base, position], `repeats the tool id ${JSON.stringify(key.slice(0, 80))}`);
      seen.add(key);
      if (menuNames.has(key)) {
        shadowed++;
        return;
      }
      this.#entries.set(key, { key, tool, trust, position });
      if (namespaces === undefined || namespaces.some((prefix) => key.startsWith(prefix))) this.#universe.add(key);
    });
    this.refusedNames = Object.freeze(refused);
    this.#annotations = config.annotations;
    this.#hidden = shadowed + this.#entries.size - this.#universe.size;
  }

  get(key: string): CatalogueEntry | undefined {
    return this.#entries.get(key);
  }

  /** The entry of an id the session has admitted already; a missing one is a bug in the session. */
  entry(key: string): CatalogueEntry {
    const entry = this.#entries.get(key);
    if (entry === undefined) throw new ToolsiftError("internal_error", `toolsift: ${JSON.stringify(key.slice(0, 80))} is not a catalogue entry`);
    return entry;
  }

  /** The spec of an id planned for loading (the plan skips tools without one). */
  loadableSpec(key: string): ToolSpec {
    const spec = this.spec(key);
    if (spec === undefined) throw new ToolsiftError("internal_error", `toolsift: ${JSON.stringify(key.slice(0, 80))} has no menu spec`);
    return spec;
  }

  /** True when a search may return `key` (it may still be on the menu already). */
  searchable(key: string): boolean {
    return this.#universe.has(key);
  }

  /** Searchable ids, in catalogue order. */
  universe(): ReadonlySet<string> {
    return this.#universe;
  }

  /** Catalogue entries a search can never return (namespace-filtered or shadowed by a menu tool). */
  get hidden(): number {
    return this.#hidden;
  }

  /** Frozen index docs of the searchable tools (what a ranker factory receives). */
  docs(): readonly ToolSearchDoc[] {
    if (this.#docs === undefined) {
      const docs: ToolSearchDoc[] = [];
      for (const key of this.#universe) {
        const entry = this.entry(key);
        docs.push(toolSearchDoc(entry.tool, key, entry.trust, annotationFor(this.#annotations, key)));
      }
      this.#docs = Object.freeze(docs);
    }
    return this.#docs;
  }

  /** The model-facing spec of an entry, or `undefined` when its own schema is not JSON. */
  spec(key: string): ToolSpec | undefined {
    let spec = this.#specs.get(key);
    if (spec === undefined) {
      const entry = this.#entries.get(key);
      spec = entry === undefined ? null : (toolSpec(entry.tool, key, entry.trust) ?? null);
      this.#specs.set(key, spec);
    }
    return spec ?? undefined;
  }
}
