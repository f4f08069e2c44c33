// Reading the typed failures the tests assert on, in one place: every failure is a
// ToolsiftError, anything else a test sees thrown is a bug and is rethrown as is.
import { isToolsiftError, type ToolsiftError } from "../../src/errors.js";

/**
 * The ToolsiftError that `action` throws; the test fails when `action` returns instead.
 *
 * @example
 * expect(toolsiftError(() => parseQueries("nope")).code).toBe("invalid_queries");
 */
export function toolsiftError(action: () => unknown): ToolsiftError {
  try {
    action();
  } catch (error) {
    if (isToolsiftError(error)) return error;
    throw error;
  }
  throw new Error("expected a ToolsiftError; the call returned");
}

/**
 * The code of the ToolsiftError that `action` throws, or `undefined` when it returns.
 *
 * @example
 * expect(errorCode(() => Bm25ToolRanker.load(bytes)) ?? "loaded").toBe("artifact_checksum");
 */
export function errorCode(action: () => unknown): ToolsiftError["code"] | undefined {
  try {
    action();
  } catch (error) {
    if (isToolsiftError(error)) return error.code;
    throw error;
  }
  return undefined;
}
