/** An edge refusal: the API's JSON envelope on /api and /mcp, plain text elsewhere. */
import { errorResponse } from "../http/envelope.ts";
import { isApiPath } from "../http/paths.ts";

export function refusal(
  pathname: string,
  status: number,
  message: string,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  if (isApiPath(pathname)) return errorResponse(status, message, requestId, headers);
  return new Response(`${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", ...headers },
  });
}
