// The "toolsift/journal-stores" entry: a session's journal in Workers KV, Deno KV or the
// browser's IndexedDB. A separate entry so an application that keeps its journal in memory
// (or in a file) ships none of it (test/size.test.ts).
export { WRITE_BEHIND_DEFAULTS, WriteBehindJournal, type WriteBehindOptions } from "./write-behind.js";
export { KvJournal, type KvJournalOptions, type KvNamespaceLike } from "./kv.js";
export { DenoKvJournal, type DenoKvJournalOptions, type DenoKvLike } from "./deno-kv.js";
export { IndexedDbJournal, type IndexedDbJournalOptions } from "./indexeddb.js";
export { resumeSession } from "./resume.js";
