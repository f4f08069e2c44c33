// Deep freezing, for the specs and results toolsift hands to the host: the host must not be
// able to change what the session keeps or replays.

/** Freezes a JSON value and everything in it (specs handed to the host must not change). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
