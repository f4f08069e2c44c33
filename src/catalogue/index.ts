export { catalogueDocs, parseCatalogue, schemaParams } from "./parse.js";
export type { CatalogueTool } from "./parse.js";
export { catalogueList, findCatalogueList, toolEntry, type CatalogueList } from "./shapes.js";
