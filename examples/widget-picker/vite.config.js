import { defineConfig } from "vite";

export default defineConfig({
  root: import.meta.dirname,
  base: "./",
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  // es2022: the page awaits the core and the index at module scope.
  build: { target: "es2022", outDir: "dist", emptyOutDir: true },
});
