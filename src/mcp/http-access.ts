// Who may talk to the gateway's HTTP listener, decided before any MCP message is read: the Host
// and Origin allow-lists (DNS rebinding, pages of other sites and other local ports) and the
// bearer token (every other caller, local or not).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { ToolsiftError } from "../errors.js";

/** The Host names every listener answers, whatever it binds: a wildcard bind answers on loopback too. */
export const LOOPBACK_HOSTS: readonly string[] = Object.freeze(["localhost", "127.0.0.1", "[::1]"]);

/** The shortest bearer token accepted from a caller of `listenHttp` (a file, the environment). */
export const MIN_TOKEN_CHARS = 16;

// RFC 6750 section 2.1, b64token: what fits in `Authorization: Bearer …` without quoting.
const TOKEN_SYNTAX = /^[A-Za-z0-9._~+/-]+=*$/;
// One DNS label (RFC 1123): letters, digits and inner hyphens, at most 63 characters.
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function invalid(path: string, message: string): ToolsiftError {
  return new ToolsiftError("invalid_option", message, { path: [path] });
}

/** A new token: 256 random bits, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Checks a bearer token given by the operator; `source` names where it came from in the message
 * (`token`, `token file ./token`, `TOOLSIFT_MCP_TOKEN`). Returns the token.
 *
 * @example
 * checkToken(process.env.TOOLSIFT_MCP_TOKEN ?? "", "TOOLSIFT_MCP_TOKEN"); // throws invalid_option when empty
 */
export function checkToken(token: string, source: string): string {
  if (token.length === 0) throw invalid("token", `${source} is empty: a bearer token needs at least ${MIN_TOKEN_CHARS} characters`);
  if (!TOKEN_SYNTAX.test(token)) throw invalid("token", `${source} holds characters a bearer token cannot carry: use letters, digits and - . _ ~ + / (a trailing = is allowed)`);
  if (token.length < MIN_TOKEN_CHARS) throw invalid("token", `${source} is ${token.length} characters long; a bearer token needs at least ${MIN_TOKEN_CHARS}`);
  return token;
}

/** `example.org`, `192.0.2.7`, `[2001:db8::1]` or `2001:db8::1` → the form a Host header carries. */
export function allowedHost(value: string): string {
  const name = value.trim().toLowerCase();
  const bare = name.startsWith("[") && name.endsWith("]") ? name.slice(1, -1) : name;
  if (isIP(bare) === 6) return `[${bare}]`;
  if (isIP(bare) === 4 || HOST_NAME.test(bare)) return bare;
  throw invalid("allowHosts", `allowHosts: ${JSON.stringify(value)} is not a host name or an IP address (no scheme, port or wildcard; e.g. gateway.internal)`);
}

/** `https://app.example` or `http://localhost:5173` → the form an Origin header carries. */
export function allowedOrigin(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const origin = url === undefined || (url.protocol !== "http:" && url.protocol !== "https:") ? undefined : url.origin;
  if (origin === undefined || origin.toLowerCase() !== value.replace(/\/$/, "").toLowerCase()) {
    throw invalid("allowOrigins", `allowOrigins: ${JSON.stringify(value)} is not an origin: write scheme://host[:port] with http or https and no path (e.g. https://app.example)`);
  }
  return origin;
}

/** The host name of a Host header: `[::1]:3000` → `[::1]`, `Example.org:80` → `example.org`. */
function headerHostName(value: string): string {
  const host = value.trim().toLowerCase();
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  const colon = host.indexOf(":");
  return colon === -1 ? host : host.slice(0, colon);
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/** What an Origin header decides: none sent (not a browser), an allowed page, or a refusal. */
export type OriginVerdict = "absent" | "allowed" | "forbidden";

/**
 * The allow-lists and the token of one listener.
 *
 * @example
 * const access = new HttpAccess({ token: generateToken(), allowHosts: ["gateway.internal"], allowOrigins: [] });
 * access.hostAllowed("gateway.internal:3333"); // true
 */
export class HttpAccess {
  /** Every Host name answered, loopback names first. */
  readonly hosts: readonly string[];
  /** Every browser origin answered; empty by default. */
  readonly origins: readonly string[];
  readonly #hosts: ReadonlySet<string>;
  readonly #origins: ReadonlySet<string>;
  readonly #token: Buffer;

  constructor(options: { token: string; allowHosts?: readonly string[] | undefined; allowOrigins?: readonly string[] | undefined }) {
    this.hosts = Object.freeze([...new Set([...LOOPBACK_HOSTS, ...(options.allowHosts ?? []).map(allowedHost)])]);
    this.origins = Object.freeze([...new Set((options.allowOrigins ?? []).map(allowedOrigin))]);
    this.#hosts = new Set(this.hosts);
    this.#origins = new Set(this.origins);
    // Digests compare in constant time whatever the lengths: timingSafeEqual needs equal lengths,
    // and comparing the raw lengths first would tell a caller how long the token is.
    this.#token = digest(checkToken(options.token, "token"));
  }

  /** The Host header names an allowed host (any port: the name is what DNS rebinding changes). */
  hostAllowed(header: string | undefined): boolean {
    return header !== undefined && this.#hosts.has(headerHostName(header));
  }

  /** An Origin is allowed only when its scheme, host and port are exactly in the list. */
  origin(header: string | undefined): OriginVerdict {
    if (header === undefined) return "absent";
    return this.#origins.has(header) ? "allowed" : "forbidden";
  }

  /** `Authorization: Bearer <token>` with this listener's token (the scheme is case-insensitive). */
  authorized(header: string | undefined): boolean {
    const match = header === undefined ? null : /^bearer +([^ ]+) *$/i.exec(header);
    return match !== null && timingSafeEqual(digest(match[1]!), this.#token);
  }
}
