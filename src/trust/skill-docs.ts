import { ToolsiftError } from "../errors.js";
import type { ToolSearchDoc } from "../types.js";
import { normalizeLabels } from "./labels.js";
import { toolTrust } from "./policy.js";
import type { TaintedText, ToolDefinition, TrustJsonSchemaText } from "./tool-definition.js";

/**
 * A skill as the host registers it (DESIGN.md "Skills"): an instruction pack the model loads
 * with `activate_skill`, with the tools it brings. `instructions` (required by a session) is
 * text or a synchronous function read at each activation, so an edited registry is seen.
 * `tools` are tool definitions, or ids of catalogue or agent tools. A skill is host text
 * unless `origin` is `"remote"` (any value but `"local"`): then its text is withheld and its
 * instructions refused until the operator vouches for it; a tainted text is never used.
 */
export interface SkillDefinition {
  readonly id: string;
  readonly description?: string | TaintedText;
  readonly instructions?: string | TaintedText | (() => string | TaintedText);
  readonly tools?: readonly (string | ToolDefinition)[];
  readonly tags?: readonly string[];
  readonly aliases?: readonly string[];
  readonly origin?: string;
  readonly [extra: string]: unknown;
}

/** Options of `skillSearchDocs`. */
export interface SkillSearchDocsOptions {
  /** Remote skills whose text the operator vouches for (`true`: all; a list: id prefixes; a predicate), as `skillActivation`'s option. */
  readonly trustRemoteSkills?: TrustJsonSchemaText;
}

/**
 * Index documents for skills (raw skill ids), under the same label bounds as tools and the
 * same trust policy as a session's skills: a remote skill's own text (description, tags,
 * aliases) is withheld unless `trustRemoteSkills` vouches for it, and a tainted description
 * is never indexed, nor its skill's labels. Returns frozen copies: a ranker factory that
 * mutates its docs cannot reach the registry.
 *
 * @example
 * const docs = skillSearchDocs([{ id: "release-notes", description: "Write release notes.", tags: ["docs"] }]);
 */
export function skillSearchDocs(skills: readonly SkillDefinition[], options: SkillSearchDocsOptions = {}): readonly ToolSearchDoc[] {
  if (!Array.isArray(skills)) {
    throw new ToolsiftError("invalid_catalogue", "Skills are an array of skill definitions.");
  }
  const seen = new Set<string>();
  const docs: ToolSearchDoc[] = [];
  for (let i = 0; i < skills.length; i++) {
    const skill: unknown = skills[i];
    const id = typeof skill === "object" && skill !== null ? (skill as { id?: unknown }).id : undefined;
    if (typeof id !== "string" || id.length === 0) {
      throw new ToolsiftError("invalid_catalogue", `Skill ${i} has no string id.`, { path: [i] });
    }
    if (seen.has(id)) {
      throw new ToolsiftError("duplicate_id", `Skill ${i} repeats the id ${JSON.stringify(id.slice(0, 80))}.`, {
        path: [i],
      });
    }
    seen.add(id);
    const { description, tags, aliases, origin } = skill as SkillDefinition;
    const trust = toolTrust({ id, description, origin } as ToolDefinition, id, { trustJsonSchemaText: options.trustRemoteSkills });
    const own = trust.ownTextTrusted;
    const doc: { id: string; description?: string; tags: readonly string[]; aliases: readonly string[] } = {
      id,
      tags: Object.freeze(own ? normalizeLabels(tags) : []),
      aliases: Object.freeze(own ? normalizeLabels(aliases) : []),
    };
    if (trust.description !== undefined && trust.description.length > 0) doc.description = trust.description;
    docs.push(Object.freeze(doc));
  }
  return Object.freeze(docs);
}
