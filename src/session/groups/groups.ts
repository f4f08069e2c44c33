import type { SessionCatalogue } from "../catalogue.js";
import { configError } from "../config.js";
import type { GroupDeclaration, GroupLoad } from "./groups-config.js";

/** A group as the session holds it: its declaration and its members in the catalogue. */
export interface SessionGroup {
  readonly name: string;
  readonly load: GroupLoad;
  /** Membership the host does not write: a connected server's group, or one declared `dynamic`. */
  readonly dynamic: boolean;
  readonly instructions: string | undefined;
  /** The declared prefix, or the longest prefix every member id shares (`undefined` when none). */
  readonly prefix: string | undefined;
  /** Searchable catalogue ids of the group, in catalogue order. */
  readonly members: readonly string[];
  /** Where the group is in the config (for error paths), `undefined` for a server's group. */
  readonly position: number | undefined;
}

const SERVER_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

function commonPrefix(ids: readonly string[]): string | undefined {
  if (ids.length === 0) return undefined;
  let prefix = ids[0]!;
  for (const id of ids) {
    let i = 0;
    while (i < prefix.length && i < id.length && prefix.charCodeAt(i) === id.charCodeAt(i)) i++;
    prefix = prefix.slice(0, i);
    if (prefix.length === 0) return undefined;
  }
  return prefix;
}

// The entry's own `server` field, read once; a getter that throws, or a name outside the group
// name rule, makes no group (the tool stays ungrouped, found by search as before).
function serverOf(tool: object): string | undefined {
  try {
    const server: unknown = (tool as { server?: unknown }).server;
    return typeof server === "string" && SERVER_NAME.test(server) ? server : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The session's groups (docs/groups.md "Groups"): the host's declarations in config order,
 * then one dynamic group per server (with `serverGroups`) in name order. A tool belongs to at
 * most one group: two host groups claiming one tool is a config error naming the later
 * group; a server's group takes only the tools no host group claimed.
 */
export class SessionGroups {
  readonly list: readonly SessionGroup[];
  readonly #byName = new Map<string, SessionGroup>();
  readonly #ofTool = new Map<string, SessionGroup>();

  constructor(declarations: readonly GroupDeclaration[], serverGroups: boolean, catalogue: SessionCatalogue) {
    const claimed = new Map<string, number>();
    const members: string[][] = declarations.map(() => []);
    // Prefixes by length: one look-up per distinct length per id, not one per group (100,000
    // ids under 1,000 prefix groups).
    const byPrefix = new Map<number, Map<string, number>>();
    const byList = new Map<string, number>();
    declarations.forEach((group, position) => {
      if (group.prefix !== undefined) {
        const length = group.prefix.length;
        let map = byPrefix.get(length);
        if (map === undefined) byPrefix.set(length, (map = new Map()));
        const other = map.get(group.prefix);
        if (other !== undefined) throw configError(["toolSearch", "groups", position, "prefix"], `repeats the prefix of groups[${other}]; a tool belongs to at most one group`);
        map.set(group.prefix, position);
      }
      for (const id of group.tools ?? []) {
        const other = byList.get(id);
        if (other !== undefined && other !== position) throw this.#twice(declarations, id, other, position);
        byList.set(id, position);
      }
    });
    const servers = new Map<string, string[]>();
    for (const id of catalogue.universe()) {
      let owner = byList.get(id);
      for (const [length, map] of byPrefix) {
        if (id.length < length) continue;
        const position = map.get(id.slice(0, length));
        if (position === undefined) continue;
        if (owner !== undefined && owner !== position) throw this.#twice(declarations, id, Math.min(owner, position), Math.max(owner, position));
        owner = position;
      }
      if (owner !== undefined) {
        claimed.set(id, owner);
        members[owner]!.push(id);
        continue;
      }
      if (!serverGroups) continue;
      const server = serverOf(catalogue.entry(id).tool);
      if (server === undefined) continue;
      let list = servers.get(server);
      if (list === undefined) servers.set(server, (list = []));
      list.push(id);
    }
    const list: SessionGroup[] = declarations.map((group, position) =>
      Object.freeze({
        name: group.name,
        load: group.load,
        dynamic: group.dynamic,
        instructions: group.instructions,
        prefix: group.prefix ?? commonPrefix(members[position]!),
        members: Object.freeze(members[position]!),
        position,
      }),
    );
    const hostNames = new Set(declarations.map((group) => group.name));
    for (const name of [...servers.keys()].sort()) {
      if (hostNames.has(name)) {
        throw configError(["toolSearch", "serverGroups"], `server ${JSON.stringify(name)} has tools no group claims and the name of a declared group; give that group its prefix or rename it`);
      }
      const ids = servers.get(name)!;
      list.push(Object.freeze({ name, load: "auto" as GroupLoad, dynamic: true, instructions: undefined, prefix: commonPrefix(ids), members: Object.freeze(ids), position: undefined }));
    }
    this.list = Object.freeze(list);
    for (const group of list) {
      this.#byName.set(group.name, group);
      for (const id of group.members) this.#ofTool.set(id, group);
    }
  }

  #twice(declarations: readonly GroupDeclaration[], id: string, first: number, second: number) {
    return configError(
      ["toolSearch", "groups", second],
      `claims ${JSON.stringify(id.slice(0, 80))}, which groups[${first}] (${JSON.stringify(declarations[first]!.name)}) holds already; a tool belongs to at most one group`,
    );
  }

  get(name: string): SessionGroup | undefined {
    return this.#byName.get(name);
  }

  /** The group of a catalogue id, if any. */
  of(id: string): SessionGroup | undefined {
    return this.#ofTool.get(id);
  }

  names(): string[] {
    return this.list.map((group) => group.name);
  }
}
