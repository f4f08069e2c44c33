import type { EngineFactory } from "../lib/engine.js";
import { flexsearchPeer } from "./flexsearch.js";
import { lunrPeer } from "./lunr.js";
import { minisearchPeer } from "./minisearch.js";
import { oramaPeer } from "./orama.js";
import { winkPeer } from "./wink.js";

/** Every peer, in report order. */
export const PEERS: readonly EngineFactory[] = [minisearchPeer, oramaPeer, flexsearchPeer, lunrPeer, winkPeer];
