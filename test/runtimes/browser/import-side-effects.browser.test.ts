// Importing the package does nothing until init() is called: no fetch, no compile.
import { describe, expect, it, vi } from "vitest";

describe("browser entry import", () => {
  it("fetches and compiles nothing on import", async () => {
    const spies = [
      vi.spyOn(globalThis, "fetch"),
      vi.spyOn(WebAssembly, "compile"),
      vi.spyOn(WebAssembly, "compileStreaming"),
      vi.spyOn(WebAssembly, "instantiate"),
      vi.spyOn(WebAssembly, "instantiateStreaming"),
    ];
    const api = await import("toolsift");
    expect(typeof api.Bm25ToolRanker).toBe("function");
    expect(api.isInitialized()).toBe(false);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    // The spies are live: init() is what fetches and compiles.
    await api.init();
    expect(spies[0]).toHaveBeenCalledTimes(1);
    expect(spies[2]!.mock.calls.length + spies[1]!.mock.calls.length).toBeGreaterThan(0);
  });
});
