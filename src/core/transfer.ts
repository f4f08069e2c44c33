import { ToolsiftError } from "../errors.js";
// A built index's move from the core that built it into a fresh core of its own.
import { SECTION_FIELD_FREQUENCIES, SECTION_LEXICON_TABLES, SECTION_POSTING_ENTRIES, SECTION_SATURATIONS, SECTION_STOPWORD_TABLE, STATUS_OK } from "./abi.js";
import { CORE_SECTIONS } from "./artifact-layout.js";
import type { CoreMemory } from "./memory.js";

/**
 * Moves a built index from the core that built it into a fresh core `to`: the finished
 * sections copied memory to memory, the posting arrays (entries, saturations, field
 * frequencies) written out by the building core a batch at a time through its scratch window
 * and copied in order, then the same derivation, structural check and search set-up as a
 * load. The new core holds the index and nothing of the build's working space, and the
 * building core never holds the posting arrays.
 */
export function transferIndex(from: CoreMemory, to: CoreMemory, configure: (memory: CoreMemory) => void): void {
  const source = from.core;
  const target = to.core;
  source.stageTables();
  const records = source.recordTotal();
  const sizes = [source.documents(), source.termCount(), source.termPoolLength(), records] as const;
  if (!target.prepareLoad(...sizes, source.sectionBytes(SECTION_STOPWORD_TABLE), source.sectionBytes(SECTION_LEXICON_TABLES))) {
    throw new ToolsiftError("internal_error", "toolsift: a built index does not fit a fresh core");
  }
  for (const id of CORE_SECTIONS) {
    if (PLACED_SECTIONS.includes(id)) continue;
    const length = source.sectionBytes(id);
    to.bytes(target.sectionPointer(id), length).set(from.bytes(source.sectionPointer(id), length));
  }
  configure(to);
  // The posting arrays, a batch at a time, in order: entries, saturations, field frequencies.
  const batch = source.EMIT_BATCH.value as number;
  const widths = [SECTION_POSTING_ENTRIES, SECTION_SATURATIONS, SECTION_FIELD_FREQUENCIES].map((id) => [id, target.sectionBytes(id) / records] as const);
  for (let first = 0; first < records; first += batch) {
    const count = Math.min(batch, records - first);
    source.emitPostings(first, count);
    let at = source.scratchPointer();
    for (const [id, width] of widths) {
      to.bytes(target.sectionPointer(id) + first * width, count * width).set(from.bytes(at, count * width));
      at += count * width;
    }
  }
  const status = target.finishLoad();
  if (status !== STATUS_OK) throw new ToolsiftError("internal_error", `toolsift: a built index failed check ${status}`);
}

/** Sections a transfer fills from the building core's batches instead of copying them whole. */
const PLACED_SECTIONS: readonly number[] = [SECTION_POSTING_ENTRIES, SECTION_SATURATIONS, SECTION_FIELD_FREQUENCIES];
