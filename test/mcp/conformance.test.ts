// The server scenarios of @modelcontextprotocol/conformance that apply to the gateway's
// downstream server, run against it over Streamable HTTP on 127.0.0.1. The package needs
// Node 22 (fs.globSync); it runs under the pinned Deno here. docs/gateway.md lists the
// scenarios left out and why. The suite sends no credential: a loopback proxy in front of the
// gateway adds the bearer token to every request, as a client's config would, and forwards the
// rest (Host and Origin included) untouched, so the gateway's own checks still decide. The
// suite's valid Origin is the proxy's own, which the gateway is told to allow (--allow-origin).
import { execFile } from "node:child_process";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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
let proxy: Server;
let proxyUrl: URL;
const TOKEN = "conformance-token-0123456789";

/** A proxy on 127.0.0.1 that adds `Authorization: Bearer <token>` and streams both ways to `target()`. */
async function tokenProxy(target: () => URL, token: string): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const forwarded = request({ host: target().hostname, port: target().port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, authorization: `Bearer ${token}` } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on("error", () => outgoing.destroy());
    outgoing.on("close", () => forwarded.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return server;
}

beforeAll(async () => {
  await init();
  folder = temporaryFolder();
  const config = { mcpServers: { alpha: faultServer() } };
  gateway = new Gateway(parseGatewayConfig(config, writeConfig(folder, config)), { stderr: "ignore", onWarning: () => {} });
  await gateway.start();
  proxy = await tokenProxy(() => listener.url, TOKEN);
  proxyUrl = new URL("/mcp", `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
  const open = () => new DownstreamSession(gateway, { runId: `conformance-${Date.now()}`, caps: { maxPerSearch: 5, maxLoaded: 20, maxSearches: 200 }, version: "test" });
  listener = await listenHttp(open, { token: TOKEN, allowOrigins: [proxyUrl.origin] });
});

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => (proxy === undefined ? resolve(undefined) : proxy.close(resolve)));
  await listener?.close();
  await gateway?.close();
});

it.each(SCENARIOS)("passes the conformance scenario %s", async (scenario) => {
  const { stdout } = await run(DENO, ["run", "-A", CONFORMANCE, "server", "--url", proxyUrl.href, "--scenario", scenario], {
    cwd: folder,
    env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
    timeout: 60_000,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
  const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(stdout);
  expect(summary, stdout).not.toBeNull();
  expect(summary![3], stdout).toBe("0");
  expect(Number(summary![1])).toBeGreaterThan(0);
});
