/**
 * One tools/call as both paths answer it (the SDK server's handler and the direct path, direct-call.ts): the
 * tool's answer, or the JSON-RPC error the SDK server sends for an unknown tool or a fault.
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { Caller } from "../../read/caller.ts";
import type { ReadOperations } from "../../read/operations.ts";
import type { Clock } from "../../runtime/clock.ts";
import type { Logger } from "../../runtime/logger.ts";
import type { Arguments } from "./tool-spec.ts";
import { callTool, TOOL_NAMES, type ToolAnswer } from "./tools.ts";

/** What a tool call needs beyond its arguments: the operations, and the request it belongs to. */
export interface ToolCallContext {
  ops: ReadOperations;
  publicBaseUrl: string;
  logger: Logger;
  caller: Caller;
  requestId: string;
  /** Today, for answers that say how old their data is (the deadline board). */
  clock: Clock;
}

export async function answerToolCall(
  context: ToolCallContext,
  name: string,
  args: Arguments,
): Promise<ToolAnswer> {
  const { ops, caller, publicBaseUrl, logger, requestId, clock } = context;
  let answer: ToolAnswer | undefined;
  try {
    answer = await callTool(ops, name, args, caller, publicBaseUrl, clock);
  } catch (err) {
    // A fault, not a bad argument: the details go to the log, the client gets the request id.
    logger.error({ err, request_id: requestId, tool: name }, "MCP tool failed");
    throw new McpError(ErrorCode.InternalError, `internal error (request ${requestId})`);
  }
  if (!answer) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `unknown tool ${JSON.stringify(name)}; tools: ${TOOL_NAMES.join(", ")}`,
    );
  }
  return answer;
}
