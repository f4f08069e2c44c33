// Where the browser entry finds the core by default, in the package: dist/toolsift.wasm. The
// source tree's copy (wasm-url.js) names build/ instead; scripts/finish-dist.mjs puts this one
// in dist/entry/wasm-url.js.
export function wasmUrl() {
  return new URL("../toolsift.wasm", import.meta.url);
}
