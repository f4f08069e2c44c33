// Gateway tool ids: `server__tool`. A server name never holds "__" nor ends in "_", so the
// first "__" of an id is the separator and the id splits back into the two names.
import { isThirdPartyName } from "../trust/tool-definition.js";

/** The separator of `server__tool`. */
export const ID_SEPARATOR = "__";

/** The rule a server name follows, as the config error states it. */
export const SERVER_NAME_RULE = 'must be 1 to 64 characters of A-Z, a-z, 0-9, _, . and -, without "__" and not ending in "_"';

const SERVER_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** True when `name` may name a server (`SERVER_NAME_RULE`). */
export function isServerName(name: string): boolean {
  return SERVER_NAME.test(name) && !name.includes(ID_SEPARATOR) && !name.endsWith("_");
}

/**
 * The gateway id of an upstream tool, or `undefined` when it would break MCP's tool-name rule
 * (1–128 of `A–Z a–z 0–9 _ . -`): such a tool cannot be named to a client and is left out.
 *
 * @example
 * toolId("github", "create_issue") // "github__create_issue"
 */
export function toolId(server: string, tool: string): string | undefined {
  const id = `${server}${ID_SEPARATOR}${tool}`;
  return isThirdPartyName(id) ? id : undefined;
}

/** The server and tool of a gateway id, or `undefined` when `id` has no separator. */
export function splitToolId(id: string): { server: string; tool: string } | undefined {
  const at = id.indexOf(ID_SEPARATOR);
  if (at <= 0) return undefined;
  return { server: id.slice(0, at), tool: id.slice(at + ID_SEPARATOR.length) };
}
