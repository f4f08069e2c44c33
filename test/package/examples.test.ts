// The widget picker and the Worker example, copied out of the checkout as a reader copies one:
// the folder's files (what a clone has), `npm install` of the tarball a fresh clone packs (in
// place of the `file:../..` entry) with the example's own dependencies, offline, then its
// `npm run build` with only the folder's node_modules/.bin, Node's folder and the system's on
// PATH, and the build run: the picker under its `npm run preview`, asked in Chromium; the
// Worker's bundle in workerd, by the Miniflare the folder installed with wrangler, asked over
// HTTP on 127.0.0.1. The Deno example is install.test.ts's.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Miniflare } from "miniflare";
import { chromium } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyTracked, freshClone, installExample, npm, npmEnvironment, pack, root, systemPath } from "./tarball.js";

const scratch = mkdtempSync(join(tmpdir(), "toolsift-examples-"));
let tarball: string;

beforeAll(() => {
  tarball = pack(freshClone(join(scratch, "clone")), join(scratch, "packed")).tarball;
}, 600_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000);

const EDGE = /\n## At the edge\n([\s\S]*?)\n## /u.exec(readFileSync(join(root, "README.md"), "utf8"))?.[1] ?? "";

/**
 * `npm <args>` started in `folder`, in its own process group, and the first match of `ready` in
 * what it prints; it is stopped if it prints none within 60 s.
 */
async function started(folder: string, args: string[], env: Record<string, string>, ready: RegExp): Promise<{ match: RegExpExecArray; stop: () => Promise<void> }> {
  const child = spawn("npm", args, { cwd: folder, env: npmEnvironment(env), stdio: ["ignore", "pipe", "pipe"], detached: true });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  };
  let output = "";
  try {
    const match = await new Promise<RegExpExecArray>((resolve, reject) => {
      const listen = (chunk: Buffer) => {
        output += chunk;
        // With CI set, Vite colours its output even into a pipe: match the plain text.
        const found = ready.exec(output.replace(/\u001b\[[0-9;]*m/gu, ""));
        if (found) resolve(found);
      };
      child.stdout.on("data", listen);
      child.stderr.on("data", listen);
      child.on("exit", (code) => reject(new Error(`npm ${args.join(" ")} exited ${code}:\n${output}`)));
      setTimeout(() => reject(new Error(`npm ${args.join(" ")} printed no ${ready} in 60 s:\n${output}`)), 60_000).unref();
    });
    return { match, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Where the example `name` is copied out to, by a first test that also installs it there as its README says. */
function copiedOut(name: string): string {
  const copy = join(scratch, name);
  it("installs the tarball and its own dependencies without a warning", () => {
    copyTracked(copy, `examples/${name}`);
    expect(installExample(copy, tarball)).toEqual([]);
  });
  return copy;
}

describe("the README, for a folder copied out of the checkout", () => {
  it("says, before the examples' recipes, to install the tarball npm pack makes in place of the file:../.. entry", () => {
    const intro = EDGE.slice(0, EDGE.indexOf("```"));
    expect(intro).toContain("`file:../..`");
    const named = /copied out of the checkout[^.]*`npm install \/path\/to\/(toolsift-[^`]+\.tgz)`/u.exec(intro)?.[1];
    expect(named).toBe(basename(tarball));
  });
});

describe("the widget picker, copied out of the checkout", () => {
  const copy = copiedOut("widget-picker");

  it("builds with npm run build: the page, its script and core, the index and the sizes", () => {
    const build = npm(copy, ["run", "build"], { PATH: systemPath(["toolsift", "vite"]) });
    expect(build.status, build.stderr).toBe(0);
    const assets = readdirSync(join(copy, "dist/assets"));
    expect(assets.filter((file) => file.endsWith(".js"))).toHaveLength(1);
    expect(assets.filter((file) => file.endsWith(".wasm"))).toHaveLength(1);
    expect(existsSync(join(copy, "dist/index.html"))).toBe(true);
    expect(readFileSync(join(copy, "dist/components.tsi")).equals(readFileSync(join(copy, "public/components.tsi")))).toBe(true);
    const size = JSON.parse(readFileSync(join(copy, "dist/size.json"), "utf8")) as Record<string, number>;
    expect(Object.keys(size).sort()).toEqual(["index", "js", "wasm"]);
    for (const bytes of Object.values(size)) expect(bytes).toBeGreaterThan(0);
  });

  it("serves the build with npm run preview, and the page picks a component for a request", async () => {
    const preview = await started(copy, ["run", "preview", "--", "--port", "0"], { PATH: systemPath(["vite"]) }, /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/u);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(preview.match[1]!);
      await page.locator("body[data-ready=true]").waitFor();
      await page.fill("#request", "show monthly revenue as a line over time");
      await page.click("button[type=submit]");
      await page.locator('body[data-turns="1"]').waitFor();
      expect(await page.textContent("#pick-name")).toBe("LineChart");
      expect(await page.textContent("#size")).toMatch(/ships toolsift in \d+\.\d kB gzipped/u);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await preview.stop();
    }
  });
});

describe("the Worker example, copied out of the checkout", () => {
  const copy = copiedOut("worker");

  it("builds with npm run build: the index, and the bundle with one core and one index module", () => {
    const build = npm(copy, ["run", "build"], {
      PATH: systemPath(["toolsift", "wrangler"]),
      TOOLSIFT_CATALOGUE: join(root, "test/fixtures/runtime-catalogue.json"),
      WRANGLER_SEND_METRICS: "false",
      // The banner's update check asks the registry for wrangler's latest version.
      WRANGLER_HIDE_BANNER: "true",
      WRANGLER_LOG_PATH: join(scratch, "wrangler-logs"),
    });
    expect(build.status, build.stderr).toBe(0);
    expect(existsSync(join(copy, "build/index.tsi"))).toBe(true);
    const dist = readdirSync(join(copy, "dist"));
    expect(dist).toContain("worker.js");
    expect(dist.filter((file) => file.endsWith("-index.tsi"))).toHaveLength(1);
    expect(dist.filter((file) => file.endsWith("-toolsift.wasm"))).toHaveLength(1);
  });

  it("runs in workerd: POST /session, a search_tools call of that run, and GET /search", async () => {
    // The Miniflare and the wrangler the folder installed (wrangler's own), not this checkout's.
    const fromWrangler = createRequire(join(copy, "node_modules/wrangler/package.json"));
    const { Miniflare: Workerd } = (await import(pathToFileURL(fromWrangler.resolve("miniflare")).href)) as typeof import("miniflare");
    const { unstable_readConfig: readConfig } = (await import(pathToFileURL(createRequire(join(copy, "package.json")).resolve("wrangler")).href)) as typeof import("wrangler");
    const config = readConfig({ config: join(copy, "wrangler.toml") });
    const runtimeOutput: string[] = [];
    const worker: Miniflare = new Workerd({
      host: "127.0.0.1",
      port: 0,
      modules: true,
      scriptPath: join(copy, "dist/worker.js"),
      // Module names are paths below this folder (by default the test's working directory, the checkout).
      modulesRoot: copy,
      modulesRules: [
        { type: "CompiledWasm", include: ["**/*.wasm"] },
        { type: "Data", include: ["**/*.tsi"] },
      ],
      compatibilityDate: config.compatibility_date,
      kvNamespaces: Object.fromEntries(config.kv_namespaces.map((namespace: { binding: string; id?: string }) => [namespace.binding, namespace.id!])),
      // wrangler.toml's [vars], and the secret `wrangler secret put` holds in production.
      bindings: { ...(config.vars as Record<string, string>), SESSION_SECRET: "test-only-secret-0123456789abcdefghijklmnop" },
      handleRuntimeStdio: (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => {
        for (const stream of [stdout, stderr]) stream.on("data", (chunk: Buffer) => runtimeOutput.push(String(chunk)));
      },
    });
    try {
      const url = await worker.ready;
      const opened = await fetch(new URL("session", url), { method: "POST" });
      expect(opened.status).toBe(201);
      const { run, token } = (await opened.json()) as { run: string; token: string };
      const called = await fetch(new URL(`session/${run}/call`, url), {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ turn: 0, index: 0, name: "search_tools", input: { query: "create a pull request on github" } }),
      });
      expect(called.status).toBe(200);
      expect(((await called.json()) as { menu: string[] }).menu).toContain("github__create_pull_request");
      const searched = await fetch(new URL("search?q=create%20a%20pull%20request%20on%20github&limit=3", url));
      expect(searched.status).toBe(200);
      expect(((await searched.json()) as { hits: { id: string }[] }).hits.map((hit) => hit.id)).toContain("github__create_pull_request");
    } catch (error) {
      // workerd's own output says why it did not start, if that is the failure.
      throw new Error(`${(error as Error).message}\n${runtimeOutput.join("")}`, { cause: error });
    } finally {
      // A runtime that failed to start rejects here too: the cause above is the one to see.
      await worker.dispose().catch(() => undefined);
    }
  });
});
