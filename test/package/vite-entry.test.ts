// The browser entry under Vite, from both trees it lives in: the source (src/entry/browser.ts,
// which the playground bundles) and the package (dist/entry/browser.js, which an application
// bundles). Each names a core file its own tree holds, so Vite emits the .wasm beside the
// bundle and has nothing to warn about.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, createLogger } from "vite";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Bundles `entry` in app mode (lib mode would inline the .wasm); what Vite warned and the files it wrote. */
async function bundle(entry: string): Promise<{ warnings: string[]; files: string[] }> {
  const outDir = await mkdtemp(join(tmpdir(), "toolsift-vite-entry-"));
  const warnings: string[] = [];
  const logger = createLogger("warn");
  logger.warn = (message) => void warnings.push(message.trim());
  logger.warnOnce = logger.warn;
  try {
    await build({
      configFile: false,
      root,
      logLevel: "warn",
      customLogger: logger,
      build: { outDir, emptyOutDir: true, modulePreload: false, copyPublicDir: false, rollupOptions: { input: join(root, entry), preserveEntrySignatures: "strict" } },
    });
    return { warnings, files: (await readdir(outDir, { recursive: true })).map(String) };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

describe("the browser entry bundled by Vite", () => {
  it.each(["src/entry/browser.ts", "dist/entry/browser.js"])("%s: the core emitted beside it, no warning", async (entry) => {
    const { warnings, files } = await bundle(entry);
    expect(warnings).toEqual([]);
    expect(files.filter((file) => file.endsWith(".wasm"))).toHaveLength(1);
  }, 120_000);
});
