// The analyzer fingerprint of RANKER_DEFAULTS (DESIGN.md "Index artifact"), so loading
// an artifact made with the defaults needs no encoding of the bundled lists. Written by
// `npm run update-fingerprint`; test/default-fingerprint.test.ts checks it.
export const DEFAULT_ANALYZER_FINGERPRINT = 0x4f55a839;
