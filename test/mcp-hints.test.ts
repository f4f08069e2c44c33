// The MCP hints: the packer reads any subset of data/hints/mcp/*.json, packs the words of the
// phrasings, and "toolsift/hints/mcp" gives them back as annotations.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { packHints, readHintFile, type HintAnalyzer } from "../scripts/mcp-hints-pack.js";
import { Bm25ToolRanker, init } from "../src/index.js";
import { decodeHints } from "../src/hints/decode.js";
import { MCP_HINT_SERVERS, mcpHints } from "../src/hints/mcp.js";
import { toolSearchDocs } from "../src/trust/tool-docs.js";

const root = new URL("../", import.meta.url);
const fixture = readFileSync(new URL("test/fixtures/hints/mcp/tinyserver.json", root), "utf8");
let analyzer: HintAnalyzer;
beforeAll(async () => {
  await init();
  analyzer = new Bm25ToolRanker([{ id: "analyzer" }]);
});

function linesOf(moduleText: string): string {
  return JSON.parse(/export const MCP_HINT_LINES = (".*");/u.exec(moduleText)![1]!) as string;
}

describe("the MCP hints packer", () => {
  it("packs each tool's distinct words, and they decode to labels of one field", () => {
    const text = packHints([readHintFile("tinyserver.json", fixture)], analyzer, { maxWordShare: 1, maxHanShare: 1 });
    expect(text).toContain('export const MCP_HINT_SERVERS = Object.freeze(["tinyserver"]);');
    const annotations = decodeHints(linesOf(text), "tags");
    expect(Object.keys(annotations)).toEqual(["tinyserver__freebusy", "tinyserver__resize_image"]);
    const freebusy = annotations["tinyserver__freebusy"]!.tags!.join(" ").split(" ");
    expect(freebusy).toEqual(expect.arrayContaining(["free", "thursday", "afternoon", "anna", "busy", "свободен", "周四", "有空"]));
    // Distinct words only: "is" is said twice.
    expect(freebusy.filter((word) => word === "is")).toHaveLength(1);
    expect(decodeHints(linesOf(text), "aliases")["tinyserver__resize_image"]!.aliases!.join(" ")).toContain("shrink");
  });

  it("leaves out the words too many hinted tools share, when told to", () => {
    const text = packHints([readHintFile("tinyserver.json", fixture)], analyzer, { maxWordShare: 0.5, maxHanShare: 0.5 });
    // Both tools say "is": 2 of 2 tools, above a share of 0.5.
    const words = Object.values(decodeHints(linesOf(text), "tags")).flatMap((entry) => entry.tags!.join(" ").split(" "));
    expect(words).not.toContain("is");
    expect(words).toEqual(expect.arrayContaining(["shrink", "free"]));
  });

  it("ranks a tool for a request in the hints' words only, as annotations of a remote catalogue", () => {
    const catalogue = { tools: [
      { name: "tinyserver__freebusy", description: "Query availability.", inputSchema: { type: "object" } },
      { name: "tinyserver__resize_image", description: "Resize an image.", inputSchema: { type: "object" } },
      { name: "other__send_mail", description: "Send an email.", inputSchema: { type: "object" } },
    ] };
    const annotations = decodeHints(linesOf(packHints([readHintFile("tinyserver.json", fixture)], analyzer)), "aliases");
    const plain = new Bm25ToolRanker(toolSearchDocs(catalogue));
    const hinted = new Bm25ToolRanker(toolSearchDocs(catalogue, { annotations }));
    expect(plain.rank("who is free on thursday", 3)).toEqual([]);
    expect(hinted.rank("who is free on thursday", 3).map((hit) => hit.id)).toEqual(["tinyserver__freebusy"]);
    expect(hinted.rank("周四下午谁有空", 1).map((hit) => hit.id)).toEqual(["tinyserver__freebusy"]);
    expect(hinted.rank("shrink my photo for an email", 1).map((hit) => hit.id)).toEqual(["tinyserver__resize_image"]);
  });

  it("refuses a file that is not the documented shape, naming it", () => {
    expect(() => readHintFile("other.json", fixture)).toThrow(/data\/hints\/mcp\/other\.json: server must be the file's name/);
    expect(() => readHintFile("tinyserver.json", "{ nope")).toThrow(/tinyserver\.json: the file is not JSON/);
    const wrongTool = JSON.stringify({ server: "tinyserver", tools: { "other__x": { en: ["a"] } } });
    expect(() => readHintFile("tinyserver.json", wrongTool)).toThrow(/tools\.other__x is not a tool of tinyserver/);
    const notArray = JSON.stringify({ server: "tinyserver", tools: { "tinyserver__x": { en: "a" } } });
    expect(() => readHintFile("tinyserver.json", notArray)).toThrow(/tools\.tinyserver__x\.en must be an array of strings/);
  });

  it("build/generated/mcp-data.js is what the packer makes of data/hints/mcp (npm run update-mcp-hints)", () => {
    const folder = new URL("data/hints/mcp/", root);
    const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".json")).sort() : [];
    const hints = files.map((name) => readHintFile(name, readFileSync(new URL(name, folder), "utf8")));
    expect(readFileSync(new URL("build/generated/mcp-data.js", root), "utf8")).toBe(packHints(hints, analyzer));
    expect([...MCP_HINT_SERVERS].sort()).toEqual(files.map((name) => name.replace(/\.json$/u, "")).sort());
    expect(Object.keys(mcpHints()).length).toBeLessThanOrEqual(hints.reduce((sum, hint) => sum + hint.tools.length, 0));
    expect(() => mcpHints({ field: "params" as never })).toThrow(expect.objectContaining({ code: "invalid_option" }));
  });
});
