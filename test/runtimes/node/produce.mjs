// Runs the shared cases in a plain Node process (no vitest, no transform): the package is
// resolved by Node itself through the exports map, so this exercises the `node` condition.
// Prints one JSON object: where "toolsift" resolved to, and the golden text it produced.
import { readFile } from "node:fs/promises";
import * as api from "toolsift";
import { runCases, serializeGolden, simdCheck } from "../common/cases.js";

const fixture = (name) => new URL(`../../fixtures/${name}`, import.meta.url);
const docs = JSON.parse(await readFile(fixture("runtime-catalogue.json"), "utf8"));
const queries = JSON.parse(await readFile(fixture("runtime-queries.json"), "utf8"));

await api.init();
const text = serializeGolden(runCases(api, docs, queries), docs.length);
const simd = simdCheck(await WebAssembly.compile(await readFile(new URL("../../../dist/toolsift.wasm", import.meta.url))));
process.stdout.write(JSON.stringify({ resolved: import.meta.resolve("toolsift"), node: process.version, text, simd }));
