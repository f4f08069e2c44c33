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
  return new Proxy(target, {
    get: (_, key, receiver) => Reflect.get(ready(), key, receiver),
    has: (_, key) => Reflect.has(ready(), key),
    ownKeys: () => Reflect.ownKeys(ready()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(ready(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(ready()),
    isExtensible: () => Reflect.isExtensible(ready()),
    preventExtensions: () => Reflect.preventExtensions(ready()),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(ready(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(ready(), key),
    set: (_, key, value, receiver) => Reflect.set(ready(), key, value, receiver),
    setPrototypeOf: (_, prototype) => Reflect.setPrototypeOf(ready(), prototype),
  });
}
