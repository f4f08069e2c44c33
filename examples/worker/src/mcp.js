// MCP over Streamable HTTP, stateless: every request gets a new server and transport, and
// every `search_tools` call a new session (its menu is the caller's to keep). The server is
// the SDK's own; its JSON Schema validator is the one that runs in workerd (Ajv compiles
// code at run time, which Workers refuse).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";

export async function mcpResponse(request, newSession) {
  const server = new Server(
    { name: "toolsift-worker", version: "0.1.0" },
    { capabilities: { tools: {} }, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  const spec = newSession().menu()[0];
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [spec] }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    if (params.name !== spec.name) return { isError: true, content: [{ type: "text", text: JSON.stringify({ code: "unknown_tool" }) }] };
    const outcome = newSession().handleToolCall({ turn: 0, index: 0, name: spec.name, input: params.arguments ?? {} });
    const result = outcome.result;
    return { isError: "code" in result, content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
  });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  return transport.handleRequest(request);
}
