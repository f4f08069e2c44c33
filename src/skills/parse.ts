import { parse as parseYaml } from "yaml";
import { ToolsiftError } from "../errors.js";
import type { SkillDefinition } from "../trust/skill-docs.js";

/**
 * Bounds of the Agent Skills format as toolsift reads it (DESIGN.md "Skills"): a `name` of
 * 1–64 of `[a-z0-9-]` (no leading, trailing or doubled hyphen) equal to its folder's name,
 * a `description` of 1–1,024 characters, a `compatibility` of at most 500, and bounds on
 * the parts of the file, in UTF-8 bytes, so a hostile pack costs a bounded read.
 */
export const SKILL_FORMAT_LIMITS = Object.freeze({
  nameLength: 64,
  descriptionLength: 1024,
  compatibilityLength: 500,
  /** The YAML frontmatter. */
  frontmatterBytes: 64 * 1024,
  /** The Markdown body: the skill's instructions (the session's `maxInstructionBytes` ceiling). */
  bodyBytes: 1024 * 1024,
});

/** A skill read from a `SKILL.md`: a session `SkillDefinition` plus the format's own fields. */
export interface ParsedSkill extends SkillDefinition {
  readonly id: string;
  readonly description: string;
  readonly instructions: string;
  /** `allowed-tools`, split on whitespace: tool ids the session resolves against its catalogue. */
  readonly tools: readonly string[];
  readonly license?: string;
  readonly compatibility?: string;
  readonly metadata?: Readonly<Record<string, string>>;
  /** The file it was read from. */
  readonly path: string;
}

export interface ParseSkillOptions {
  /** The file's path: named in errors, and its folder must be the skill's name. */
  readonly path: string;
  /** `"remote"` for a pack from a third party: its text is withheld until vouched for. */
  readonly origin?: string;
}

const NAME = /^[a-z0-9](?:[a-z0-9]|-(?!-)){0,63}$/;

function skillError(path: string, field: string, rule: string, cause?: unknown): ToolsiftError {
  return new ToolsiftError("invalid_skill", `${path}: ${field} ${rule}`, { path: [path, field], cause });
}

function folderOf(path: string): string | undefined {
  const parts = path.split(/[\\/]/u).filter((part) => part.length > 0);
  return parts.length >= 2 && parts[parts.length - 1] === "SKILL.md" ? parts[parts.length - 2] : undefined;
}

function optionalText(path: string, data: Record<string, unknown>, field: string, max: number): string | undefined {
  const value = data[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw skillError(path, field, "must be a string");
  if (value.length > max) throw skillError(path, field, `must be at most ${max} characters (got ${value.length})`);
  return value;
}

/**
 * Reads one `SKILL.md` (the Agent Skills format): YAML frontmatter between `---` lines, then
 * a Markdown body, the skill's instructions. A BOM is dropped and CRLF read as LF. A
 * malformed file throws an `invalid_skill` error whose `path` is `[file, field]`.
 *
 * @example
 * const skill = parseSkill(text, { path: ".agents/skills/release-notes/SKILL.md" });
 * createToolSearchSession({ toolSearch, skillActivation: { catalogue: [skill] } });
 */
export function parseSkill(text: string, options: ParseSkillOptions): ParsedSkill {
  const path = options.path;
  if (typeof text !== "string") throw skillError(path, "file", "must be text");
  const normalized = text.replace(/^\uFEFF/u, "").replace(/\r\n?/gu, "\n");
  const open = normalized.startsWith("---\n");
  const close = open ? normalized.indexOf("\n---", 3) : -1;
  const end = close < 0 ? -1 : normalized.indexOf("\n", close + 4);
  const closingLine = close < 0 ? "" : normalized.slice(close + 1, end < 0 ? undefined : end);
  if (!open || close < 0 || closingLine.trimEnd() !== "---") {
    throw skillError(path, "frontmatter", "is missing: a SKILL.md starts with YAML between two --- lines");
  }
  const yamlText = normalized.slice(4, close + 1);
  if (new TextEncoder().encode(yamlText).length > SKILL_FORMAT_LIMITS.frontmatterBytes) {
    throw skillError(path, "frontmatter", `must be at most ${SKILL_FORMAT_LIMITS.frontmatterBytes} bytes`);
  }
  const body = end < 0 ? "" : normalized.slice(end + 1).replace(/^\n+/u, "");
  if (body.length * 3 > SKILL_FORMAT_LIMITS.bodyBytes && new TextEncoder().encode(body).length > SKILL_FORMAT_LIMITS.bodyBytes) {
    throw skillError(path, "body", `must be at most ${SKILL_FORMAT_LIMITS.bodyBytes} bytes`);
  }
  let data: unknown;
  try {
    // The core schema: no custom tags, no merge keys; aliases bounded against a billion laughs.
    data = parseYaml(yamlText, { schema: "core", maxAliasCount: 100, uniqueKeys: true });
  } catch (cause) {
    throw skillError(path, "frontmatter", `is not valid YAML (${cause instanceof Error ? cause.message.split("\n")[0] : "parse error"})`, cause);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw skillError(path, "frontmatter", "must be a YAML mapping");
  const fields = data as Record<string, unknown>;

  const name = fields["name"];
  if (typeof name !== "string" || !NAME.test(name)) {
    throw skillError(path, "name", "must be 1 to 64 of a-z, 0-9 and -, not starting or ending with - and without --");
  }
  const folder = folderOf(path);
  if (folder !== undefined && folder !== name) throw skillError(path, "name", `must match its folder ${JSON.stringify(folder)}`);
  const description = fields["description"];
  if (typeof description !== "string" || description.trim().length === 0) throw skillError(path, "description", "must be a non-empty string");
  if (description.length > SKILL_FORMAT_LIMITS.descriptionLength) {
    throw skillError(path, "description", `must be at most ${SKILL_FORMAT_LIMITS.descriptionLength} characters (got ${description.length})`);
  }
  const license = optionalText(path, fields, "license", Infinity);
  const compatibility = optionalText(path, fields, "compatibility", SKILL_FORMAT_LIMITS.compatibilityLength);
  const allowed = optionalText(path, fields, "allowed-tools", Infinity);
  const metadata = fields["metadata"];
  if (metadata !== undefined && metadata !== null) {
    if (typeof metadata !== "object" || Array.isArray(metadata)) throw skillError(path, "metadata", "must be a mapping of strings");
    for (const [key, value] of Object.entries(metadata)) {
      if (typeof value !== "string") throw skillError(path, `metadata.${key}`, "must be a string");
    }
  }
  const skill: ParsedSkill = {
    id: name,
    description,
    instructions: body,
    tools: allowed === undefined ? [] : allowed.split(/\s+/u).filter((tool) => tool.length > 0),
    path,
    ...(license === undefined ? {} : { license }),
    ...(compatibility === undefined ? {} : { compatibility }),
    ...(metadata === undefined || metadata === null ? {} : { metadata: { ...(metadata as Record<string, string>) } }),
    ...(options.origin === undefined ? {} : { origin: options.origin }),
  };
  return Object.freeze(skill);
}
