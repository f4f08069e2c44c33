import * as z from "zod/mini";
import { firstIssue, integerIn, type Covers, isComplete, issueMessage, issuePath, listOf, pathText, strictObject, stringMatching, type Issue } from "../core/config-schema.js";
import { ToolsiftError } from "../errors.js";
import type { Journal } from "../journal/in-memory.js";
import type { DivergenceMode } from "../journal/replay.js";
import { checkRankerInput, type RankerInput } from "../rankers/shape.js";
import type { WarningHook } from "../shared/warnings.js";
import { SkillEngine } from "./skill-engine.js";
import { GROUP_DEFAULTS, callCapSchema, deferralSchema, groupsSchema, serverGroupsSchema, type DeferralConfig, type ToolGroupConfig } from "./groups/groups-config.js";
import { CATALOGUE_SHAPES, findCatalogueList } from "../catalogue/shapes.js";
import type { Catalogue, ToolAnnotations, ToolDefinition, TrustJsonSchemaText } from "../trust/tool-definition.js";
import { isRecord } from "../shared/is-record.js";

/**
 * Defaults of the `toolSearch` config (DESIGN.md "Session"). Units and ranges:
 * - `maxPerSearch`: tools one search returns, 1–50 (default 5). Low: more round trips for
 *   the model; high: more tokens per result.
 * - `maxLoaded`: tools searches may add to the menu over the run, 1–200 (default 20).
 *   Hits past it are returned `loaded: false`.
 * - `maxSearches`: searches per run, 1–200 (default 25); later calls get `search_limit_reached`.
 * - `maxMenuChars`: optional budget, in UTF-16 code units of the JSON of the specs of the
 *   tools searches loaded, 1–10,000,000 (default: no budget).
 * - `toolName`: the meta-tool's name (default `search_tools`), 1–64 of `[A-Za-z0-9_-]`.
 */
export const TOOL_SEARCH_DEFAULTS = Object.freeze({
  toolName: "search_tools",
  maxPerSearch: 5,
  maxLoaded: 20,
  maxSearches: 25,
});

/** Ceilings of the `toolSearch` caps: a larger value is a config error, not a silent clamp. */
export const TOOL_SEARCH_CEILINGS = Object.freeze({
  maxPerSearch: 50,
  maxLoaded: 200,
  maxSearches: 200,
  maxMenuChars: 10_000_000,
});

/**
 * Defaults of the session config: the run id that prefixes decision ids, what a replay
 * does when it goes another way than its journal (`"fail"`: a typed error), and whether the
 * journal also gets `used` records (off: a journal holds decisions only, as before).
 */
export const SESSION_DEFAULTS = Object.freeze({
  runId: "run",
  divergence: "fail" as DivergenceMode,
  recordUsage: false,
});

// `findIndex` reads a hole in a sparse array as undefined, which is not a tool.
const isToolList = (value: unknown): boolean => Array.isArray(value) && value.findIndex((tool) => !isRecord(tool)) < 0;

const catalogueSchema = z.custom<Catalogue>((value) => isToolList(findCatalogueList(value)?.tools), { error: CATALOGUE_SHAPES });

const labelsSchema = listOf(z.string("must be a string"), "must be an array of strings", 1024, "must list at most 1024 labels");

// Annotations by tool id. A record of any object (a record schema wants a plain one) whose
// entries are strict objects: a symbol key is no tool id.
const annotationEntrySchema = strictObject({ tags: z.optional(labelsSchema), aliases: z.optional(labelsSchema) }, "must be { tags?, aliases? }");

const annotationsSchema = z.custom<ToolAnnotations>().check((payload) => {
  const value = payload.value;
  if (!isRecord(value) || Object.getOwnPropertySymbols(value).length > 0) {
    payload.issues.push({ code: "custom", message: "must be an object of { tags?, aliases? } by tool id", input: value });
    return;
  }
  for (const id of Object.keys(value as object)) {
    const result = annotationEntrySchema.safeParse((value as Record<string, unknown>)[id]);
    if (!result.success) {
      for (const issue of result.error.issues) payload.issues.push({ ...issue, path: [id, ...issue.path] } as z.core.$ZodRawIssue);
      return;
    }
  }
});

const nameSchema = z.string("must be a string").check(z.minLength(1, "must not be empty"));
const nameListSchema = listOf(nameSchema, "must be an array of strings", 100_000, "must list at most 100,000 names");

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

const toolSearchSchema = strictObject(
  {
    catalogue: catalogueSchema,
    annotations: z.optional(annotationsSchema),
    namespaces: z.optional(nameListSchema),
    alwaysLoaded: z.optional(nameListSchema),
    ranker: z.optional(
      z.custom<RankerInput>((value) => typeof value === "function" || isRecord(value), {
        error: "must be a ranker ({ kind, rank }) or a factory (docs) => ranker",
      }),
    ),
    toolName: z._default(stringMatching(TOOL_NAME, "must be a string of 1 to 64 characters of A-Z, a-z, 0-9, _ and -"), TOOL_SEARCH_DEFAULTS.toolName),
    maxPerSearch: z._default(integerIn(1, TOOL_SEARCH_CEILINGS.maxPerSearch), TOOL_SEARCH_DEFAULTS.maxPerSearch),
    maxLoaded: z._default(integerIn(1, TOOL_SEARCH_CEILINGS.maxLoaded), TOOL_SEARCH_DEFAULTS.maxLoaded),
    maxSearches: z._default(integerIn(1, TOOL_SEARCH_CEILINGS.maxSearches), TOOL_SEARCH_DEFAULTS.maxSearches),
    maxMenuChars: z.optional(integerIn(1, TOOL_SEARCH_CEILINGS.maxMenuChars)),
    trustJsonSchemaText: z.optional(
      z.custom<TrustJsonSchemaText>(
        (value) =>
          typeof value === "boolean" ||
          typeof value === "function" ||
          (Array.isArray(value) && value.findIndex((prefix) => typeof prefix !== "string") < 0),
        { error: "must be a boolean, an array of id prefixes or a function (id) => boolean" },
      ),
    ),
    groups: z.optional(groupsSchema),
    serverGroups: z.optional(serverGroupsSchema),
    deferral: z.optional(deferralSchema),
    loadUnconfident: z.optional(z.boolean("must be a boolean")),
  },
  "must be an object",
);

const sessionSchema = strictObject(
  {
    runId: z._default(stringMatching(/^[^\s#]{1,128}$/u, "must be a string of 1 to 128 characters without spaces or #"), SESSION_DEFAULTS.runId),
    tools: z._default(
      z.array(z.custom<ToolDefinition>(isRecord, { error: "must be a tool definition object with an id or a name" }), "must be an array of tool definitions"),
      () => [],
    ),
    toolSearch: z.optional(toolSearchSchema),
    // Only the engine `skillActivation({...})` made (it validated the options): a check here
    // instead would put the skill engine into every application's bundle.
    skillActivation: z.optional(
      z.custom<SkillEngine>((value) => value instanceof SkillEngine, { error: 'must be the engine skillActivation({...}) from "toolsift/skills" returns' }),
    ),
    journal: z.optional(
      z.custom<Journal>(
        (value) =>
          isRecord(value) &&
          typeof (value as Journal).records === "function" &&
          typeof (value as Journal).append === "function",
        { error: "must be a journal ({ records(), append(record) })" },
      ),
    ),
    divergence: z._default(z.enum(["fail", "warn"], 'must be "fail" or "warn"'), SESSION_DEFAULTS.divergence),
    recordUsage: z._default(z.boolean("must be a boolean"), SESSION_DEFAULTS.recordUsage),
    onWarning: z.optional(z.custom<WarningHook>((value) => typeof value === "function", { error: "must be a function" })),
    maxToolCallsPerMessage: z._default(callCapSchema, GROUP_DEFAULTS.maxToolCallsPerMessage),
  },
  "must be an object",
);

/** What `createToolSearchSession` accepts. */
export interface ToolSearchSessionConfig {
  /** Prefix of every decision id (`<runId>#turn:<i>:tool:<j>:search`). Default `"run"`. */
  readonly runId?: string;
  /** The agent's own tools: on the menu from the start, never searched (DESIGN.md "Session"). */
  readonly tools?: readonly ToolDefinition[];
  /** Tool search. Absent: nothing changes, the menu is the agent's tools (DESIGN.md "Session"). */
  readonly toolSearch?: ToolSearchConfig;
  /**
   * Skills the model activates mid-run (DESIGN.md "Skills"): `skillActivation({...})` from
   * "toolsift/skills". Absent: nothing changes.
   */
  readonly skillActivation?: SkillEngine;
  /** Where decisions are recorded and, when it holds records, replayed from. Default: a new in-memory journal. */
  readonly journal?: Journal;
  /** What a replay that goes another way than its journal does. Default `"fail"`. */
  readonly divergence?: DivergenceMode;
  /**
   * Also journal a `used` record when the model calls a tool a search of this run found (the
   * search's decision id, the tool, the turn): what `learnHints` from "toolsift/learn"
   * learns from. Not a decision; a replay ignores it. Default `false`.
   */
  readonly recordUsage?: boolean;
  /** Where warnings go. Default: `process.emitWarning` where it exists. */
  readonly onWarning?: WarningHook;
  /**
   * Tool calls one model message may make (docs/groups.md "Call cap"), 0–10,000; default 64,
   * 0 = no cap. A call past it is answered with a `tool_call_limit` error and not run.
   */
  readonly maxToolCallsPerMessage?: number;
}

/** The `toolSearch` part of the config (DESIGN.md "Session"). See `TOOL_SEARCH_DEFAULTS` for units and ranges. */
export interface ToolSearchConfig {
  /**
   * The only tools a search may return and load: an array of tools (toolsift's, MCP's,
   * Anthropic's or OpenAI's shape), an MCP `tools/list` result or its JSON-RPC response
   * (both third-party throughout).
   */
  readonly catalogue: Catalogue;
  /** Host-written tags and aliases by tool id (trusted, any tool). */
  readonly annotations?: ToolAnnotations;
  /** Id prefixes: only catalogue tools whose id starts with one are searchable. */
  readonly namespaces?: readonly string[];
  /** Catalogue ids put on the menu from the start. */
  readonly alwaysLoaded?: readonly string[];
  /** The ranker, or a factory called once per session with its searchable docs. Default: the built-in BM25F. */
  readonly ranker?: RankerInput;
  readonly toolName?: string;
  readonly maxPerSearch?: number;
  readonly maxLoaded?: number;
  readonly maxSearches?: number;
  readonly maxMenuChars?: number;
  /** Remote tools whose text the operator vouches for (`true`: all; a list: id prefixes). */
  readonly trustJsonSchemaText?: TrustJsonSchemaText;
  /**
   * Tool groups (docs/groups.md): catalogue tools held back or advertised on the menu as a
   * whole, named in `catalogueBlock()`, loaded with `search_tools({ group })`. Absent (and
   * `serverGroups` absent): nothing changes.
   */
  readonly groups?: readonly ToolGroupConfig[];
  /**
   * `true`: the catalogue is a set of servers, and each entry's `server` field makes it a
   * member of that server's dynamic group (load `"auto"`). A host's own group claims a tool first.
   */
  readonly serverGroups?: boolean;
  /** Budgets of the deferral decision (docs/groups.md "The decision"). Only read with groups. */
  readonly deferral?: DeferralConfig;
  /**
   * `false`: a search without a confident match loads none of its tools; it returns them
   * `loaded: false` and names the words of the request no tool matches (docs/scoring.md
   * "Holding unconfident matches"). Default `true`: they load, as confident ones do.
   */
  readonly loadUnconfident?: boolean;
}

type ParsedSession = z.output<typeof sessionSchema>;
export type ParsedToolSearch = NonNullable<ParsedSession["toolSearch"]>;

export type ResolvedToolSearch = Omit<ParsedToolSearch, "annotations" | "catalogue"> & {
  readonly catalogue: Catalogue;
  readonly annotations?: ToolAnnotations;
};

/** The validated config. The catalogue, annotations and tool definitions are the host's own objects (`tools` is a copy of the list). */
export interface ResolvedSessionConfig {
  readonly runId: string;
  readonly tools: readonly ToolDefinition[];
  readonly toolSearch: ResolvedToolSearch | undefined;
  readonly skillActivation: SkillEngine | undefined;
  readonly journal: Journal | undefined;
  readonly divergence: DivergenceMode;
  readonly recordUsage: boolean;
  readonly onWarning: WarningHook | undefined;
  readonly maxToolCallsPerMessage: number;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function shown(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "function" ? "a function" : typeof value;
}

/** A config error naming the field, the rule and (for a scalar) the value it got. */
export function configError(path: readonly (string | number)[], rule: string, cause?: unknown): ToolsiftError {
  return new ToolsiftError("invalid_config", `${pathText(path)}: ${rule}`, { path, cause });
}

// The issue's path is below `prefix` in the config, and `input` is the value at `prefix`.
export function toConfigError(input: unknown, issue: Issue, cause: unknown, prefix: readonly (string | number)[] = []): ToolsiftError {
  const below = issuePath(issue);
  const path = [...prefix, ...below];
  if (issue.code === "unrecognized_keys" || isComplete(issue)) return configError(path, issue.message, cause);
  const value = valueAt(input, below);
  const got = value === undefined ? "it is missing" : `got ${shown(value)}`;
  return configError(path, `${issue.message} (${got})`, cause);
}

/**
 * Validates a session config once, at the edge (a zod schema). The first
 * problem is thrown as an `invalid_config` error naming the field and the allowed range;
 * a ranker that is a class or lacks a string `kind` is an `invalid_ranker` error.
 */
export function parseSessionConfig(input: unknown): ResolvedSessionConfig {
  try {
    return parseOnce(input);
  } catch (cause) {
    if (cause instanceof ToolsiftError) throw cause;
    // A getter or proxy trap of the host's config threw while it was read.
    throw configError([], "could not be read (a getter or proxy trap threw)", cause);
  }
}

function parseOnce(input: unknown): ResolvedSessionConfig {
  const result = sessionSchema.safeParse(input, { error: issueMessage });
  if (!result.success) throw toConfigError(input, firstIssue(result.error), result.error);
  const parsed = result.data;
  if (parsed.toolSearch?.ranker !== undefined) checkRankerInput(parsed.toolSearch.ranker, ["toolSearch", "ranker"]);
  // The checked values themselves, never a second read of the host's object: a getter could
  // answer the second read with something the schema never saw. `z.custom` passes the host's
  // catalogue and annotations through as they are; `tools` is a copy of the list, of the
  // host's own definitions.
  const toolSearch =
    parsed.toolSearch === undefined
      ? undefined
      : { ...parsed.toolSearch, catalogue: parsed.toolSearch.catalogue, annotations: parsed.toolSearch.annotations };
  return {
    runId: parsed.runId,
    tools: parsed.tools,
    toolSearch,
    skillActivation: parsed.skillActivation,
    journal: parsed.journal,
    divergence: parsed.divergence,
    recordUsage: parsed.recordUsage,
    onWarning: parsed.onWarning,
    maxToolCallsPerMessage: parsed.maxToolCallsPerMessage,
  };
}

// What the schema accepts is a documented config: a key or type the schema takes and
// `ToolSearchSessionConfig` does not name fails the type check here.
type _SessionConfigInput = Covers<ToolSearchSessionConfig, z.input<typeof sessionSchema>, true>;
