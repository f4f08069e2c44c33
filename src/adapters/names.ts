/**
 * The tool-name rule Anthropic's Messages API and OpenAI's function tools share: 1–64 of
 * `[A-Za-z0-9_-]`. MCP allows 128 characters and dots, so a catalogue id may break it.
 */
export const WIRE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

// What is kept of an id that breaks the rule, before `_` and 8 hex digits of its hash: the
// model still reads most of the name, and 55 + 1 + 8 stays within 64.
const KEPT_PREFIX = 55;

// FNV-1a over UTF-16 code units: a stable, dependency-free short hash (not a security boundary;
// collisions are resolved by the table below).
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let position = 0; position < text.length; position++) {
    hash ^= text.charCodeAt(position);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/**
 * A reversible mapping between session tool names and names the provider accepts. A valid
 * name maps to itself; another becomes its valid characters (others as `_`), cut to 55, `_`
 * and a hash. Names are registered in a fixed order (the menu, then the catalogue), so a
 * replay maps every name the same way.
 *
 * @example
 * const names = new WireNames(["docs.search", "reply"]);
 * names.wire("docs.search"); // "docs_search_5c0e3a1d"
 * names.session("docs_search_5c0e3a1d"); // "docs.search"
 */
export class WireNames {
  readonly #toWire = new Map<string, string>();
  readonly #toSession = new Map<string, string>();

  constructor(names: Iterable<string> = []) {
    const pending: string[] = [];
    // Valid names first, so an invented name never takes a name a real tool has.
    for (const name of names) {
      if (WIRE_NAME.test(name)) this.#claim(name, name);
      else pending.push(name);
    }
    for (const name of pending) this.wire(name);
  }

  /** The provider-facing name of a session name (registered on first use). */
  wire(name: string): string {
    const known = this.#toWire.get(name);
    if (known !== undefined) return known;
    let candidate = WIRE_NAME.test(name) ? name : `${name.replace(/[^A-Za-z0-9_-]/gu, "_").slice(0, KEPT_PREFIX)}_${shortHash(name)}`;
    for (let attempt = 1; this.#toSession.has(candidate); attempt++) {
      candidate = `${candidate.slice(0, 64 - String(attempt).length - 1)}_${attempt}`;
    }
    this.#claim(name, candidate);
    return candidate;
  }

  /** The session name of a provider-facing name; an unknown name is returned as it is. */
  session(wire: string): string {
    return this.#toSession.get(wire) ?? wire;
  }

  #claim(name: string, wire: string): void {
    this.#toWire.set(name, wire);
    this.#toSession.set(wire, name);
  }
}
