// A stray console call in library code is a bug (STYLE: no console in library code).
import { afterEach, beforeEach, vi } from "vitest";

const methods = ["log", "info", "warn", "error", "debug"] as const;

beforeEach(() => {
  for (const method of methods) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      throw new Error(`unexpected console.${method}: ${args.map(String).join(" ")}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});
