// Skills an upstream server offers through the MCP Skills Extension (docs/gateway.md
// "Skills"): `skills/list` pages of `{ uri, frontmatter, resources: [{ uri, digest }] }`, each
// skill's SKILL.md read with `resources/read` on its `skill://` URI. The gateway pins the text
// like a tool's and indexes it as a third-party skill of that server.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { parseSkill } from "../skills/parse.js";
import type { SkillDefinition } from "../trust/skill-docs.js";
import { toolId } from "./ids.js";
import type { PinSource } from "./quarantine.js";
import { isRecord } from "../shared/is-record.js";

/** The extension's id, under `capabilities.extensions` (or `experimental`) of a server. */
export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";

/**
 * Bounds of what the gateway reads of one server's skills: listing pages (a server that keeps
 * handing out cursors is not listed forever), skills per server, files one skill lists (the
 * extension's own ceiling, 512), and the UTF-8 bytes of one SKILL.md (the skill parser's
 * ceiling on a body is 1 MiB; the extension's 16 MiB is for all of a skill's files).
 */
export const UPSTREAM_SKILL_LIMITS = Object.freeze({
  pages: 1_000,
  skills: 10_000,
  files: 512,
  skillBytes: 1024 * 1024 + 64 * 1024,
});

/** The prefix of a skill's name in the quarantine state: no tool name holds a ":". */
export const SKILL_PIN_PREFIX = "skill:";

/** One skill of an upstream: its listing entry and the SKILL.md text read from it. */
export interface UpstreamSkill {
  readonly name: string;
  readonly uri: string;
  readonly text: string;
  readonly resources: readonly { readonly uri: string; readonly digest: string }[];
}

/** A listed skill left out, and why (unreadable, malformed): the gateway warns once. */
export interface SkippedSkill {
  readonly uri: string;
  readonly reason: string;
}

/** True when the server's capabilities announce the Skills Extension. */
export function offersSkills(client: Client): boolean {
  const capabilities = client.getServerCapabilities() as { extensions?: Record<string, unknown>; experimental?: Record<string, unknown> } | undefined;
  return capabilities?.extensions?.[SKILLS_EXTENSION] !== undefined || capabilities?.experimental?.[SKILLS_EXTENSION] !== undefined;
}

// The SKILL.md of an entry: the listed resource of that name, else the file under the skill's URI.
function skillFile(uri: string, resources: readonly { uri: string }[]): string {
  if (uri.endsWith("/SKILL.md")) return uri;
  return resources.find((resource) => resource.uri.endsWith("/SKILL.md"))?.uri ?? `${uri.replace(/\/+$/u, "")}/SKILL.md`;
}

// `skill://a/b/name/SKILL.md` → `a/b/name/SKILL.md`: the parser checks the folder is the name.
function skillPath(file: string): string {
  return file.replace(/^skill:\/\//u, "");
}

async function readSkill(client: Client, entry: Record<string, unknown>, timeout: number): Promise<UpstreamSkill | SkippedSkill> {
  const uri = typeof entry["uri"] === "string" ? entry["uri"] : "";
  if (!uri.startsWith("skill://")) return { uri, reason: "its uri is not a skill:// URI" };
  const listed: unknown[] = Array.isArray(entry["resources"]) ? entry["resources"] : [];
  if (listed.length > UPSTREAM_SKILL_LIMITS.files) return { uri, reason: `it lists ${listed.length} files, over ${UPSTREAM_SKILL_LIMITS.files}` };
  const resources = listed
    .filter(isRecord)
    .map((resource) => ({ uri: String(resource["uri"]), digest: String(resource["digest"] ?? "") }));
  const file = skillFile(uri, resources);
  let text: unknown;
  try {
    const read = await client.readResource({ uri: file }, { timeout });
    const content = read.contents.find((entry) => "text" in entry);
    text = content !== undefined && "text" in content ? content.text : undefined;
  } catch (error) {
    return { uri, reason: `reading ${file} failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof text !== "string") return { uri, reason: `${file} has no text content` };
  if (new TextEncoder().encode(text).length > UPSTREAM_SKILL_LIMITS.skillBytes) return { uri, reason: `${file} is over ${UPSTREAM_SKILL_LIMITS.skillBytes} bytes` };
  try {
    const parsed = parseSkill(text, { path: skillPath(file), origin: "remote" });
    return { name: parsed.id, uri, text, resources };
  } catch (error) {
    return { uri, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Lists a server's skills page by page and reads each one's SKILL.md. */
export async function listSkills(client: Client, timeout: number): Promise<{ skills: UpstreamSkill[]; skipped: SkippedSkill[] }> {
  const skills: UpstreamSkill[] = [];
  const skipped: SkippedSkill[] = [];
  const names = new Set<string>();
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < UPSTREAM_SKILL_LIMITS.pages && skills.length < UPSTREAM_SKILL_LIMITS.skills; page++) {
    const result = await client.request({ method: "skills/list", params: cursor === undefined ? {} : { cursor } }, ResultSchema, { timeout });
    const entries = Array.isArray(result["skills"]) ? result["skills"] : [];
    for (const entry of entries.slice(0, UPSTREAM_SKILL_LIMITS.skills - skills.length)) {
      const read = isRecord(entry) ? await readSkill(client, entry, timeout) : { uri: "", reason: "a listed skill is not an object" };
      if (!("text" in read)) skipped.push(read);
      else if (names.has(read.name)) skipped.push({ uri: read.uri, reason: `it repeats the skill name ${JSON.stringify(read.name)}` });
      else {
        names.add(read.name);
        skills.push(read);
      }
    }
    cursor = typeof result["nextCursor"] === "string" ? result["nextCursor"] : undefined;
    if (cursor === undefined || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return { skills, skipped };
}

/** What the quarantine pins of a skill: its SKILL.md text and the files it lists with their digests. */
export function skillPinSource(skill: UpstreamSkill): PinSource {
  return { name: `${SKILL_PIN_PREFIX}${skill.name}`, description: skill.text, inputSchema: skill.resources };
}

/**
 * The session's definition of an approved upstream skill: id `server__name` (names resolve per
 * server), `origin: "remote"` (withheld unless the server is trusted). `allowed-tools` is a
 * grant the operator has not made for an untrusted server: kept only for a trusted one, and
 * only for that server's own approved tools.
 */
export function skillDefinition(server: string, skill: UpstreamSkill, trusted: boolean, approvedTools: ReadonlySet<string>): SkillDefinition | undefined {
  const id = toolId(server, skill.name);
  if (id === undefined || id.length > 64) return undefined;
  const parsed = parseSkill(skill.text, { path: skillPath(skillFile(skill.uri, skill.resources)), origin: "remote" });
  const tools = trusted ? parsed.tools.map((tool) => (approvedTools.has(tool) ? tool : toolId(server, tool))).filter((tool): tool is string => tool !== undefined && approvedTools.has(tool)) : [];
  return { id, description: parsed.description, instructions: parsed.instructions, tools, origin: "remote", server };
}
