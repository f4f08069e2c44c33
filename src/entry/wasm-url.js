// Where the browser entry finds the core by default, in the source tree: build/ (written by
// `npm run build:wasm`). dist/ holds its own copy of this module (wasm-url.dist.js, copied by
// scripts/finish-dist.mjs), naming the .wasm beside dist/. Each tree names a file it has, so a
// bundler that follows `new URL(…, import.meta.url)` (Vite) emits the core from either.
export function wasmUrl() {
  return new URL("../../build/toolsift.wasm", import.meta.url);
}
