export { classOf, codePointsOf, stringOf, type CodePointClass } from "./classes.js";
export { cutToken, foldCase, foldPlural, isUpper, lowerCodePoint, WORD_FORM_FOLDERS, type OracleAnalyzer } from "./fold.js";
export { caseParts, oracleTokens, prepareField, prepareQuery } from "./analyze.js";
export { oracleSplitSummary } from "./sentence.js";
export {
  DEFAULTS,
  FIELD_CAPS,
  FIELDS,
  oracleFields,
  oracleIndex,
  oracleLimit,
  oracleQueryTerms,
  oracleRank,
  oracleSurvivingTerms,
  rawFields,
  resolveOptions,
  scoreContribution,
  type OracleDoc,
  type OracleHit,
  type OracleIndex,
  type OracleOptions,
  type OracleOptionsInput,
  type OracleWeights,
} from "./rank.js";
