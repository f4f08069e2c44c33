// The settings panel's front door.
export { settingsView } from "./view.js";
