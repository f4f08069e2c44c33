import { isToolsiftError, ToolsiftError } from "../errors.js";
import { SKILL_FORMAT_LIMITS, parseSkill, type ParsedSkill } from "./parse.js";

/** Where `loadSkills` looks by default: the Agent Skills folder of the working directory. */
export const DEFAULT_SKILL_FOLDERS: readonly string[] = Object.freeze([".agents/skills"]);

export interface LoadedSkills {
  /** The skills that read, in id order. */
  readonly skills: readonly ParsedSkill[];
  /** One `invalid_skill` (or `file_unreadable`) error per bad file, naming it; the good ones still load. */
  readonly errors: readonly ToolsiftError[];
}

export interface LoadSkillsOptions {
  /** `"remote"` for packs from a third party. */
  readonly origin?: string;
}

// The most bytes of one SKILL.md: the parser's ceilings on the frontmatter and the body, and
// the two `---` lines around the frontmatter.
const MAX_SKILL_FILE_BYTES = SKILL_FORMAT_LIMITS.bodyBytes + SKILL_FORMAT_LIMITS.frontmatterBytes + 16;

/**
 * Loads every `SKILL.md` of the given folders (Node and Deno): `<folder>/SKILL.md` and
 * `<folder>/*\/SKILL.md`. Only regular files inside the folder are read (a `SKILL.md` that is a
 * FIFO, a device, or a link resolving outside the folder is an error), each up to the size a
 * skill may have. A malformed or unreadable file is reported in `errors` and never hides the
 * others; a repeated name keeps the first, in path order.
 *
 * @example
 * const { skills, errors } = await loadSkills([".agents/skills"]);
 */
export async function loadSkills(folders: string | readonly string[] = DEFAULT_SKILL_FOLDERS, options: LoadSkillsOptions = {}): Promise<LoadedSkills> {
  // One folder may be given as it is; anything but a string or a list of strings is a host bug.
  if (typeof folders === "string") folders = [folders];
  if (!Array.isArray(folders) || folders.some((folder) => typeof folder !== "string")) {
    throw new ToolsiftError("invalid_option", "loadSkills takes a folder or a list of folders (strings).", { path: ["folders"] });
  }
  const { lstat, readdir, realpath } = await import("node:fs/promises");
  const { isAbsolute, join, relative, sep } = await import("node:path");
  const { readTextFile } = await import("../io/read-file.js");
  const files: { file: string; root: string }[] = [];
  const errors: ToolsiftError[] = [];
  for (const folder of folders) {
    let entries: { name: string; isDirectory(): boolean }[];
    let root: string;
    try {
      entries = await readdir(folder, { withFileTypes: true });
      root = await realpath(folder);
    } catch (cause) {
      errors.push(new ToolsiftError("file_unreadable", `${folder}: the skill folder could not be read`, { path: [folder], cause }));
      continue;
    }
    if (entries.some((entry) => entry.name === "SKILL.md" && !entry.isDirectory())) files.push({ file: join(folder, "SKILL.md"), root });
    for (const entry of entries.filter((item) => item.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = join(folder, entry.name, "SKILL.md");
      try {
        // lstat: a SKILL.md that is a link is a skill file too, and is checked below.
        await lstat(file);
        files.push({ file, root });
      } catch {
        // a folder without a SKILL.md is not a skill
      }
    }
  }
  const byId = new Map<string, ParsedSkill>();
  for (const { file, root } of files) {
    try {
      // The file read is the one checked: its real path, which must stay inside the pack.
      const real = await realpath(file);
      const inside = relative(root, real);
      if (inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
        throw new ToolsiftError("file_unreadable", `${file}: resolves to ${real}, outside the skill folder ${root}; only files inside it are read`, { path: [file] });
      }
      const text = readTextFile(real, {
        what: "skill file",
        maxBytes: MAX_SKILL_FILE_BYTES,
        tooLarge: () => new ToolsiftError("invalid_skill", `${file}: file is larger than a skill may be (more than ${MAX_SKILL_FILE_BYTES} bytes)`, { path: [file, "file"] }),
      });
      const skill = parseSkill(text, { path: file, origin: options.origin });
      if (byId.has(skill.id)) throw new ToolsiftError("invalid_skill", `${file}: name repeats ${JSON.stringify(skill.id)} of ${byId.get(skill.id)!.path}`, { path: [file, "name"] });
      byId.set(skill.id, skill);
    } catch (cause) {
      errors.push(isToolsiftError(cause) ? cause : new ToolsiftError("file_unreadable", `${file}: could not be read`, { path: [file], cause }));
    }
  }
  const skills = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { skills, errors };
}
