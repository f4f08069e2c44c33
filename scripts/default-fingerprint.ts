// Rewrites src/core/default-fingerprint.ts from the bundled options (after a change to the
// default options, stopwords or lexicon; test/default-fingerprint.test.ts says when).
//
//   npm run update-fingerprint
import { writeFileSync } from "node:fs";
import { analyzerFingerprint } from "../src/core/artifact.js";
import { RANKER_DEFAULTS } from "../src/core/options.js";

const value = analyzerFingerprint(RANKER_DEFAULTS as unknown as Parameters<typeof analyzerFingerprint>[0]);
const file = new URL("../src/core/default-fingerprint.ts", import.meta.url);
writeFileSync(
  file,
  `// The analyzer fingerprint of RANKER_DEFAULTS (DESIGN.md "Index artifact"), so loading
// an artifact made with the defaults needs no encoding of the bundled lists. Written by
// \`npm run update-fingerprint\`; test/default-fingerprint.test.ts checks it.
export const DEFAULT_ANALYZER_FINGERPRINT = 0x${value.toString(16).padStart(8, "0")};
`,
);
console.log(`wrote ${file.pathname}: 0x${value.toString(16).padStart(8, "0")}`);
