export { classOf, codePointsOf, stringOf, type CodePointClass } from "./classes.js";
export { cutToken, foldCase, foldPlural, isUpper, lowerCodePoint, WORD_FORM_FOLDERS, type OracleAnalyzer } from "./fold.js";
export { caseParts, oracleTokens, prepareField, prepareQuery } from "./analyze.js";
export { fdlibmLog } from "./log.js";
export { oracleSplitSummary } from "./sentence.js";
export {
  DEFAULTS,
  FIELD_CAPS,
  FIELDS,
  oracleExplain,
  oracleFields,
  oracleIndex,
  oracleLimit,
  oracleAnalyzeQuery,
  oracleQueryTerms,
  oracleVariants,
  oracleWeightedTerms,
  oracleSplitTerm,
  oracleRank,
  oracleSurvivingTerms,
  rawFields,
  resolveOptions,
  scoreContribution,
  type OracleDoc,
  type OracleExplanation,
  type OracleTermExplanation,
  type OracleHit,
  type OracleIndex,
  type OracleOptions,
  type OracleOptionsInput,
  type OracleQueryAnalysis,
  type OracleWeights,
} from "./rank.js";
export { oracleFragments, oracleNameFallback, oracleSearch, type OracleSearch, type OracleSearchHit } from "./confidence.js";
export { oracleLookalikes, oracleNamespaceWords, oracleSoundDistance, oracleSoundSpelling } from "./lookalikes.js";
