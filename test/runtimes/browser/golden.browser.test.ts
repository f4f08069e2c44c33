// Browser runtime test: headless Chromium (the system package, driven by Playwright through
// vitest browser mode). Vite resolves "toolsift" through the exports map with the `browser`
// condition, so init() fetches dist/toolsift.wasm like an application bundle would.
import { describe, expect, it, vi } from "vitest";
import * as api from "toolsift";
import catalogueText from "../../fixtures/runtime-catalogue.json?raw";
import queriesText from "../../fixtures/runtime-queries.json?raw";
import golden from "../golden.json?raw";
import { goldenDifference, runCases, serializeGolden, simdCheck, type RuntimeDoc, type RuntimeQuery } from "../common/cases.js";

describe("browser runtime (chromium)", () => {
  it("runs in a real browser", () => {
    expect(navigator.userAgent).toMatch(/Chrome\//);
    expect(typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node !== "string").toBe(true);
  });

  it("the browser entry fetches the packaged wasm and reproduces the golden file", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    await api.init();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]![0])).toMatch(/\/dist\/toolsift\.wasm$/);
    fetchSpy.mockRestore();

    const docs = JSON.parse(catalogueText) as RuntimeDoc[];
    const queries = JSON.parse(queriesText) as RuntimeQuery[];
    const text = serializeGolden(runCases(api, docs, queries), docs.length);
    expect(goldenDifference(text, golden)).toBeNull();
  });

  it("has simd128 and runs the packaged SIMD build", async () => {
    const core = await WebAssembly.compile(await (await fetch(new URL("/dist/toolsift.wasm", location.href))).arrayBuffer());
    expect(simdCheck(core)).toEqual({ probe: true, simdBuild: 1, dot: 11 });
  });
});
