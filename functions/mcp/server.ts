/**
 * One MCP server per HTTP request (the endpoint is stateless): the caller the edge resolved for this request is
 * fixed in it, so the credentialed tools need no session.
 *
 * Tools are served through the underlying Server's request handlers rather than McpServer.registerTool:
 * registerTool validates arguments itself and words the error its own way, and a tool must give the REST
 * message for the same bad value. Prompts use McpServer as it is.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { ReadOperations } from "../api/operations.ts";
import type { Caller } from "../http/caller.ts";
import type { Clock } from "../runtime/clock.ts";
import type { Logger } from "../runtime/logger.ts";
import { registerCompletion } from "./completion.ts";
import { registerDeadlineBoard } from "./deadline-board/resource.ts";
import { serverInfo, serverInstructions } from "./instructions.ts";
import { registerPrompts } from "./prompts.ts";
import { registerResources, type VenueMarkdown } from "./resources.ts";
import { callTool, listTools, TOOL_NAMES } from "./tools.ts";

export interface McpServerContext {
  ops: ReadOperations;
  publicBaseUrl: string;
  clock: Clock;
  logger: Logger;
  caller: Caller;
  requestId: string;
  venueMarkdown: VenueMarkdown;
}

/**
 * One schema validator for every per-request server: the SDK would build an Ajv instance per server (a sixth of
 * a tool call's CPU), and it holds nothing request-specific.
 */
const schemaValidator = new AjvJsonSchemaValidator();

export function createMcpServer(context: McpServerContext): McpServer {
  const { ops, caller, requestId, logger } = context;
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
  server.server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    let result: Awaited<ReturnType<typeof callTool>>;
    try {
      result = await callTool(ops, params.name, params.arguments ?? {}, caller, context.publicBaseUrl);
    } catch (err) {
      // A fault, not a bad argument: the details go to the log, the client gets the request id.
      logger.error({ err, request_id: requestId, tool: params.name }, "MCP tool failed");
      throw new McpError(ErrorCode.InternalError, `internal error (request ${requestId})`);
    }
    if (!result) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `unknown tool ${JSON.stringify(params.name)}; tools: ${TOOL_NAMES.join(", ")}`,
      );
    }
    return result;
  });
  return server;
}
