/**
 * The practical limit of the machine: a bare Node HTTP server answering every request with one precomputed body
 * (a real API response, so the bytes on the wire match the service's). No routing, no work.
 * Usage: PORT=<port> baseline-server.ts <payload file>
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const file = process.argv[2];
if (!file) {
  console.error("usage: PORT=<port> baseline-server.ts <payload file>");
  process.exit(2);
}
const body = readFileSync(file);
const headers = { "content-type": "application/json; charset=utf-8", "content-length": String(body.length) };

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1");
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
