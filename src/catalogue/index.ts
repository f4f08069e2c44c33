export { catalogueDocs, parseCatalogue, schemaParams } from "./parse.js";
export type { CatalogueTool } from "./parse.js";
