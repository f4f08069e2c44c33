import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";

// The system Chromium (Debian `chromium`); scripts/ensure-chromium.sh installs it when missing.
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          // Browser files run in the browser project; Deno files under `deno test`.
          exclude: ["test/runtimes/browser/**", "test/runtimes/deno/**", "test/e2e/**"],
          environment: "node",
          setupFiles: ["test/setup/no-console.ts"],
          // Builds test/runtimes/artifacts/<config>.tsi in Node for every runtime to load.
          globalSetup: ["test/runtimes/build-artifacts.ts"],
          testTimeout: 120_000,
        },
      },
      {
        // Prebundle zod up front: discovering it mid-run makes Vite reload the page.
        optimizeDeps: { include: ["zod"] },
        test: {
          name: "browser",
          include: ["test/runtimes/browser/**/*.browser.test.ts"],
          setupFiles: ["test/setup/no-console.ts"],
          globalSetup: ["test/runtimes/build-artifacts.ts"],
          testTimeout: 120_000,
          browser: {
            enabled: true,
            headless: true,
            // The browser tests assert data, not pixels: a failure screenshot is only litter.
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath } }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
});
