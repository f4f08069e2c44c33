// The trust view's front door.
export { trustView } from "./view.js";
