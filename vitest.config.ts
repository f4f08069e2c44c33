import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["test/runtimes/**", "test/e2e/**"],
          environment: "node",
          setupFiles: ["test/setup/no-console.ts"],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
