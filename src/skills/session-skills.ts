import { sha256 } from "@noble/hashes/sha256";
import { checkRankerInput } from "../rankers/shape.js";
import { safeWarn, type WarningHook } from "../shared/warnings.js";
import { cutCodeUnits, normalizeLabels } from "../trust/labels.js";
import { toolTrust, type ToolTrust } from "../trust/policy.js";
import { deepFreeze } from "../shared/freeze.js";
import { readField } from "../shared/read-field.js";
import { resultDescription, toolSpec, type ToolSpec } from "../trust/spec.js";
import { toolKey, type ToolDefinition } from "../trust/tool-definition.js";
import type { ToolSearchDoc } from "../types.js";
import { configError } from "../session/config.js";
import { echoName, type SearchSkillHit, type SkillActivationResult, type SkillErrorCode, type SkillErrorResult } from "../session/results.js";
import type { SessionSkillSet, SkillCatalogue, SkillHost } from "../session/skill-engine.js";
import type { SkillCallOutcome } from "../session/types.js";
import type { ResolvedSkillActivation } from "./config.js";
import { SKILL_KEY_PREFIX, SkillDiscovery } from "./discovery.js";

/** A skill id: what the model names in `activate_skill` and reads in the index, on one line. */
const SKILL_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
/** Code units of one tag in the index. */
const INDEX_TAG_LENGTH = 32;
const WITHHELD_SKILL = "Third-party skill; description withheld";

interface SkillTool {
  readonly name: string;
  readonly spec: ToolSpec;
  readonly tool: ToolDefinition;
  readonly thirdParty: boolean;
  readonly fromCatalogue: boolean;
}

interface SkillEntry {
  readonly id: string;
  readonly trust: ToolTrust;
  readonly instructions: unknown;
  readonly tags: readonly string[];
  readonly aliases: readonly string[];
  /** Resolved at first activation: a catalogue id may name a tool the menu gets later. */
  readonly tools: readonly (string | ToolDefinition)[];
}

const MESSAGES: Readonly<Record<SkillErrorCode, string>> = {
  invalid_tool_input: "activate_skill takes { name }: the id of a skill.",
  unknown_skill: "No skill named",
  skill_limit_reached: "The skill limit for this run is reached; use the skills already active.",
  instructions_too_large: "The skill's instructions are larger than this session allows; they were not delivered.",
  instructions_refused: "The skill's instructions come from an untrusted source; they were not delivered.",
  instructions_changed: "The skill's instructions changed since this run first delivered them; nothing new was delivered.",
  instructions_unavailable: "The skill's instructions could not be read right now.",
};

function skillError(code: SkillErrorCode, tools?: readonly string[], name?: string): SkillErrorResult {
  const message = name === undefined ? MESSAGES[code] : `${MESSAGES[code]} ${echoName(name)}.`;
  return deepFreeze(tools === undefined || tools.length === 0 ? { code, message } : { code, message, tools: [...tools] });
}

const HEX = "0123456789abcdef";

/** Lowercase hex SHA-256 of the UTF-8 text: synchronous and identical in every runtime. */
export function instructionsDigest(text: string): string {
  const hash = sha256(new TextEncoder().encode(text));
  let hex = "";
  for (const byte of hash) hex += HEX[byte >> 4]! + HEX[byte & 15]!;
  return hex;
}

/** UTF-8 bytes of the instructions as a JSON string in the tool result (quotes and escapes included). */
export function serializedBytes(text: string): number {
  return new TextEncoder().encode(JSON.stringify(text)).length;
}

function field(skill: object, key: string, path: readonly (string | number)[]): unknown {
  try {
    return (skill as Record<string, unknown>)[key];
  } catch (cause) {
    throw configError([...path, key], "could not be read (a getter or proxy trap threw)", cause);
  }
}

function readSkills(config: ResolvedSkillActivation, trustOptions: { trustJsonSchemaText?: unknown }): Map<string, SkillEntry> {
  const skills = new Map<string, SkillEntry>();
  config.catalogue.forEach((skill, position) => {
    const path = ["skillActivation", "catalogue", position];
    const id = field(skill, "id", path);
    if (typeof id !== "string" || !SKILL_ID.test(id)) throw configError([...path, "id"], "must be 1 to 64 characters of A-Z, a-z, 0-9, _ . : and -, starting with a letter or digit");
    if (skills.has(id)) throw configError([...path, "id"], `repeats the skill id ${JSON.stringify(id)}`);
    const instructions = field(skill, "instructions", path);
    if (instructions === undefined) throw configError([...path, "instructions"], "must be a string or a function () => string (it is missing)");
    const tools = field(skill, "tools", path) ?? [];
    if (!Array.isArray(tools) || tools.findIndex((tool) => typeof tool !== "string" && toolKey(tool) === undefined) >= 0) {
      throw configError([...path, "tools"], "must be an array of tool ids or tool definitions with an id or a name");
    }
    const description = field(skill, "description", path);
    const origin = field(skill, "origin", path);
    const trust = toolTrust({ id, description, origin } as ToolDefinition, id, trustOptions as never);
    // An un-vouched skill's own labels are its author's word about it: ignored, like a remote tool's.
    const tags = trust.ownTextTrusted ? normalizeLabels(field(skill, "tags", path)).map((tag) => cutCodeUnits(tag, INDEX_TAG_LENGTH)) : [];
    const aliases = trust.ownTextTrusted ? normalizeLabels(field(skill, "aliases", path)) : [];
    skills.set(id, { id, trust, instructions, tags, aliases, tools: [...(tools as (string | ToolDefinition)[])] });
  });
  return skills;
}

/**
 * The skills of one session (DESIGN.md "Skills"): the bounded index, the offered set and
 * `activate_skill`. Activations are decisions in the session's journal; a replay re-admits
 * each record against this registry and never activates a skill the call did not name.
 */
export class SessionSkills implements SessionSkillSet {
  readonly config: ResolvedSkillActivation;
  readonly #skills: Map<string, SkillEntry>;
  readonly #index: string;
  readonly #offered: ReadonlySet<string>;
  readonly #active = new Map<string, string | undefined>();
  readonly #warnedChanged = new Set<string>();
  readonly #warnedTools = new Set<string>();
  #docs: readonly ToolSearchDoc[] | undefined;

  constructor(config: ResolvedSkillActivation, searchOn: boolean) {
    this.config = config;
    if (config.skillRanker !== undefined) {
      if (config.discovery === "index") throw configError(["skillActivation", "skillRanker"], 'ranks skills for search_tools: it needs discovery "search" or "both"');
      checkRankerInput(config.skillRanker, ["skillActivation", "skillRanker"]);
    }
    if (config.discovery !== "index" && !searchOn) {
      throw configError(["skillActivation", "discovery"], `"${config.discovery}" finds skills with search_tools: it needs toolSearch`);
    }
    this.#skills = readSkills(config, { trustJsonSchemaText: config.trustRemoteSkills });
    const ids = [...this.#skills.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const { text, listed } = this.#buildIndex(ids);
    this.#index = text;
    this.#offered = config.discovery === "index" ? new Set(listed) : new Set(ids);
  }

  /** Nothing to activate: the meta-tool and the index are left out. */
  get empty(): boolean {
    return this.#skills.size === 0;
  }

  get toolName(): string {
    return this.config.toolName;
  }

  get discovery(): boolean {
    return this.config.discovery !== "index";
  }

  /** Skill ids the model may activate. */
  offers(id: string): boolean {
    return this.#offered.has(id);
  }

  /** A third-party skill: a search result naming it is tainted. */
  thirdParty(id: string): boolean {
    return this.#skills.get(id)?.trust.thirdParty === true;
  }

  get activeCount(): number {
    return this.#active.size;
  }

  isActive(id: string): boolean {
    return this.#active.has(id);
  }

  /** Every skill's tool definitions (for name-collision checks at setup). */
  toolNames(): string[] {
    return [...this.#skills.values()].flatMap((skill) => skill.tools.map((tool) => (typeof tool === "string" ? tool : toolKey(tool)!)));
  }

  index(): string {
    return this.#index;
  }

  #line(id: string): string {
    const skill = this.#skills.get(id)!;
    const description = skill.trust.ownTextTrusted ? resultDescription(skill.trust) : WITHHELD_SKILL;
    const tags = skill.tags.length > 0 ? ` [${skill.tags.join(", ")}]` : "";
    return `- ${id}${description.length > 0 ? `: ${description}` : ""}${tags}`;
  }

  #buildIndex(ids: readonly string[]): { text: string; listed: string[] } {
    const { discovery, maxIndex, maxIndexChars } = this.config;
    if (discovery === "search") return { text: "Skills are found with search_tools and loaded with activate_skill.", listed: [] };
    const marker = (more: number) => `- (+${more} more skills not listed${discovery === "both" ? "; find them with search_tools" : ""})`;
    const lines: string[] = [];
    let chars = 0;
    for (const id of ids) {
      if (lines.length >= maxIndex) break;
      const line = this.#line(id);
      const more = ids.length - lines.length - 1;
      // The line must fit together with the marker the rest would still need.
      const after = chars + (lines.length > 0 ? 1 : 0) + line.length + (more > 0 ? 1 + marker(more).length : 0);
      if (maxIndexChars !== undefined && after > maxIndexChars) break;
      lines.push(line);
      chars += (lines.length > 1 ? 1 : 0) + line.length;
    }
    if (lines.length === 0 && ids.length > 0 && discovery === "index") {
      throw configError(["skillActivation", "maxIndexChars"], "is too small for even one skill line of the index");
    }
    const listed = ids.slice(0, lines.length);
    if (listed.length < ids.length) lines.push(marker(ids.length - listed.length));
    return { text: lines.join("\n"), listed };
  }

  /** Index docs of the skills search may find (vouched text only), keyed apart from every tool id. */
  docs(): readonly ToolSearchDoc[] {
    this.#docs ??= Object.freeze(
      [...this.#skills.values()].map((skill) =>
        Object.freeze({
          id: SKILL_KEY_PREFIX + skill.id,
          ...(skill.trust.ownTextTrusted && skill.trust.description !== undefined ? { description: skill.trust.description } : {}),
          tags: skill.tags,
          aliases: skill.aliases,
        }),
      ),
    );
    return this.#docs;
  }

  spec(): ToolSpec {
    return activateSkillSpec(this.config.toolName, this.discovery);
  }

  checkCatalogue(catalogue: SkillCatalogue): void {
    const clash = catalogue.get(this.config.toolName);
    if (clash !== undefined) throw configError(["skillActivation", "toolName"], `collides with the catalogue tool at position ${clash.position}; choose another name`);
    if (this.discovery && [...catalogue.universe()].some((id) => id.startsWith(SKILL_KEY_PREFIX))) {
      throw configError(["toolSearch", "catalogue"], "holds a tool id starting with the internal skill key prefix (NUL); rename it");
    }
  }

  search(customToolRanker: boolean, warn: WarningHook): SkillDiscovery {
    return new SkillDiscovery(this, customToolRanker, warn);
  }

  /** The one line a search result shows for a skill. */
  hit(id: string): SearchSkillHit {
    const skill = this.#skills.get(id)!;
    return { kind: "skill", id, description: skill.trust.ownTextTrusted ? resultDescription(skill.trust) : WITHHELD_SKILL };
  }

  /** Handles one `activate_skill` call. */
  call(host: SkillHost, name: string, input: unknown, decisionId: string): SkillCallOutcome {
    const refused = (result: SkillErrorResult): SkillCallOutcome => this.#outcome(name, decisionId, result, "refused", []);
    const skillName = typeof input === "object" && input !== null ? readName(input) : undefined;
    if (typeof skillName !== "string" || skillName.length === 0) return refused(skillError("invalid_tool_input"));
    if (!this.offers(skillName)) return refused(skillError("unknown_skill", undefined, skillName));
    const skill = this.#skills.get(skillName)!;
    if (this.#active.has(skillName)) return this.#redeliver(host, name, decisionId, skill);
    if (this.#active.size >= this.config.maxActive) return refused(skillError("skill_limit_reached"));
    const lookup = host.log.lookup(decisionId);
    if (lookup.kind === "unrecorded") return refused(skillError("instructions_unavailable"));
    if (lookup.kind === "replay") return this.#replay(host, name, decisionId, skill, lookup.record.value);
    const read = this.#read(skill);
    if (read.code === "instructions_unavailable") return refused(skillError(read.code));
    try {
      host.log.record(decisionId, read.code !== undefined ? { skill: skill.id, refused: read.code } : { skill: skill.id, digest: instructionsDigest(read.text), bytes: serializedBytes(read.text) });
    } catch (error) {
      // Nothing was decided: the id stays free for the host's retry.
      host.log.release(decisionId);
      throw error;
    }
    if (read.code !== undefined) return this.#outcome(name, decisionId, skillError(read.code), "live", []);
    this.#active.set(skill.id, instructionsDigest(read.text));
    const { tools, added } = this.#join(host, skill);
    return this.#outcome(name, decisionId, deepFreeze(tools.length > 0 ? { skill: skill.id, instructions: read.text, tools } : { skill: skill.id, instructions: read.text }), "live", added);
  }

  #replay(host: SkillHost, name: string, decisionId: string, skill: SkillEntry, value: unknown): SkillCallOutcome {
    const recordedSkill = readField(value, "skill");
    if (recordedSkill !== skill.id) {
      // A tampered record can refuse, never activate another skill.
      host.log.diverged(`Replay of ${JSON.stringify(decisionId)} names another skill than its call.`, [decisionId]);
      return this.#outcome(name, decisionId, skillError("instructions_unavailable"), "replay", []);
    }
    const verdict = readField(value, "refused");
    if (verdict === "instructions_refused" || verdict === "instructions_too_large") return this.#outcome(name, decisionId, skillError(verdict), "replay", []);
    const digest = readField(value, "digest");
    const pinned = typeof digest === "string" ? digest : undefined;
    // The recorded activation stands whatever the registry holds now: its tools join the menu.
    this.#active.set(skill.id, pinned);
    const { tools, added } = this.#join(host, skill);
    const read = this.#read(skill);
    if (read.code !== undefined) return this.#outcome(name, decisionId, skillError("instructions_unavailable", tools), "replay", added);
    if (pinned !== undefined && instructionsDigest(read.text) !== pinned) return this.#outcome(name, decisionId, this.#changed(host, skill, tools), "replay", added);
    return this.#outcome(name, decisionId, deepFreeze(tools.length > 0 ? { skill: skill.id, instructions: read.text, tools } : { skill: skill.id, instructions: read.text }), "replay", added);
  }

  // An active skill asked for again: its instructions again (a summary may have folded them
  // away), nothing recorded, no tools added, not counted.
  #redeliver(host: SkillHost, name: string, decisionId: string, skill: SkillEntry): SkillCallOutcome {
    const read = this.#read(skill);
    if (read.code !== undefined) return this.#outcome(name, decisionId, skillError(read.code), "refused", []);
    const pinned = this.#active.get(skill.id);
    if (pinned !== undefined && instructionsDigest(read.text) !== pinned) return this.#outcome(name, decisionId, this.#changed(host, skill), "refused", []);
    return this.#outcome(name, decisionId, deepFreeze({ skill: skill.id, instructions: read.text, note: "This skill is already active; its tools are on the menu." }), "refused", []);
  }

  #changed(host: SkillHost, skill: SkillEntry, tools?: readonly string[]): SkillErrorResult {
    if (!this.#warnedChanged.has(skill.id)) {
      this.#warnedChanged.add(skill.id);
      safeWarn(host.warn, { code: "TOOLSIFT_SKILL_CHANGED", message: `The instructions of skill ${echoName(skill.id)} changed since the journal recorded them; they were not delivered.` });
    }
    return skillError("instructions_changed", tools);
  }

  #read(skill: SkillEntry): { code: undefined; text: string } | { code: "instructions_refused" | "instructions_too_large" | "instructions_unavailable" } {
    if (!skill.trust.ownTextTrusted) return { code: "instructions_refused" };
    let text: unknown = skill.instructions;
    if (typeof text === "function") {
      try {
        text = (text as () => unknown)();
      } catch {
        return { code: "instructions_unavailable" };
      }
    }
    if (typeof text === "object" && text !== null && (text as { tainted?: unknown }).tainted === true) return { code: "instructions_refused" };
    if (typeof text !== "string") return { code: "instructions_unavailable" };
    // UTF-8 bytes are at most 3 per code unit: most texts need no encoding to be measured.
    if (text.length * 3 > this.config.maxInstructionBytes && new TextEncoder().encode(text).length > this.config.maxInstructionBytes) {
      return { code: "instructions_too_large" };
    }
    return { code: undefined, text };
  }

  // The skill's tools onto the menu, deduplicated by name; they do not count against maxLoaded.
  #join(host: SkillHost, skill: SkillEntry): { tools: string[]; added: string[] } {
    const tools: string[] = [];
    const added: string[] = [];
    const missing: string[] = [];
    for (const declared of skill.tools) {
      const resolved = this.#resolve(host, declared);
      if (resolved === undefined) {
        missing.push(typeof declared === "string" ? echoName(declared) : echoName(toolKey(declared)!));
        continue;
      }
      if (!tools.includes(resolved.name)) tools.push(resolved.name);
      if (host.menu.has(resolved.name)) continue;
      host.menu.add({ name: resolved.name, spec: resolved.spec, tool: resolved.tool, section: "search", thirdParty: resolved.thirdParty });
      added.push(resolved.name);
      if (resolved.fromCatalogue) host.onCatalogueTool();
    }
    if (missing.length > 0 && !this.#warnedTools.has(skill.id)) {
      this.#warnedTools.add(skill.id);
      safeWarn(host.warn, { code: "TOOLSIFT_SKILL_TOOL", message: `Skill ${echoName(skill.id)} names tools this session cannot load; they were left out: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}.` });
    }
    return { tools, added };
  }

  #resolve(host: SkillHost, declared: string | ToolDefinition): SkillTool | undefined {
    if (typeof declared === "string") {
      const onMenu = host.menu.get(declared);
      if (onMenu?.tool !== undefined) return { name: declared, spec: onMenu.spec, tool: onMenu.tool, thirdParty: onMenu.thirdParty, fromCatalogue: false };
      const entry = host.catalogue?.get(declared);
      const spec = entry === undefined ? undefined : host.catalogue!.spec(declared);
      if (entry === undefined || spec === undefined) return undefined;
      return { name: declared, spec, tool: entry.tool, thirdParty: entry.trust.thirdParty, fromCatalogue: host.catalogue!.searchable(declared) };
    }
    const key = toolKey(declared)!;
    const trust = toolTrust(declared, key);
    const spec = toolSpec(declared, key, trust);
    return spec === undefined ? undefined : { name: key, spec, tool: declared, thirdParty: trust.thirdParty, fromCatalogue: false };
  }

  #outcome(name: string, decisionId: string, result: SkillActivationResult | SkillErrorResult, source: SkillCallOutcome["source"], added: readonly string[]): SkillCallOutcome {
    return { kind: "skill", name, result, tainted: false, decisionId, source, added: Object.freeze([...added]) };
  }
}

function readName(input: object): unknown {
  try {
    return (input as { name?: unknown }).name;
  } catch {
    return undefined;
  }
}


/** The model-facing spec of the activation meta-tool: a pure function of its name and the discovery mode. */
export function activateSkillSpec(name: string, discovery: boolean): ToolSpec {
  return deepFreeze({
    name,
    description:
      "Load a skill by its id: you get its instructions, and its tools join your tools. " +
      (discovery ? "Skills are listed in the skill index or found with search_tools." : "The skills are listed in the skill index."),
    inputSchema: {
      type: "object",
      properties: { name: { type: "string", description: "The skill's id." } },
      required: ["name"],
      additionalProperties: false,
    },
  });
}
