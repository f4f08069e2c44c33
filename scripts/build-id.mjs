// Stamps the compiled core (build/toolsift.wasm, or the files named) with its build id, which
// every index artifact records: a 32-bit digest of the module's own bytes, so the id changes
// exactly when the core does. It goes in a custom section the host reads from the compiled
// module without instantiating it (src/core/module.ts `coreBuildId`). Run after asc; running
// it again on a stamped file leaves the file as it is.
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";

const SECTION_NAME = "toolsift.build";
const name = new TextEncoder().encode(SECTION_NAME);
// A custom section: id 0, its size, the name's length and bytes, then the u32. Every size here
// is below 128, so each LEB128 is a single byte.
const stampBytes = 2 + 1 + name.length + 4;

function stampOf(module) {
  const stamp = new Uint8Array(stampBytes);
  stamp.set([0, stampBytes - 2, name.length, ...name]);
  new DataView(stamp.buffer).setUint32(stampBytes - 4, createHash("sha256").update(module).digest().readUInt32LE(0), true);
  return stamp;
}

const files = process.argv.length > 2 ? process.argv.slice(2) : ["build/toolsift.wasm"];
for (const file of files) {
  const bytes = new Uint8Array(await readFile(file));
  const tail = bytes.subarray(bytes.length - stampBytes, bytes.length - 4);
  const stamped = tail[0] === 0 && tail[1] === stampBytes - 2 && tail[2] === name.length && SECTION_NAME === new TextDecoder().decode(tail.subarray(3));
  const module = stamped ? bytes.subarray(0, bytes.length - stampBytes) : bytes;
  const out = new Uint8Array(module.length + stampBytes);
  out.set(module);
  out.set(stampOf(module), module.length);
  await writeFile(file, out);
}
