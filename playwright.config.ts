import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";

// End-to-end tests of the playground (test/e2e/*.spec.ts) in the system Chromium, against the
// production build of this checkout served by `vite preview` on 127.0.0.1. No browser is
// downloaded.
//
// The tests never reach a server they did not start. A fixed port with `reuseExistingServer`
// once tested another checkout's playground that happened to listen there (a 404 on one of its
// assets, then connection refused when it stopped). So: a port the OS reports free, chosen once
// by the runner and handed to its workers through the environment (each worker loads this file
// again), and never a server that was already running. `TOOLSIFT_E2E_PORT` pins the port for
// debugging; a busy pinned port fails at once. The global setup then checks that the page
// served is the one just built in web/dist.
function freePort(): number {
  // Listening on port 0 is asynchronous and a config file is loaded synchronously: ask a child.
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

process.env.TOOLSIFT_E2E_PORT ??= String(freePort());
const port = Number(process.env.TOOLSIFT_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./test/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "./test-results",
  reporter: [["list"]],
  globalSetup: "./test/e2e/global-setup.ts",
  // The machine is shared (2 cores): one worker, generous timeouts, no retries hiding flakes.
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    browserName: "chromium",
    viewport: { width: 1400, height: 1000 },
    screenshot: "on",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // A closed network: no component updates, sync or background requests from the browser itself.
      args: ["--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
    },
  },
  webServer: {
    command: `npm run build:web && npx vite preview web --port ${port} --strictPort`,
    url: baseURL,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "pipe",
  },
});
