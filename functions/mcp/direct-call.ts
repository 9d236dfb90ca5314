/**
 * The direct path for the common request, one tools/call: answered without an SDK server and transport built and
 * torn down for it (about half of such a call's CPU), with the body the SDK sends (`{result, jsonrpc, id}`, or the
 * same JSON-RPC error) and the payload serialised once. Whatever the SDK would treat otherwise (a batch, a
 * notification, an unknown tool, a Content-Type or protocol version its transport refuses, a task-augmented call,
 * a malformed message) is not a plain call and goes to the SDK, which gives its own answer.
 */
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import { McpError, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { answerToolCall, type ToolCallContext } from "./tool-call.ts";
import type { Arguments } from "./tool-spec.ts";
import { isToolName } from "./tools.ts";

export interface PlainToolCall {
  id: string | number;
  name: string;
  args: Arguments;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const only = (value: Record<string, unknown>, keys: ReadonlySet<string>) =>
  Object.keys(value).every((key) => keys.has(key));

/** The SDK's JSON-RPC request schema is strict: these keys and no others. */
const REQUEST_KEYS = new Set(["jsonrpc", "id", "method", "params"]);
/** tools/call params the direct path answers as the SDK would (`task` asks for a task, left to the SDK). */
const PARAM_KEYS = new Set(["name", "arguments", "_meta"]);
/** `_meta` that changes nothing here: a progress token (no progress is sent for a read that answers at once). */
const META_KEYS = new Set(["progressToken"]);

/** A JSON-RPC id or progress token as the SDK's schemas take it: a string or a safe integer. */
const isToken = (value: unknown) => typeof value === "string" || Number.isSafeInteger(value);

/** The call when the request is one plain tools/call the SDK would accept; undefined for anything else. */
export function plainToolCall(req: Request, message: unknown): PlainToolCall | undefined {
  if (!isJsonContentType(req.headers.get("content-type"))) return undefined;
  const version = req.headers.get("mcp-protocol-version");
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  if (!isRecord(message) || !only(message, REQUEST_KEYS)) return undefined;
  const { jsonrpc, method, id, params } = message;
  if (jsonrpc !== "2.0" || method !== "tools/call" || !isToken(id)) return undefined;
  if (!isRecord(params) || !only(params, PARAM_KEYS)) return undefined;
  const { name, arguments: args = {}, _meta: meta = {} } = params;
  if (typeof name !== "string" || !isToolName(name) || !isRecord(args)) return undefined;
  if (
    !isRecord(meta) ||
    !only(meta, META_KEYS) ||
    !(meta.progressToken === undefined || isToken(meta.progressToken))
  )
    return undefined;
  return { id: id as string | number, name, args };
}

const RESULT_HEAD = Buffer.from('{"result":');

/** The JSON-RPC answer's body, as the SDK server would send it for this call. */
export async function answerPlainCall(context: ToolCallContext, call: PlainToolCall): Promise<Uint8Array> {
  try {
    const answer = await answerToolCall(context, call.name, call.args);
    const tail = Buffer.from(`,"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}`);
    return Buffer.concat([RESULT_HEAD, answer.json(), tail]);
  } catch (err) {
    if (!(err instanceof McpError)) throw err;
    const error = { code: err.code, message: err.message };
    return Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: call.id, error }));
  }
}
