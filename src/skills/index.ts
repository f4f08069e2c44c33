// The "toolsift/skills" entry: the skill engine a session takes (`skillActivation`) and the
// Agent Skills format (SKILL.md) read for real. A separate entry so an application without
// skills ships neither the engine nor the YAML parser (test/size.test.ts).
export { SKILL_FORMAT_LIMITS, parseSkill, type ParseSkillOptions, type ParsedSkill } from "./parse.js";
export { DEFAULT_SKILL_FOLDERS, loadSkills, type LoadSkillsOptions, type LoadedSkills } from "./load.js";
export { skillActivation } from "./activation.js";
export { SKILL_ACTIVATION_CEILINGS, SKILL_ACTIVATION_DEFAULTS, type SkillActivationConfig, type SkillDiscovery } from "./config.js";
export type { SkillEngine } from "../session/skill-engine.js";
