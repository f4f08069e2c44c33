// The evaluation view's front door.
export { evaluationView } from "./view.js";
