// The packed MCP hints, in the source tree: build/generated/ (written by scripts/pack-mcp-hints.ts,
// part of `npm run build`). dist/ holds the generated module itself (copied by
// scripts/finish-dist.mjs), so the package carries the data and no generated file lives in src/.
export { MCP_HINT_LINES, MCP_HINT_SERVERS } from "../../build/generated/mcp-data.js";
