// Regenerates test/runtimes/golden.json from Node, through the built package (dist/, the
// `node` export condition). Run only when a ranking change is intended, and review the diff:
//   npm run test:update-golden        (builds, then runs this with tsx)
// The runtime tests never write the golden; they compare against it byte for byte.
import { readFileSync, writeFileSync } from "node:fs";
import * as api from "toolsift";
import { runCases, serializeGolden, type RuntimeDoc, type RuntimeQuery } from "./common/cases.js";

const docs = JSON.parse(readFileSync(new URL("../fixtures/runtime-catalogue.json", import.meta.url), "utf8")) as RuntimeDoc[];
const queries = JSON.parse(readFileSync(new URL("../fixtures/runtime-queries.json", import.meta.url), "utf8")) as RuntimeQuery[];

await api.init();
const text = serializeGolden(runCases(api, docs, queries), docs.length);
const output = new URL("golden.json", import.meta.url);
writeFileSync(output, text);
process.stdout.write(`wrote ${output.pathname} (${text.split("\n").length - 3} cases)\n`);
