import { bm25RankerFactory } from "../rankers/builtin.js";
import { SessionRanker } from "../rankers/session-ranker.js";
import type { WarningHook } from "../shared/warnings.js";
import type { RankerInput } from "../rankers/shape.js";
import type { ToolSearchDoc } from "../types.js";
import { rankPage, type RankedPage } from "../session/live-search.js";
import type { SessionSkillSet, SkillSearch } from "../session/skill-engine.js";

/** The index key of a skill in the shared search index: a NUL no tool id can start with. */
export const SKILL_KEY_PREFIX = "\u0000skill:";

/** What discovery reads of a session's skills (`SessionSkills`). */
export interface DiscoverableSkills extends SessionSkillSet {
  readonly config: { readonly skillRanker?: RankerInput | undefined };
  /** Index docs of the skills search may find, under `SKILL_KEY_PREFIX` keys. */
  docs(): readonly ToolSearchDoc[];
  offers(id: string): boolean;
  isActive(id: string): boolean;
}

/**
 * Skill discovery in `search_tools` (DESIGN.md "Skills"). With the built-in ranker, skills
 * share the tools' BM25F index under `SKILL_KEY_PREFIX` keys and one page holds both, best
 * first. A custom tool ranker never sees a skill: skills are ranked apart by the built-in
 * BM25F over their own docs (or by `skillRanker`, which also turns this mode on), and the two pages are interleaved by rank position, tool first.
 */
export class SkillDiscovery implements SkillSearch {
  readonly skills: DiscoverableSkills;
  /** Skills ranked apart from tools (a custom tool ranker); `undefined`: one shared index. */
  readonly #apart: SessionRanker | undefined;

  constructor(skills: DiscoverableSkills, customToolRanker: boolean, warn: WarningHook) {
    this.skills = skills;
    const skillRanker = skills.config.skillRanker;
    this.#apart = customToolRanker || skillRanker !== undefined ? new SessionRanker(skillRanker ?? bm25RankerFactory(), () => rawDocs(skills), warn) : undefined;
  }

  /** The docs of the shared index: the tools', then the skills' under their internal keys. */
  sharedDocs(toolDocs: readonly ToolSearchDoc[]): readonly ToolSearchDoc[] {
    return this.#apart === undefined ? [...toolDocs, ...this.skills.docs()] : toolDocs;
  }

  get shared(): boolean {
    return this.#apart === undefined;
  }

  /** A skill a search may return: offered and not active. */
  admits(id: string): boolean {
    return this.skills.offers(id) && !this.skills.isActive(id);
  }

  /** In the shared index: a key that is an admissible skill's. */
  admitsKey(key: string): boolean {
    return key.startsWith(SKILL_KEY_PREFIX) && this.admits(key.slice(SKILL_KEY_PREFIX.length));
  }

  /** Splits a shared page into tool ids and raw skill ids, in rank order. */
  split(ids: readonly string[]): { tools: string[]; skills: string[] } {
    const tools: string[] = [];
    const skills: string[] = [];
    for (const id of ids) (id.startsWith(SKILL_KEY_PREFIX) ? skills : tools).push(id.startsWith(SKILL_KEY_PREFIX) ? id.slice(SKILL_KEY_PREFIX.length) : id);
    return { tools, skills };
  }

  /** Ranks skills apart (two-ranker mode); `undefined` when the ranker could not be built. */
  rankApart(query: string, need: number, overAsk: number): RankedPage | undefined {
    const built = this.#apart?.resolve();
    if (built === undefined) return undefined;
    return rankPage(built, [query], need, overAsk, (id) => this.admits(id));
  }

  /** Tool first, then skill, by rank position; a list that runs out hands its share to the other. */
  interleave(tools: readonly string[], skills: readonly string[], page: number): { tools: string[]; skills: string[] } {
    const out = { tools: [] as string[], skills: [] as string[] };
    for (let i = 0; out.tools.length + out.skills.length < page && (i < tools.length || i < skills.length); i++) {
      if (i < tools.length) out.tools.push(tools[i]!);
      if (i < skills.length && out.tools.length + out.skills.length < page) out.skills.push(skills[i]!);
    }
    return out;
  }

  /** Re-admits a recorded `skills` list: strings, offered, inactive, distinct, at most `room`. */
  admitRecorded(recorded: unknown, room: number): string[] {
    if (!Array.isArray(recorded)) return [];
    const out: string[] = [];
    for (let i = 0; i < Math.min(recorded.length, 1000) && out.length < room; i++) {
      const id: unknown = recorded[i];
      if (typeof id === "string" && !out.includes(id) && this.admits(id)) out.push(id);
    }
    return out;
  }
}

function rawDocs(skills: DiscoverableSkills): readonly ToolSearchDoc[] {
  return skills.docs().map((doc) => ({ ...doc, id: doc.id.slice(SKILL_KEY_PREFIX.length) }));
}
