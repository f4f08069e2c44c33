export { flexsearchPeer } from "./flexsearch.js";
export { lunrPeer } from "./lunr.js";
export { minisearchPeer } from "./minisearch.js";
export { oramaPeer } from "./orama.js";
export { winkPeer } from "./wink.js";
export { PEERS } from "./registry.js";
export { PEER_BOOSTS, PEER_FIELDS, toPeerDoc, type PeerDoc } from "./fields.js";
