// Rewrites src/analysis/russian-lexicon-packed.ts from src/analysis/russian-lexicon.ts (after
// an edit of the Russian lexicon; src/analysis/lexicon.test.ts says when).
//
//   npm run update-lexicon
import { writeFileSync } from "node:fs";
import { RUSSIAN_LETTERS, unpackRussian } from "../src/analysis/lexicon.js";
import { RUSSIAN_LEXICON_TABLE } from "../src/analysis/russian-lexicon.js";

const packed = RUSSIAN_LEXICON_TABLE.split("\n")
  .map((line) => {
    const [forms = "", english = ""] = line.split("=");
    const letters = [...forms].map((letter) => (letter === " " ? letter : RUSSIAN_LETTERS[letter.charCodeAt(0) - 0x430]));
    if (letters.includes(undefined) || /[^a-z ]/.test(english)) throw new Error(`cannot pack the line ${JSON.stringify(line)}: keys are а–я, values a–z`);
    return `${letters.join("")}=${english}`;
  })
  .join("\n");
if (unpackRussian(packed) !== RUSSIAN_LEXICON_TABLE) throw new Error("the packed table does not unpack to the table");
const file = new URL("../src/analysis/russian-lexicon-packed.ts", import.meta.url);
writeFileSync(
  file,
  `// The Russian lexicon (./russian-lexicon.ts) as the bundle carries it: each Cyrillic letter of
// a key written as a Latin letter or digit (RUSSIAN_LETTERS in ./lexicon.ts). Written by
// \`npm run update-lexicon\`; do not edit. src/analysis/lexicon.test.ts checks it.
export const RUSSIAN_LEXICON_PACKED = \`${packed}\`;
`,
);
console.log(`wrote ${file.pathname}: ${packed.length} characters`);
