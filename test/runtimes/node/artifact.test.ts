// Node runtime, index artifacts: the artifacts built in Node by the globalSetup
// (test/runtimes/build-artifacts.ts) are loaded in a plain `node` child process, which must
// reproduce the golden file byte for byte from them, and must refuse a copy with one byte
// flipped with a typed ToolsiftError (artifact_checksum) rather than answer.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import * as api from "../../../src/index.js";
import { CONFIGS, flipArtifactByte, goldenDifference, loadFlipped, type FlippedLoad } from "../common/cases.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../../", import.meta.url));
const golden = readFileSync(new URL("../golden.json", import.meta.url), "utf8");

let produced: { resolved: string; text: string; flipped: Record<string, FlippedLoad> };

beforeAll(async () => {
  const { stdout } = await run(process.execPath, [fileURLToPath(new URL("load-artifacts.mjs", import.meta.url))], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  produced = JSON.parse(stdout) as typeof produced;
}, 120_000);

describe("node runtime: index artifacts built in Node", () => {
  it("loads every config's artifact in a real node process and reproduces the golden file", () => {
    expect(produced.resolved).toBe(new URL("dist/entry/node.js", `file://${root}`).href);
    expect(goldenDifference(produced.text, golden)).toBeNull();
  });

  it("refuses an artifact with one byte flipped with ToolsiftError artifact_checksum", () => {
    for (const config of CONFIGS) {
      const { error } = produced.flipped[config.name]!;
      expect(error, config.name).toMatchObject({ toolsiftError: true, name: "ToolsiftError", code: "artifact_checksum" });
    }
  });

  it("the flip helper changes exactly one byte, inside the data (checked in-process too)", async () => {
    await api.init();
    const bytes = new api.Bm25ToolRanker([{ id: "a", description: "open a pull request", tags: [], aliases: [] }]).serialize();
    const { bytes: flipped, offset } = flipArtifactByte(bytes);
    expect([...flipped].filter((byte, index) => byte !== bytes[index])).toHaveLength(1);
    expect(offset).toBeGreaterThanOrEqual(64);
    expect(loadFlipped(api, bytes).error).toMatchObject({ toolsiftError: true, code: "artifact_checksum" });
    // The unflipped bytes load: the error above is the flip's doing.
    expect(api.Bm25ToolRanker.load(bytes).rank("pull request", 1)[0]!.id).toBe("a");
  });
});
