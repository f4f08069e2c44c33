// The catalogue view's front door.
export { catalogueView } from "./view.js";
