// DESIGN.md §A4 step 4: word-form folding, chosen once per index.

export const MODE_PLURAL: i32 = 0;
export const MODE_STEM: i32 = 1;

let mode: i32 = MODE_PLURAL;

export function setWordFormMode(value: i32): void {
  mode = value;
}

export function wordFormMode(): i32 {
  return mode;
}

function foldPlural(pointer: usize, length: i32): i32 {
  if (length <= 3) return length;
  let last = load<u16>(pointer + (<usize>(length - 1) << 1));
  let before = load<u16>(pointer + (<usize>(length - 2) << 1));
  return last == 0x73 && before != 0x73 ? length - 1 : length;
}

/** Folds the token in place and returns its new length. */
export function foldWordForm(pointer: usize, length: i32): i32 {
  if (mode == MODE_STEM) return length;
  return foldPlural(pointer, length);
}
