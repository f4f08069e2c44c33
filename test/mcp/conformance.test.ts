// The server scenarios of @modelcontextprotocol/conformance that apply to the gateway's
// downstream server, run against it over Streamable HTTP on 127.0.0.1. The package needs
// Node 22 (fs.globSync); it runs under the pinned Deno here. docs/gateway.md lists the
// scenarios left out and why.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { init } from "../../src/entry/node.js";
import { parseGatewayConfig } from "../../src/mcp/config.js";
import { DownstreamSession } from "../../src/mcp/downstream.js";
import { Gateway } from "../../src/mcp/gateway.js";
import { listenHttp, type HttpListener } from "../../src/mcp/http.js";
import { faultServer, temporaryFolder, writeConfig } from "./helpers.js";

const run = promisify(execFile);
const DENO = fileURLToPath(new URL("../../node_modules/.bin/deno", import.meta.url));
const CONFORMANCE = fileURLToPath(new URL("../../node_modules/@modelcontextprotocol/conformance/dist/index.js", import.meta.url));

/** The scenarios that apply (docs/gateway.md "Conformance"). */
const SCENARIOS = ["server-initialize", "ping", "tools-list", "server-sse-multiple-streams", "dns-rebinding-protection"];

let folder: string;
let gateway: Gateway;
let listener: HttpListener;

beforeAll(async () => {
  await init();
  folder = temporaryFolder();
  const config = { mcpServers: { alpha: faultServer() } };
  gateway = new Gateway(parseGatewayConfig(config, writeConfig(folder, config)), { stderr: "ignore", onWarning: () => {} });
  await gateway.start();
  listener = await listenHttp(() => new DownstreamSession(gateway, { runId: `conformance-${Date.now()}`, caps: { maxPerSearch: 5, maxLoaded: 20, maxSearches: 200 }, version: "test" }));
});

afterAll(async () => {
  await listener?.close();
  await gateway?.close();
});

it.each(SCENARIOS)("passes the conformance scenario %s", async (scenario) => {
  const { stdout } = await run(DENO, ["run", "-A", CONFORMANCE, "server", "--url", listener.url.href, "--scenario", scenario], {
    cwd: folder,
    env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
    timeout: 60_000,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
  const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(stdout);
  expect(summary, stdout).not.toBeNull();
  expect(summary![3], stdout).toBe("0");
  expect(Number(summary![1])).toBeGreaterThan(0);
});
