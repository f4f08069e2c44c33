// The tests run against a server they started, serving this checkout's build; `npm start`
// refuses a busy port before it spends time building.
import { spawn } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { notOwnBuild } from "./own-build.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

test("the server under test serves this checkout's build", async ({ baseURL }) => {
  expect(await notOwnBuild(baseURL!)).toBeUndefined();
});

test("npm start fails at once, naming the port and the variable, when the port is busy", async () => {
  const busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
  const port = (busy.address() as AddressInfo).port;
  try {
    const started = performance.now();
    const child = spawn("npm", ["start"], { cwd: root, env: { ...process.env, TOOLSIFT_PLAYGROUND_PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    // A build takes 10 s or more; refusing the port must not wait for one.
    const timer = setTimeout(() => child.kill("SIGTERM"), 8_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(timer);
    const seconds = (performance.now() - started) / 1000;
    expect(output).toContain(`127.0.0.1:${port} is already in use`);
    expect(output).toContain("TOOLSIFT_PLAYGROUND_PORT");
    expect(code).not.toBe(0);
    expect(seconds).toBeLessThan(8);
  } finally {
    busy.close();
  }
});
