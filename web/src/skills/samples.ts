// The sample skills: every test/fixtures/skills/*/SKILL.md, bundled as text at build time and
// read with the library's own SKILL.md parser, so the page shows what a host would load.
import { isToolsiftError } from "../../../src/entry/browser.js";
import { parseSkill, type ParsedSkill } from "../../../src/skills/parse.js";

const TEXTS = import.meta.glob<string>("../../../test/fixtures/skills/*/SKILL.md", { query: "?raw", import: "default", eager: true });

/** A sample file the parser refused: shown with its code instead of hidden. */
export interface RefusedSample {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

export interface Samples {
  readonly skills: readonly ParsedSkill[];
  readonly refused: readonly RefusedSample[];
}

// The glob's keys are relative to this file; the parser wants the path a host would give.
function repositoryPath(key: string): string {
  return key.replace(/^(\.\.\/)+/u, "");
}

export function readSamples(texts: Readonly<Record<string, string>> = TEXTS): Samples {
  const skills: ParsedSkill[] = [];
  const refused: RefusedSample[] = [];
  for (const key of Object.keys(texts).sort()) {
    const path = repositoryPath(key);
    try {
      skills.push(parseSkill(texts[key]!, { path }));
    } catch (error) {
      if (!isToolsiftError(error)) throw error;
      refused.push({ path, code: error.code, message: error.message });
    }
  }
  return { skills, refused };
}

/** The same skill with its instructions replaced (the edited-replay demonstration). */
export function withInstructions(skills: readonly ParsedSkill[], id: string, instructions: string): ParsedSkill[] {
  return skills.map((skill) => (skill.id === id ? { ...skill, instructions } : skill));
}
