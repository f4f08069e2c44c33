// Browser runtime, index artifacts: headless Chromium fetches the artifacts that Node built
// (test/runtimes/build-artifacts.ts, a vitest globalSetup run before this project) from the
// vite dev server of vitest browser mode, loads them with Bm25ToolRanker.load, and must
// reproduce the golden file byte for byte; a copy with one byte flipped must be refused with
// a typed ToolsiftError (artifact_checksum).
import { describe, expect, it } from "vitest";
import * as api from "toolsift";
import queriesText from "../../fixtures/runtime-queries.json?raw";
import catalogueText from "../../fixtures/runtime-catalogue.json?raw";
import golden from "../golden.json?raw";
import {
  artifactName,
  CONFIGS,
  goldenDifference,
  loadFlipped,
  loadRankers,
  runCasesWith,
  serializeGolden,
  type RuntimeQuery,
} from "../common/cases.js";

async function fetchArtifacts(): Promise<Map<string, Uint8Array>> {
  const artifacts = new Map<string, Uint8Array>();
  for (const config of CONFIGS) {
    const url = new URL(`../artifacts/${artifactName(config.name)}`, import.meta.url);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status} (the artifacts are built by test/runtimes/build-artifacts.ts)`);
    artifacts.set(config.name, new Uint8Array(await response.arrayBuffer()));
  }
  return artifacts;
}

describe("browser runtime (chromium): index artifacts built in Node", () => {
  it("fetches every config's artifact, loads it and reproduces the golden file", async () => {
    await api.init();
    const artifacts = await fetchArtifacts();
    // The bytes are the artifact, not an HTML fallback page: "TSFT" magic.
    for (const bytes of artifacts.values()) expect([...bytes.subarray(0, 4)]).toEqual([0x54, 0x53, 0x46, 0x54]);
    const queries = JSON.parse(queriesText) as RuntimeQuery[];
    const docCount = (JSON.parse(catalogueText) as unknown[]).length;
    const text = serializeGolden(runCasesWith(loadRankers(api, artifacts), queries), docCount);
    expect(goldenDifference(text, golden)).toBeNull();
  });

  it("refuses an artifact with one byte flipped with ToolsiftError artifact_checksum", async () => {
    await api.init();
    const artifacts = await fetchArtifacts();
    for (const config of CONFIGS) {
      const { error } = loadFlipped(api, artifacts.get(config.name)!);
      expect(error, config.name).toMatchObject({ toolsiftError: true, name: "ToolsiftError", code: "artifact_checksum" });
    }
  });
});
