// Runs are capabilities the Worker issues. POST /session makes a run id no caller can guess
// (its expiry, then crypto.randomUUID) and a token, HMAC-SHA-256 under SESSION_SECRET of the
// caller and the run id. A call to /session/:run/call must carry that token; the MAC is
// checked by crypto.subtle.verify, which compares in constant time. Nothing is stored to
// issue a run, so a run costs KV only once it makes a call, and all its keys expire with it.

/** An answer with a status and a JSON error, thrown by the checks and sent by the Worker. */
export class HttpError extends Error {
  constructor(status, code, message, { path, headers } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.path = path;
    this.headers = headers;
  }

  response() {
    const error = { code: this.code, message: this.message, ...(this.path === undefined ? {} : { path: this.path }) };
    return Response.json({ error }, { status: this.status, headers: this.headers });
  }
}

// Workers KV refuses an expiry less than 60 s ahead, so a run takes calls until then.
const KV_MIN_AHEAD = 60;
const MIN_SECRET_LENGTH = 32;
// <expiry in seconds since the epoch>-<UUID v4>: the expiry is covered by the token.
const RUN_ID = /^(\d{1,12})-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u;
// 32 bytes of HMAC-SHA-256, base64url without padding.
const TOKEN = /^[A-Za-z0-9_-]{43}$/u;

const encoder = new TextEncoder();
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The secret and the run lifetime from the Worker's environment; a wrong one is the deployer's 500. */
export function runConfig(env) {
  const secret = env.SESSION_SECRET;
  if (typeof secret !== "string" || secret.length < MIN_SECRET_LENGTH) {
    throw new HttpError(500, "server_misconfigured", `SESSION_SECRET is missing or shorter than ${MIN_SECRET_LENGTH} characters: set a random one with \`wrangler secret put SESSION_SECRET\`.`);
  }
  const ttl = Number(env.RUN_TTL_SECONDS);
  if (!Number.isSafeInteger(ttl) || ttl <= KV_MIN_AHEAD) {
    throw new HttpError(500, "server_misconfigured", `RUN_TTL_SECONDS (wrangler.toml [vars]) is whole seconds over ${KV_MIN_AHEAD}, not ${JSON.stringify(env.RUN_TTL_SECONDS)}: Workers KV refuses an expiry less than ${KV_MIN_AHEAD} s ahead.`);
  }
  return { secret, ttl };
}

// One imported key per isolate (per secret): importKey is not free, and the secret rarely changes.
let cachedKey = { secret: undefined, key: undefined };
function hmacKey(secret) {
  if (cachedKey.secret !== secret) {
    cachedKey = { secret, key: crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]) };
  }
  return cachedKey.key;
}

// What the token signs: the caller and the run id, as JSON so neither can run into the other.
const signed = (caller, run) => encoder.encode(JSON.stringify(["toolsift-run", caller, run]));

const toBase64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/gu, "-").replace(/\//gu, "_").replace(/=+$/u, "");
const fromBase64url = (text) => Uint8Array.from(atob(text.replace(/-/gu, "+").replace(/_/gu, "/")), (char) => char.charCodeAt(0));

/** A new run for this caller: `{ run, token, expires }` (expires in seconds since the epoch). */
export async function issueRun(caller, config) {
  const expires = nowSeconds() + config.ttl;
  const run = `${expires}-${crypto.randomUUID()}`;
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(config.secret), signed(caller, run));
  return { run, token: toBase64url(mac), expires };
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(request) {
  const match = /^Bearer +(\S+)$/iu.exec(request.headers.get("authorization") ?? "");
  return match === null ? null : match[1];
}

/**
 * Checks that the request carries the token issued to this caller for this run, and that the
 * run has time left; returns the run's expiry (seconds since the epoch) for its KV writes.
 */
export async function checkRun(request, caller, run, config) {
  const token = bearerToken(request);
  if (token === null) {
    throw new HttpError(401, "missing_token", "A run's calls carry `Authorization: Bearer <token>`, the token POST /session returned with the run.", {
      headers: { "www-authenticate": 'Bearer realm="toolsift-run"' },
    });
  }
  const id = RUN_ID.exec(run);
  const valid = id !== null && TOKEN.test(token) && (await crypto.subtle.verify("HMAC", await hmacKey(config.secret), fromBase64url(token), signed(caller, run)));
  if (!valid) throw new HttpError(403, "invalid_token", "The token is not the one issued for this run to this caller.");
  const expires = Number(id[1]);
  if (nowSeconds() >= expires - KV_MIN_AHEAD) throw new HttpError(403, "run_expired", "This run has expired (RUN_TTL_SECONDS); POST /session opens a new one.");
  return expires;
}
