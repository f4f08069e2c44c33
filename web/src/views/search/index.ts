// The search view's front door.
export { RANK_TIMING } from "./timing.js";
export { searchView, type SearchView } from "./view.js";
