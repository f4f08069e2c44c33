// The README's Worker paragraph against the Worker itself: every route the header of
// examples/worker/src/worker.js lists is named, and so is what a run's calls need (the token
// POST /session issues, sent as a Bearer credential, and the SESSION_SECRET that signs it).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./example-build.js";

const readme = await readFile(join(root, "README.md"), "utf8");
const worker = await readFile(join(root, "examples/worker/src/worker.js"), "utf8");

/** The routes of the Worker's header comment, as `METHOD /path` with one space. */
const routes = [...worker.matchAll(/^\/\/\s+(GET|POST|PUT|DELETE)\s+(\/\S*)/gmu)].map((match) => `${match[1]} ${match[2]}`);
/** The README's paragraph on the Worker: from "A Cloudflare Worker" to its recipe. */
const paragraph = /\nA Cloudflare Worker\b([\s\S]*?)```sh/u.exec(readme)?.[1]?.replace(/\s+/gu, " ") ?? "";

describe("the README's Worker paragraph", () => {
  it("names every route the Worker serves, as its source lists them", () => {
    expect(routes).toEqual(["GET /search?q=&limit=", "POST /mcp", "POST /session", "POST /session/:run/call"]);
    expect(routes.filter((route) => !paragraph.includes(`\`${route}\``))).toEqual([]);
  });

  it("says how a run's calls are authorized and where the secret goes", () => {
    for (const needed of ["`Authorization: Bearer <token>`", "`SESSION_SECRET`", "`.dev.vars`", "`npx wrangler secret put SESSION_SECRET`"]) expect(paragraph).toContain(needed);
  });
});
