// The front door of groups and deferral (docs/groups.md): what the session uses of them.
// The session's config composes the groups' config schema from ./groups-config.ts directly.
export { NO_GROUPS, SessionGroupCalls, groupEntries, groupLoads, type GroupHost, type GroupPart } from "./group-calls.js";
export { groupsOn } from "./group-state.js";
