import { defineConfig } from "@playwright/test";

// End-to-end tests of the playground (test/e2e/*.spec.ts) in the system Chromium, against the
// production build served by `vite preview` on 127.0.0.1. No browser is downloaded.
const port = Number(process.env.TOOLSIFT_PLAYGROUND_PORT ?? 4317);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./test/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "./test-results",
  reporter: [["list"]],
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
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: "pipe",
  },
});
