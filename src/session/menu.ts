import { ToolsiftError } from "../errors.js";
import type { ToolDefinition } from "../trust/tool-definition.js";
import type { ToolSpec } from "../trust/spec.js";

/**
 * Where a menu entry came from, in menu order (DESIGN.md "Session"): the meta-tools (`search_tools`,
 * later `activate_skill`), the agent's own tools (later also the tools of upfront-selected
 * skills), `alwaysLoaded` catalogue entries, then searched tools in search order.
 */
export type MenuSection = "meta" | "agent" | "always" | "group" | "search";

// `group`: the tools of the groups the deferral decision advertised (docs/groups.md), at turn 0.
const SECTION_ORDER: Readonly<Record<MenuSection, number>> = { meta: 0, agent: 1, always: 2, group: 3, search: 4 };

export interface MenuEntry {
  readonly name: string;
  readonly spec: ToolSpec;
  /** The host's definition (what the host executes); `undefined` for a meta-tool. */
  readonly tool: ToolDefinition | undefined;
  readonly section: MenuSection;
  /** A result naming this tool is tainted. */
  readonly thirdParty: boolean;
}

/**
 * The append-only menu. Entries are only ever added at the end, sections in order, so the
 * specs of earlier entries (the prompt's cached prefix) never change and no tool leaves
 * mid-run. `specs()` hands out the same frozen spec objects every time.
 */
export class Menu {
  readonly #entries: MenuEntry[] = [];
  readonly #byName = new Map<string, MenuEntry>();
  #specs: readonly ToolSpec[] | undefined;
  #names: readonly string[] | undefined;

  add(entry: MenuEntry): void {
    if (this.#byName.has(entry.name)) throw new ToolsiftError("internal_error", `toolsift: menu already holds ${entry.name}`);
    const last = this.#entries[this.#entries.length - 1];
    if (last !== undefined && SECTION_ORDER[last.section] > SECTION_ORDER[entry.section]) {
      throw new ToolsiftError("internal_error", `toolsift: a ${entry.section} entry cannot follow a ${last.section} entry`);
    }
    this.#entries.push(Object.freeze(entry));
    this.#byName.set(entry.name, entry);
    this.#specs = undefined;
    this.#names = undefined;
  }

  has(name: string): boolean {
    return this.#byName.has(name);
  }

  get(name: string): MenuEntry | undefined {
    return this.#byName.get(name);
  }

  get size(): number {
    return this.#entries.length;
  }

  /** Model-facing specs in menu order (a frozen array; a new one only after the menu grew). */
  specs(): readonly ToolSpec[] {
    this.#specs ??= Object.freeze(this.#entries.map((entry) => entry.spec));
    return this.#specs;
  }

  names(): readonly string[] {
    this.#names ??= Object.freeze(this.#entries.map((entry) => entry.name));
    return this.#names;
  }
}
