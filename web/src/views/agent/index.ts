// The agent-run view's front door.
export { agentView } from "./view.js";
