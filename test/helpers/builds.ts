// The two builds of the core (asconfig.json): the shipped one, which uses WebAssembly simd128,
// and the scalar one, compiled from the same source without it, which the tests hold the
// shipped one to bit for bit.
import { readFile } from "node:fs/promises";
import { useCoreModule } from "../../src/core/module.js";
import { init } from "../../src/index.js";

export type CoreBuild = "simd" | "scalar";
export const CORE_BUILDS: readonly CoreBuild[] = ["simd", "scalar"];

const FILES: Record<CoreBuild, string> = { simd: "build/toolsift.wasm", scalar: "build/toolsift.scalar.wasm" };

/** The bytes of `build` as `npm run build:wasm` wrote them. */
export function buildBytes(build: CoreBuild): Promise<Uint8Array> {
  return readFile(new URL(`../../${FILES[build]}`, import.meta.url));
}

const modules = new Map<CoreBuild, Promise<WebAssembly.Module>>();

/** `build`, compiled once per test file. */
export function compileBuild(build: CoreBuild): Promise<WebAssembly.Module> {
  let module = modules.get(build);
  if (module === undefined) {
    module = buildBytes(build).then((bytes) => WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>));
    modules.set(build, module);
  }
  return module;
}

/** Initializes toolsift and makes `build` the core of the rankers made from now on. */
export async function useBuild(build: CoreBuild): Promise<void> {
  await init();
  useCoreModule(await compileBuild(build));
}
