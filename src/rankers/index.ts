export { bm25RankerFactory, withQueryVectors } from "./builtin.js";
export { MAX_RANK_ASK, clipHits, type ClipResult, type RankFailure } from "./clip.js";
export { FUSION_DEFAULTS, fuseRankers, type FusionOptions } from "./fusion.js";
export { SessionRanker, type BuiltRanker } from "./session-ranker.js";
export { checkRankerInput, isClass, isThenable, rankerKind, swallowRejection, type RankerInput } from "./shape.js";
