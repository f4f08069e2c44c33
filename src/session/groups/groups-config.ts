import * as z from "zod/mini";
import { booleanField, firstIssue, integerIn, issueMessage, issuePath, listOf, pathText, refuse, strictObject, stringMatching } from "../../core/config-schema.js";
import { ToolsiftError } from "../../errors.js";

/** How a group comes onto the menu (docs/groups.md "Load modes"). */
export type GroupLoad = "eager" | "auto" | "lazy";

/**
 * One tool group of `toolSearch.groups` (docs/groups.md). Membership is by an id `prefix` or an
 * explicit `tools` list (exactly one of them); it never reaches the model's tool specs.
 */
export interface ToolGroupConfig {
  /** 1–64 of `[A-Za-z0-9_.-]`: what the catalogue block names and `search_tools({ group })` takes. */
  readonly name: string;
  /** Catalogue ids starting with it belong to the group. */
  readonly prefix?: string;
  /** Catalogue ids of the group (names not in the catalogue are ignored: a server may be off). */
  readonly tools?: readonly string[];
  /** Default `"auto"`. */
  readonly load?: GroupLoad;
  /** Membership the host does not write (a connected server): held back first, named under its own heading. */
  readonly dynamic?: boolean;
  /** Rules given to the model once per run, where the group first comes before it. At most 4,000 code units. */
  readonly instructions?: string;
}

/**
 * `toolSearch.deferral` (docs/groups.md "The decision"). `maxTools`: tools on the menu at
 * most, 1–10,000 (a provider's limit: VS Code 128). `maxChars`: UTF-16 code units of the
 * JSON of the turn-0 menu's specs at most, 1–10,000,000 (a window budget). `mode`: `"auto"`
 * (default) decides; `"off"` advertises every group.
 */
export interface DeferralConfig {
  readonly maxTools?: number;
  readonly maxChars?: number;
  readonly mode?: "auto" | "off";
}

/**
 * Defaults and bounds of groups and deferral (docs/groups.md):
 * - `load`: a group's load mode when it names none (`"auto"`).
 * - `mode`: deferral mode (`"auto"`).
 * - `maxToolCallsPerMessage`: tool calls one model message may make, 0–10,000 (default 64;
 *   0 = no cap). Calls past it are answered `tool_call_limit` and not run.
 * - `namesUpTo`: a held-back group of at most this many tools is named tool by tool in the
 *   catalogue block (default 8); a larger one by its prefix and a count.
 * - `maxGroups`: groups a config may declare (1,000); `maxInstructions`: code units of one
 *   group's instructions (4,000).
 */
export const GROUP_DEFAULTS = Object.freeze({
  load: "auto" as GroupLoad,
  mode: "auto" as const,
  maxToolCallsPerMessage: 64,
  namesUpTo: 8,
  maxGroups: 1000,
  maxInstructions: 4000,
  maxToolCallsCeiling: 10_000,
  maxTools: 10_000,
  maxChars: 10_000_000,
});

/** A resolved group declaration (the host's, or one per server). */
export interface GroupDeclaration {
  readonly name: string;
  readonly prefix: string | undefined;
  readonly tools: readonly string[] | undefined;
  readonly load: GroupLoad;
  readonly dynamic: boolean;
  readonly instructions: string | undefined;
}

export interface ResolvedDeferral {
  readonly maxTools: number | undefined;
  readonly maxChars: number | undefined;
  readonly mode: "auto" | "off";
}

const GROUP_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

const groupSchema = z.pipe(
  strictObject(
    {
      name: stringMatching(GROUP_NAME, "must be a string of 1 to 64 characters of A-Z, a-z, 0-9, _, . and -"),
      prefix: z.optional(z.string("must be a string of 1 to 256 characters").check(z.minLength(1, "must be a string of 1 to 256 characters"), z.maxLength(256, "must be a string of 1 to 256 characters"))),
      tools: z.optional(listOf(z.string("must be a non-empty string").check(z.minLength(1, "must be a non-empty string")), "must be an array of at most 100,000 tool ids", 100_000, "must be an array of at most 100,000 tool ids")),
      load: z._default(z.enum(["eager", "auto", "lazy"], 'must be "eager", "auto" or "lazy"'), GROUP_DEFAULTS.load),
      dynamic: z._default(booleanField(), false),
      instructions: z.optional(
        z
          .string(`must be a non-blank string of at most ${GROUP_DEFAULTS.maxInstructions} characters`)
          .check(
            z.maxLength(GROUP_DEFAULTS.maxInstructions, `must be a non-blank string of at most ${GROUP_DEFAULTS.maxInstructions} characters`),
            z.refine((text) => text.trim().length > 0, `must be a non-blank string of at most ${GROUP_DEFAULTS.maxInstructions} characters`),
          ),
      ),
    },
    "must be { name, prefix? | tools?, load?, dynamic?, instructions? }",
  ).check((payload) => {
    if ((payload.value.prefix === undefined) === (payload.value.tools === undefined)) refuse(payload, "takes exactly one of prefix and tools");
  }),
  z.transform(
    (group): GroupDeclaration =>
      Object.freeze({
        name: group.name,
        prefix: group.prefix,
        tools: group.tools === undefined ? undefined : Object.freeze(group.tools),
        load: group.load,
        dynamic: group.dynamic,
        instructions: group.instructions,
      }),
  ),
);

/** `toolSearch.groups`: at most `maxGroups` groups, each name once. */
export const groupsSchema = z.pipe(
  listOf(groupSchema, "must be an array of groups", GROUP_DEFAULTS.maxGroups, `must declare at most ${GROUP_DEFAULTS.maxGroups} groups`).check((payload) => {
    const names = new Map<string, number>();
    payload.value.forEach((group, position) => {
      const earlier = names.get(group.name);
      if (earlier !== undefined) refuse(payload, `repeats the group name ${JSON.stringify(group.name)} of groups[${earlier}]`, [position, "name"]);
      names.set(group.name, position);
    });
  }),
  z.transform((groups): readonly GroupDeclaration[] => Object.freeze(groups)),
);

const NO_DEFERRAL: ResolvedDeferral = Object.freeze({ maxTools: undefined, maxChars: undefined, mode: GROUP_DEFAULTS.mode });

/** `toolSearch.deferral`. */
export const deferralSchema = z.pipe(
  strictObject(
    {
      maxTools: z.optional(integerIn(1, GROUP_DEFAULTS.maxTools)),
      maxChars: z.optional(integerIn(1, GROUP_DEFAULTS.maxChars)),
      mode: z._default(z.enum(["auto", "off"], 'must be "auto" or "off"'), GROUP_DEFAULTS.mode),
    },
    "must be { maxTools?, maxChars?, mode? }",
  ),
  z.transform((deferral): ResolvedDeferral => Object.freeze({ maxTools: deferral.maxTools, maxChars: deferral.maxChars, mode: deferral.mode })),
);

/** `toolSearch.deferral` read on its own (undefined: the defaults); a problem is an `invalid_config` error. */
export function readDeferral(value: unknown): ResolvedDeferral {
  if (value === undefined) return NO_DEFERRAL;
  const result = deferralSchema.safeParse(value, { error: issueMessage });
  if (result.success) return result.data;
  const path = ["toolSearch", "deferral", ...issuePath(firstIssue(result.error))];
  throw new ToolsiftError("invalid_config", `${pathText(path)}: ${firstIssue(result.error).message}`, { path, cause: result.error });
}

export const serverGroupsSchema = booleanField();

export const callCapSchema = integerIn(0, GROUP_DEFAULTS.maxToolCallsCeiling, `must be an integer from 0 to ${GROUP_DEFAULTS.maxToolCallsCeiling} (0: no cap)`);
