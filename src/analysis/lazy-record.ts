// A frozen record built on first use. The bundled lexicons are exported as plain-looking
// frozen objects; building them from their packed text at import cost every process ≈ 15 ms
// (docs/performance.md "Node cold start"), whether a lexicon is ever read or not. The proxy's
// target is filled and frozen by the first operation on it, so every reader (`record[key]`,
// `key in record`, `Object.keys`, `Object.isFrozen`, spreading) sees the built record, and the
// object's identity, which the ranker compares to spot the bundled lexicon, never changes.

/** A read-only record whose entries `build` makes the first time anything looks at it. */
export function lazyRecord<T>(build: () => Record<string, T>): Readonly<Record<string, T>> {
  const target: Record<string, T> = Object.create(null);
  let built = false;
  const ready = (): Record<string, T> => {
    if (!built) {
      built = true;
      const entries = build();
      for (const key of Object.keys(entries)) target[key] = entries[key]!;
      Object.setPrototypeOf(target, Object.getPrototypeOf(entries));
      Object.freeze(target);
    }
    return target;
  };
  // Every trap forwards to the built record: Reflect has one function per trap, same names.
  const handler: Record<string, unknown> = {};
  for (const trap of Object.getOwnPropertyNames(Reflect)) {
    const forward = (Reflect as unknown as Record<string, (...args: unknown[]) => unknown>)[trap]!;
    handler[trap] = (_: unknown, ...rest: unknown[]) => forward(ready(), ...rest);
  }
  return new Proxy(target, handler as ProxyHandler<Record<string, T>>);
}
