/**
 * Connection hygiene of the Node server, so that one address cannot take it offline with connections that never
 * finish a request (those never reach the per-second limit, which sees requests): a cap on the connections open
 * from one address (IPv6 per /64) at a time, past which a new one is closed at once; short times to receive the
 * headers and the whole request, checked every second rather than Node's 30 s; keep-alive limits; and a cap on all
 * connections with headroom under the process's open-file limit, so snapshot files, DuckDB, the state store and
 * logs can still open files when every connection slot is taken. Near that cap idle connections are taken back from
 * the addresses holding the most, so many addresses each under their own cap cannot lock a new one out.
 */
import { readFileSync } from "node:fs";
import type { Server, ServerOptions } from "node:http";
import type { Socket } from "node:net";
import { normalizeIp, quotaSubject } from "../../runtime/client-ip.ts";
import { type ClosedReason, OpenConnections } from "./open-connections.ts";

export interface ConnectionLimits {
  /** Connections open at once from one address (MAX_CONNECTIONS_PER_ADDRESS); 0 switches the cap off. */
  perAddress: number;
  /** Connections open at once in all (MAX_CONNECTIONS). */
  max: number;
  /** Time from a connection's opening (or its previous answer) to a request's complete headers (HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** Time to receive a whole request, body included (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /**
   * Requests one keep-alive connection may carry before it is closed (MAX_REQUESTS_PER_CONNECTION); 0: no limit.
   * Off by default: past it Node answers 503 to a client that keeps sending on the connection, and the per-second
   * limit already bounds what one connection can ask for.
   */
  maxRequestsPerConnection: number;
}

/** Share of the open-file limit connections may take; the rest is for files, the database, the store and logs. */
const CONNECTION_SHARE = 0.8;
/** MAX_CONNECTIONS where the open-file limit cannot be read (not Linux). */
const FALLBACK_MAX_CONNECTIONS = 10_000;
/** How often Node checks the header and request timeouts (its default of 30 s would let them run 30 s late). */
const TIMEOUT_CHECK_MS = 1000;

export const DEFAULT_CONNECTION_LIMITS: Omit<ConnectionLimits, "max"> = {
  perAddress: 256,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxRequestsPerConnection: 0,
};

/** The soft limit on open files of this process, from /proc/self/limits (Linux); null where it cannot be read. */
export function openFileLimit(limits = "/proc/self/limits"): number | null {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync(limits, "utf8"));
    return line?.[1] ? Number(line[1]) : null;
  } catch {
    return null;
  }
}

/** The default of MAX_CONNECTIONS: 80 % of the open-file limit. */
export function defaultMaxConnections(fileLimit = openFileLimit()): number {
  return fileLimit === null
    ? FALLBACK_MAX_CONNECTIONS
    : Math.max(1, Math.floor(fileLimit * CONNECTION_SHARE));
}

/** The options of http.createServer that carry the limits. */
export function connectionServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, limits.headersTimeoutMs),
  };
}

/** Why a connection was closed before it was served: a cap per address, the cap on all, or taken back as idle. */
export type ConnectionClosed = (reason: ClosedReason | "total_cap", count: number) => void;

/**
 * Sets the caps on a listening server: all connections (idle ones taken back before it is reached,
 * open-connections.ts), requests per connection, connections per address. `closed` counts what they close.
 */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits,
  closed: ConnectionClosed = () => {},
): void {
  server.maxConnections = limits.max;
  server.maxRequestsPerSocket = limits.maxRequestsPerConnection;
  const open = new OpenConnections(limits, closed);
  server.on("connection", (socket: Socket) =>
    open.admit(socket, quotaSubject(normalizeIp(socket.remoteAddress ?? "") ?? "unknown")),
  );
  // Refused by net.Server itself: the cap was reached with no idle connection left to take back.
  server.on("drop", () => closed("total_cap", 1));
}
