/**
 * The connections open on the server by client address, and what is closed when a cap is near. Past the cap per
 * address a new connection is closed at once. When all connections together come within a reserve of the cap on
 * all of them, idle ones are closed first — from the addresses holding the most, the oldest of each first — so that
 * many addresses holding idle connections (each under its own cap) cannot fill every slot: a new connection from an
 * address holding few still finds one, and its request is answered.
 *
 * Cost: per connection one set entry and one close listener; nothing per request. Whether a connection is idle is
 * read from Node's socket only while reclaiming, within the reserve of the cap: once per `reserve` new connections
 * while there are idle ones to take.
 */
import type { Socket } from "node:net";

/** Why the server closed a connection it had accepted, before any request of it was answered. */
export type ClosedReason = "per_address_cap" | "idle_reclaimed";

export interface OpenConnectionLimits {
  /** Connections open at once from one address; 0: no cap. */
  perAddress: number;
  /** Connections open at once in all (the server refuses more itself: net.Server maxConnections). */
  max: number;
}

/** Share of the cap on all connections kept free: reaching the rest, idle connections are taken back. */
const RESERVE_SHARE = 0.01;

/** Connections kept free under `max` (1 %, at least one): reclaiming starts at `max - reserve`. */
export function connectionReserve(max: number): number {
  return Math.max(1, Math.ceil(max * RESERVE_SHARE));
}

/**
 * Node's HTTP server sets `_httpMessage` on a socket from a request's complete headers until its answer has been
 * sent (ServerResponse.assignSocket / detachSocket): without it no request is in flight — the connection never sent
 * a byte, waits between keep-alive requests, or is still sending a request's headers.
 */
function isIdle(socket: Socket): boolean {
  return !(socket as Socket & { _httpMessage?: unknown })._httpMessage && !socket.destroyed;
}

function* idleOldestFirst(held: Set<Socket>): Generator<Socket> {
  for (const socket of held) if (isIdle(socket)) yield socket;
}

export class OpenConnections {
  private readonly byAddress = new Map<string, Set<Socket>>();
  private open = 0;
  private readonly reserve: number;

  constructor(
    private readonly limits: OpenConnectionLimits,
    private readonly closed: (reason: ClosedReason, count: number) => void = () => {},
  ) {
    this.reserve = connectionReserve(limits.max);
  }

  /** Takes in a connection the server accepted from `address`, or closes it when its address is at its cap. */
  admit(socket: Socket, address: string): void {
    if (this.limits.perAddress > 0 && (this.byAddress.get(address)?.size ?? 0) >= this.limits.perAddress) {
      socket.destroy();
      this.closed("per_address_cap", 1);
      return;
    }
    // Within the reserve of the cap: free a reserve's worth at once (the new connection is never among them), so
    // the next ones find room without a search; with nothing idle, the reserve takes new ones in up to the cap.
    if (this.open + 1 >= this.limits.max - this.reserve) {
      const count = this.reclaim(this.open + 1 - Math.max(0, this.limits.max - 2 * this.reserve));
      if (count > 0) this.closed("idle_reclaimed", count);
    }
    let held = this.byAddress.get(address);
    if (!held) {
      held = new Set();
      this.byAddress.set(address, held);
    }
    held.add(socket);
    this.open++;
    socket.once("close", () => this.forget(socket, address));
  }

  private forget(socket: Socket, address: string): void {
    const held = this.byAddress.get(address);
    if (!held?.delete(socket)) return;
    this.open--;
    if (held.size === 0) this.byAddress.delete(address);
  }

  /**
   * Closes up to `count` idle connections, one at a time from whichever address holds the most (addresses holding
   * as many taken in turn), the oldest of each first; returns how many it closed.
   */
  private reclaim(count: number): number {
    const ranked = [...this.byAddress].map(([address, held]) => ({
      address,
      held: held.size,
      idle: idleOldestFirst(held),
    }));
    ranked.sort((a, b) => b.held - a.held);
    let closed = 0;
    // The first `group` addresses are brought down, in turn, to what the next one holds; when none of them can give
    // more, the group takes in the next address and every one holding as many.
    let group = 0;
    let widen = true;
    while (closed < count) {
      if (widen) {
        const top = ranked[group]?.held;
        if (top === undefined) break;
        while ((ranked[group]?.held ?? -1) >= top) group++;
      }
      const level = ranked[group]?.held ?? 0;
      widen = true;
      for (let i = 0; i < group && closed < count; i++) {
        const holder = ranked[i];
        if (!holder || holder.held <= level) continue;
        const next = holder.idle.next();
        if (next.done) {
          holder.held = 0; // nothing idle left there: connections with a request in flight are never taken
          continue;
        }
        next.value.destroy();
        this.forget(next.value, holder.address);
        holder.held--;
        closed++;
        widen = false;
      }
    }
    return closed;
  }
}
