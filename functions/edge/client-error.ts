/**
 * Requests Node's HTTP parser refuses before any handler runs: headers or a request line (URL) over the header
 * limit (431), headers or a request that took too long to arrive (408, HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS), or
 * a malformed request (400). Answered with the same JSON envelope as the API, instead of Node's bare status line
 * (no body for a HEAD request), and the connection closed for good: ended, then destroyed once the answer is out,
 * since the server's sockets are half-open and a client that never closes its side would otherwise keep it.
 */
import type { Socket } from "node:net";

const STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
const REASONS: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};
const MESSAGES: Record<number, string> = {
  400: "malformed HTTP request",
  408: "the request did not arrive in time",
  431: "request headers or URL too large; keep the URL and headers under 16 KB",
};

type ParserError = Error & { code?: string; rawPacket?: Buffer };

export function answerClientError(err: ParserError, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = STATUS[err.code ?? ""] ?? 400;
  const requestId = crypto.randomUUID();
  const body = JSON.stringify({ code: status, message: MESSAGES[status], data: null, request_id: requestId });
  // What arrived of the request tells its method; an answer to HEAD has headers only.
  const head = err.rawPacket?.subarray(0, 5).toString("latin1") === "HEAD ";
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\n` +
      // Every answer carries the quota headers (interface spec); nothing was counted, no caller is known: 0.
      "x-quota-limit: 0\r\nx-quota-remaining: 0\r\nconnection: close\r\n\r\n" +
      (head ? "" : body),
    () => socket.destroy(),
  );
}
