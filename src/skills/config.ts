import * as z from "zod/mini";
import { integerIn, listOf, type Covers, strictObject, stringMatching } from "../core/config-schema.js";
import type { SkillDefinition } from "../trust/skill-docs.js";
import type { RankerInput } from "../rankers/shape.js";
import type { TrustJsonSchemaText } from "../trust/tool-definition.js";

/**
 * Defaults of the `skillActivation` config (DESIGN.md "Skills"). Units and ranges:
 * - `maxActive`: skills the model may activate over the run, 1–50 (default 5).
 * - `maxIndex`: lines of skills `skillIndex()` lists, 1–500 (default 50).
 * - `maxIndexChars`: optional budget of the whole index text, UTF-16 code units, 64–1,000,000.
 * - `maxInstructionBytes`: UTF-8 bytes of one skill's instructions, 1–1 MiB (default 32 KiB).
 * - `toolName`: the meta-tool's name (default `activate_skill`), 1–64 of `[A-Za-z0-9_-]`.
 * - `discovery`: `"index"` (the index only), `"search"` (search_tools finds skills; the
 *   index is one fixed line) or `"both"`.
 */
export const SKILL_ACTIVATION_DEFAULTS = Object.freeze({
  maxActive: 5,
  maxIndex: 50,
  maxInstructionBytes: 32 * 1024,
  toolName: "activate_skill",
  discovery: "index" as SkillDiscovery,
});

/** Ceilings of the `skillActivation` caps: a larger value is a config error, not a clamp. */
export const SKILL_ACTIVATION_CEILINGS = Object.freeze({
  maxActive: 50,
  maxIndex: 500,
  maxIndexChars: 1_000_000,
  maxInstructionBytes: 1024 * 1024,
});

export type SkillDiscovery = "index" | "search" | "both";

/** The `skillActivation` part of the session config. See `SKILL_ACTIVATION_DEFAULTS`. */
export interface SkillActivationConfig {
  readonly catalogue: readonly SkillDefinition[];
  readonly maxActive?: number;
  readonly maxIndex?: number;
  readonly maxIndexChars?: number;
  readonly maxInstructionBytes?: number;
  readonly toolName?: string;
  readonly discovery?: SkillDiscovery;
  /**
   * Ranks skills apart from tools (discovery `"search"`/`"both"` only): a ranker or a factory
   * given the skills' docs with their raw ids. What it returns is re-admitted against the
   * offered, inactive skills; anything else (a tool id, an unknown id) is dropped.
   */
  readonly skillRanker?: RankerInput;
  /** Remote skills whose text the operator vouches for (`true`: all; a list: id prefixes; a predicate). */
  readonly trustRemoteSkills?: TrustJsonSchemaText;
}

const isObject = (value: unknown): boolean => typeof value === "object" && value !== null && !Array.isArray(value);

export const skillActivationSchema = strictObject(
  {
    catalogue: listOf(
      z.custom<SkillDefinition>(isObject, { error: "must be a skill definition object" }),
      "must be an array of skill definitions",
      100_000,
      "must list at most 100,000 skills",
    ),
    maxActive: z._default(integerIn(1, SKILL_ACTIVATION_CEILINGS.maxActive), SKILL_ACTIVATION_DEFAULTS.maxActive),
    maxIndex: z._default(integerIn(1, SKILL_ACTIVATION_CEILINGS.maxIndex), SKILL_ACTIVATION_DEFAULTS.maxIndex),
    maxIndexChars: z.optional(integerIn(64, SKILL_ACTIVATION_CEILINGS.maxIndexChars)),
    maxInstructionBytes: z._default(integerIn(1, SKILL_ACTIVATION_CEILINGS.maxInstructionBytes), SKILL_ACTIVATION_DEFAULTS.maxInstructionBytes),
    toolName: z._default(
      stringMatching(/^[A-Za-z0-9_-]{1,64}$/, "must be a string of 1 to 64 characters of A-Z, a-z, 0-9, _ and -"),
      SKILL_ACTIVATION_DEFAULTS.toolName,
    ),
    discovery: z._default(z.enum(["index", "search", "both"], 'must be "index", "search" or "both"'), SKILL_ACTIVATION_DEFAULTS.discovery),
    skillRanker: z.optional(
      z.custom<RankerInput>((value) => typeof value === "function" || isObject(value), { error: "must be a ranker ({ kind, rank }) or a factory (docs) => ranker" }),
    ),
    trustRemoteSkills: z.optional(
      z.custom<TrustJsonSchemaText>(
        (value) => typeof value === "boolean" || typeof value === "function" || (Array.isArray(value) && value.findIndex((prefix) => typeof prefix !== "string") < 0),
        { error: "must be a boolean, an array of id prefixes or a function (id) => boolean" },
      ),
    ),
  },
  "must be an object",
);

export type ResolvedSkillActivation = z.output<typeof skillActivationSchema>;

// What the schema accepts is a documented config (`SkillActivationConfig`): checked when typed.
type _SkillActivationInput = Covers<SkillActivationConfig, z.input<typeof skillActivationSchema>, true>;
