// The "toolsift/skills" entry: the Agent Skills format (SKILL.md) read for real. A separate
// entry so the main bundle does not carry the YAML parser.
export { SKILL_FORMAT_LIMITS, parseSkill, type ParseSkillOptions, type ParsedSkill } from "./parse.js";
export { DEFAULT_SKILL_FOLDERS, loadSkills, type LoadSkillsOptions, type LoadedSkills } from "./load.js";
