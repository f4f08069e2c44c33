import type { WarningHook } from "../shared/warnings.js";
import type { ToolSpec } from "../trust/spec.js";
import type { SessionCatalogue } from "../session/catalogue.js";
import { configError, toConfigError, type ResolvedSessionConfig } from "../session/config.js";
import { SkillEngine } from "../session/skill-engine.js";
import { SKILL_KEY_PREFIX, SessionSkills, activateSkillSpec } from "../session/skills.js";
import { skillActivationSchema, type ResolvedSkillActivation, type SkillActivationConfig } from "../session/skills-config.js";
import { SkillDiscovery } from "../session/skills-search.js";

const PATH = ["skillActivation"];

// The engine behind `skillActivation`: the validated options and the factories the session calls.
class SkillActivationEngine extends SkillEngine {
  readonly #config: ResolvedSkillActivation;

  constructor(config: ResolvedSkillActivation) {
    super();
    this.#config = config;
  }

  // The meta-tool's name checked against the search tool and every skill's tools.
  skills(config: ResolvedSessionConfig): SessionSkills | undefined {
    const skills = new SessionSkills(this.#config, config.toolSearch !== undefined);
    if (skills.empty) return undefined;
    const name = skills.config.toolName;
    if (name === config.toolSearch?.toolName) throw configError(["skillActivation", "toolName"], "collides with toolSearch.toolName; choose another name");
    if (skills.toolNames().includes(name)) throw configError(["skillActivation", "toolName"], "collides with a skill's tool; choose another name");
    if (config.toolSearch !== undefined && skills.toolNames().includes(config.toolSearch.toolName)) {
      throw configError(["toolSearch", "toolName"], "collides with a skill's tool; choose another name");
    }
    return skills;
  }

  checkCatalogue(skills: SessionSkills, catalogue: SessionCatalogue): void {
    const clash = catalogue.get(skills.config.toolName);
    if (clash !== undefined) throw configError(["skillActivation", "toolName"], `collides with the catalogue tool at position ${clash.position}; choose another name`);
    if (skills.discovery && [...catalogue.universe()].some((id) => id.startsWith(SKILL_KEY_PREFIX))) {
      throw configError(["toolSearch", "catalogue"], "holds a tool id starting with the internal skill key prefix (NUL); rename it");
    }
  }

  activateSpec(name: string, discovery: boolean): ToolSpec {
    return activateSkillSpec(name, discovery);
  }

  discovery(skills: SessionSkills, customToolRanker: boolean, warn: WarningHook): SkillDiscovery {
    return new SkillDiscovery(skills, customToolRanker, warn);
  }
}

/**
 * Skills for a session (DESIGN.md "Skills"): validates the options once and returns the engine
 * that `createToolSearchSession`'s `skillActivation` takes. A separate entry, so applications
 * without skills do not ship the engine. A bad option is an `invalid_config` error naming it
 * under `skillActivation`. The engine holds no run state: sessions may share it.
 *
 * @example
 * import { createToolSearchSession } from "toolsift";
 * import { parseSkill, skillActivation } from "toolsift/skills";
 *
 * const session = createToolSearchSession({
 *   skillActivation: skillActivation({ catalogue: [parseSkill(text, { path: "triage/SKILL.md" })] }),
 * });
 */
export function skillActivation(options: SkillActivationConfig): SkillEngine {
  let result;
  try {
    result = skillActivationSchema.safeParse(options);
  } catch (cause) {
    // A getter or proxy trap of the host's options threw while they were read.
    throw configError(PATH, "could not be read (a getter or proxy trap threw)", cause);
  }
  if (!result.success) throw toConfigError(options, result.error.issues[0]!, result.error, PATH);
  return new SkillActivationEngine(result.data);
}
