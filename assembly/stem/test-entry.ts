// Test-only entry: a scratch window for one token and one call per stemmer. Compiled by
// test/stem.test.ts into build/stem-test/; never part of the shipped module.
import { porterSteps, stemPorter } from "./porter";
import { stemRussian } from "./russian";

// Longer than any word of the conformance lists (27 code units) and than the analyzer's
// 32-unit token cut.
// @ts-ignore: decorator
@inline const SCRATCH_UNITS: i32 = 256;

const scratch: usize = memory.data(SCRATCH_UNITS << 1, 16);

/** Where the caller writes a token's UTF-16 code units. */
export function scratchPointer(): usize {
  return scratch;
}

/** How many code units the scratch window holds. */
export function scratchUnits(): i32 {
  return SCRATCH_UNITS;
}

/** Kinds of `stem`: the analyzer's Porter, the paper's steps on any length, Russian. */
export const KIND_PORTER: i32 = 0;
export const KIND_PORTER_STEPS: i32 = 1;
export const KIND_RUSSIAN: i32 = 2;

/** Stems the token in the scratch window in place; returns its new length, −1 for an unknown kind. */
export function stem(kind: i32, len: i32): i32 {
  if (len < 0 || len > SCRATCH_UNITS) return -1;
  if (kind == KIND_PORTER) return stemPorter(scratch, len);
  if (kind == KIND_PORTER_STEPS) return porterSteps(scratch, len);
  if (kind == KIND_RUSSIAN) return stemRussian(scratch, len);
  return -1;
}
