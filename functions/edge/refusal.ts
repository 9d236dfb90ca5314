/** An edge refusal: the API's JSON envelope on /api and /mcp, plain text elsewhere. */
import { errorResponse } from "../http/envelope.ts";
import { isApiPath } from "../http/paths.ts";
import { answer, type EdgeRequest, type StepOutcome } from "./step.ts";

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

/** 429 with Retry-After (the per-second limit's, fair turns'), once a body nothing will read is dropped. */
export async function tooManyRequests(
  req: EdgeRequest,
  message: string,
  retryAfterSeconds: number,
): Promise<StepOutcome> {
  await req.discardBody();
  return answer(
    refusal(req.path, 429, message, req.get("requestId"), { "retry-after": String(retryAfterSeconds) }),
  );
}
