/** The JSON envelope of every REST response: {code, message, data, request_id}. */

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  request_id: string;
}

export const OK_MESSAGE = "success";

/** A JSON envelope response; `status` is the HTTP status, `code` the business code (they differ for 200/400). */
export function envelopeResponse(
  status: number,
  code: number,
  message: string,
  data: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  const body: Envelope<unknown> = { code, message, data, request_id: requestId };
  return new Response(JSON.stringify(body), {
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
