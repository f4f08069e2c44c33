import type { WarningHook } from "../shared/warnings.js";
import type { ToolSpec } from "../trust/spec.js";
import type { SessionCatalogue } from "./catalogue.js";
import type { ResolvedSessionConfig } from "./config.js";
import type { SessionSkills } from "./skills.js";
import type { SkillDiscovery } from "./skills-search.js";

/**
 * The skills plugin as the session sees it (DESIGN.md "Skills"): made only by
 * `skillActivation({...})` from "toolsift/skills", which validated the options. The session
 * recognizes it with `instanceof` and calls these factories; it imports the skill engine's
 * types only, so an application without skills does not ship the engine (test/size.test.ts).
 */
export abstract class SkillEngine {
  /** The skills of one session (`undefined`: none offered), their names checked against the search tool's. */
  abstract skills(config: ResolvedSessionConfig): SessionSkills | undefined;
  /** Throws when the catalogue holds the meta-tool's name or an id the shared index reserves. */
  abstract checkCatalogue(skills: SessionSkills, catalogue: SessionCatalogue): void;
  /** The model-facing spec of the activation meta-tool. */
  abstract activateSpec(name: string, discovery: boolean): ToolSpec;
  /** Skill discovery in `search_tools`, for a session whose skills search may find. */
  abstract discovery(skills: SessionSkills, customToolRanker: boolean, warn: WarningHook): SkillDiscovery;
}
