// A stray console call in library code is a bug (STYLE: no console in library code). A
// ToolsiftWarning that reaches `process.emitWarning` (the default hook) is a test that forgot
// to pass `onWarning`: its warning would only print on stderr, unasserted.
import { afterEach, beforeEach, vi } from "vitest";

const methods = ["log", "info", "warn", "error", "debug"] as const;
let strayWarnings: string[] = [];

beforeEach(() => {
  strayWarnings = [];
  if (typeof process !== "undefined" && typeof process.emitWarning === "function") {
    const emit = process.emitWarning.bind(process);
    vi.spyOn(process, "emitWarning").mockImplementation(((warning: string | Error, options?: { code?: string; type?: string }) => {
      if (options?.type !== "ToolsiftWarning") return emit(warning, options as never);
      strayWarnings.push(`${options.code ?? ""}: ${String(warning)}`);
    }) as typeof process.emitWarning);
  }
  for (const method of methods) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      throw new Error(`unexpected console.${method}: ${args.map(String).join(" ")}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (strayWarnings.length > 0) throw new Error(`unasserted warnings (pass onWarning and assert them): ${strayWarnings.join("; ")}`);
});
