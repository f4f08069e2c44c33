// Loads the artifacts that test/runtimes/build-artifacts.ts wrote (one per config) in a plain
// Node process ("toolsift" resolved by Node through the exports map, as in produce.mjs), runs
// the shared cases on the loaded rankers, and loads a copy of each with one byte flipped.
// Prints one JSON object: the golden text from the loaded rankers and the flipped-load errors.
import { readFile } from "node:fs/promises";
import * as api from "toolsift";
import {
  ARTIFACT_DIR,
  artifactName,
  CONFIGS,
  loadFlipped,
  loadRankers,
  runCasesWith,
  serializeGolden,
} from "../common/cases.js";

const root = new URL("../../../", import.meta.url);
const fixture = (name) => new URL(`test/fixtures/${name}`, root);
const docs = JSON.parse(await readFile(fixture("runtime-catalogue.json"), "utf8"));
const queries = JSON.parse(await readFile(fixture("runtime-queries.json"), "utf8"));

const artifacts = new Map();
for (const config of CONFIGS) {
  const file = new URL(`${ARTIFACT_DIR}/${artifactName(config.name)}`, root);
  artifacts.set(config.name, new Uint8Array(await readFile(file)));
}

await api.init();
const text = serializeGolden(runCasesWith(loadRankers(api, artifacts), queries), docs.length);
const flipped = Object.fromEntries(CONFIGS.map((config) => [config.name, loadFlipped(api, artifacts.get(config.name))]));
process.stdout.write(JSON.stringify({ resolved: import.meta.resolve("toolsift"), text, flipped }));
