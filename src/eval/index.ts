export { evaluate, evaluateDetailed, EVAL_DEFAULTS } from "./evaluate.js";
export type { EvalMetrics, EvalOptions, EvalReport, EvalRow } from "./evaluate.js";
export { parseQueries } from "./queries.js";
export type { EvalFold, EvalQuery } from "./queries.js";
export { firstRelevantRank, ndcgAt, recallAt } from "./metrics.js";
