/** The JSON envelope of every REST response: {code, message, data, request_id}. */
import type { IgnoredParameter } from "../../read/schema/ignored-parameters.ts";

export const OK_MESSAGE = "success";

/** An envelope's JSON up to its data, `{"code":…,"message":…,"data":`: the data and the request id follow. */
export const envelopeHead = (code: number, message: string): string =>
  `{"code":${code},"message":${JSON.stringify(message)},"data":`;

/**
 * The rest of an envelope after its data: `notes` (envelopeNotes: the query parameters the operation ignored,
 * when there were any), then the request id.
 */
export const envelopeTail = (requestId: string, notes = ""): string =>
  `${notes},"request_id":${JSON.stringify(requestId)}}`;

/** `,"ignored_parameters":[…]` for the parameters an operation ignored; nothing when it ignored none. */
export const envelopeNotes = (ignored: readonly IgnoredParameter[] = []): string =>
  ignored.length === 0 ? "" : `,"ignored_parameters":${JSON.stringify(ignored)}`;

/** A JSON envelope response; `status` is the HTTP status, `code` the business code (they differ for 200/400). */
export function envelopeResponse(
  status: number,
  code: number,
  message: string,
  data: unknown,
  requestId: string,
  headers: Record<string, string> = {},
  ignored: readonly IgnoredParameter[] = [],
): Response {
  const body = `${envelopeHead(code, message)}${JSON.stringify(data ?? null)}${envelopeTail(requestId, envelopeNotes(ignored))}`;
  return new Response(body, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** An error envelope whose HTTP status and business code are the same. */
export function errorResponse(
  status: number,
  message: string,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  return envelopeResponse(status, status, message, null, requestId, headers);
}
