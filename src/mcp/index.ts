export { GATEWAY_DEFAULTS, gatewayDeferral, parseGatewayConfig, type GatewayDeferral, type GatewayConfig, type HttpServerEntry, type ServerEntry, type StdioServerEntry } from "./config.js";
export { CALL_TOOL, DownstreamSession, SEARCH_TOOL, type DownstreamCaps, type DownstreamOptions, type GatewayCallErrorCode } from "./downstream.js";
export { Gateway, type GatewayOptions, type GatewayTool, type ToolSource } from "./gateway.js";
export { HTTP_DEFAULTS, listenHttp, type HttpListener } from "./http.js";
export { ID_SEPARATOR, SERVER_NAME_RULE, isServerName, splitToolId, toolId } from "./ids.js";
export { GATEWAY_JOURNAL_FORMAT, GATEWAY_JOURNAL_VERSION, NO_JOURNAL, fileJournal, type GatewayLine, type SessionJournal } from "./journal-file.js";
export { QuarantineState, STATE_FORMAT, STATE_VERSION, pinTool, quarantineDiff, type PinnedTool, type QuarantinedTool } from "./quarantine.js";
export { readRecordedRun, replaySource, type RecordedRun } from "./replay.js";
export { Upstream, UpstreamCallError, type UpstreamErrorCode, type UpstreamStatus } from "./upstream.js";
