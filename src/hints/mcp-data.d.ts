// The shape of the generated module the packer writes (scripts/mcp-hints-pack.ts), in the
// source tree (mcp-data.js, naming build/generated/) and in dist/ (the module itself).

/** The servers whose hints this build carries. */
export declare const MCP_HINT_SERVERS: readonly string[];

/** One line per tool: its id, a tab, then the words of its phrasings, space-separated. */
export declare const MCP_HINT_LINES: string;
