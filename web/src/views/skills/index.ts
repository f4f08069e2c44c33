// The skills view's front door.
export { DEMO_SKILL } from "./activation.js";
export { skillsView } from "./view.js";
