// The playground is the Vite app (web/vite.config.ts holds its config); `npx vite` from the
// repository root serves it too. Tests use vitest.config.ts.
export { default } from "./web/vite.config.js";
