export { LABEL_LIMITS, normalizeLabel, normalizeLabels, cutCodeUnits } from "./labels.js";
export { MAX_PARAMS, readParams } from "./params.js";
export { WITHHELD_DESCRIPTION, toolTrust, type ToolTrust, type TrustOptions } from "./policy.js";
export { SCHEMA_LIMITS, sanitizeSchema, jsonCopy, type JsonObject, type JsonValue } from "./schema.js";
export { skillSearchDocs, type SkillDefinition, type SkillSearchDocsOptions } from "./skill-docs.js";
export { RESULT_DESCRIPTION_LENGTH, resultDescription, toolSpec, type ToolSpec } from "./spec.js";
export {
  annotationFor,
  catalogueTools,
  toolSearchDoc,
  toolSearchDocs,
  type ToolSearchDocsOptions,
} from "./tool-docs.js";
export {
  isRemoteTool,
  tainted,
  toolKey,
  type Catalogue,
  type McpToolsList,
  type McpToolsListResponse,
  type TaintedText,
  type ToolAnnotation,
  type ToolAnnotations,
  type ToolDefinition,
  type TrustJsonSchemaText,
} from "./tool-definition.js";
