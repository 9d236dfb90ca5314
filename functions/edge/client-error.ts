/**
 * Requests Node's HTTP parser refuses before any handler runs: headers or a request line (URL) over the header
 * limit (431), or a malformed request (400). Answered with the same JSON envelope as the API, instead of Node's
 * bare status line, and the connection closed.
 */
import type { Socket } from "node:net";

const REASONS: Record<number, string> = { 400: "Bad Request", 431: "Request Header Fields Too Large" };

export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const message =
    status === 431
      ? "request headers or URL too large; keep the URL and headers under 16 KB"
      : "malformed HTTP request";
  const requestId = crypto.randomUUID();
  const body = JSON.stringify({ code: status, message, data: null, request_id: requestId });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
  );
}
