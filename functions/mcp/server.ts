/**
 * One MCP server per HTTP request that is not a plain tool call (those take direct-call.ts; the endpoint is
 * stateless): the caller the edge resolved for this request is fixed in it, so the credentialed tools need no
 * session.
 *
 * Tools are served through the underlying Server's request handlers rather than McpServer.registerTool:
 * registerTool validates arguments itself and words the error its own way, and a tool must give the REST
 * message for the same bad value (docs/mcp.md, "For module authors", says why in full, with the direct path's
 * measured saving). Prompts use McpServer as it is.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { registerCompletion } from "./completion.ts";
import { registerDeadlineBoard } from "./deadline-board/resource.ts";
import { serverInfo, serverInstructions } from "./instructions.ts";
import { registerPrompts } from "./prompts.ts";
import { registerResources, type VenueMarkdown } from "./resources.ts";
import { answerToolCall, type ToolCallContext } from "./tool-call.ts";
import { listTools } from "./tools.ts";

export interface McpServerContext extends ToolCallContext {
  venueMarkdown: VenueMarkdown;
}

/**
 * One schema validator for every per-request server: the SDK would build an Ajv instance per server (a sixth of
 * a tool call's CPU), and it holds nothing request-specific.
 */
const schemaValidator = new AjvJsonSchemaValidator();

export function createMcpServer(context: McpServerContext): McpServer {
  const { ops } = context;
  const server = new McpServer(serverInfo(context.publicBaseUrl), {
    instructions: serverInstructions(context.publicBaseUrl),
    capabilities: { tools: {} },
    jsonSchemaValidator: schemaValidator,
  });
  registerPrompts(server, context.clock);
  registerResources(server, context);
  registerCompletion(server, ops);
  registerDeadlineBoard(server);

  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listTools() }));
  server.server.setRequestHandler(
    CallToolRequestSchema,
    async ({ params }) => (await answerToolCall(context, params.name, params.arguments ?? {})).result,
  );
  return server;
}
