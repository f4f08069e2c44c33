import { configError, toConfigError } from "../session/config.js";
import { SkillEngine } from "../session/skill-engine.js";
import { skillActivationSchema, type ResolvedSkillActivation, type SkillActivationConfig } from "./config.js";
import { SessionSkills } from "./session-skills.js";

const PATH = ["skillActivation"];

// The engine behind `skillActivation`: the validated options, and the skills of each session.
class SkillActivationEngine extends SkillEngine {
  readonly #config: ResolvedSkillActivation;

  constructor(config: ResolvedSkillActivation) {
    super();
    this.#config = config;
  }

  // The meta-tool's name checked against the search tool and every skill's tools.
  skills(searchToolName: string | undefined): SessionSkills | undefined {
    const skills = new SessionSkills(this.#config, searchToolName !== undefined);
    if (skills.empty) return undefined;
    const name = skills.config.toolName;
    if (name === searchToolName) throw configError(["skillActivation", "toolName"], "collides with toolSearch.toolName; choose another name");
    if (skills.toolNames().includes(name)) throw configError(["skillActivation", "toolName"], "collides with a skill's tool; choose another name");
    if (searchToolName !== undefined && skills.toolNames().includes(searchToolName)) {
      throw configError(["toolSearch", "toolName"], "collides with a skill's tool; choose another name");
    }
    return skills;
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
