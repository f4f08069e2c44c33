// The package's types and its Node/development entry. The published runtime entries are
// dist/entry/{node,browser,workerd,deno}.js; they export exactly this surface.
export * from "./entry/node.js";
