/**
 * Which connections the server takes back near MAX_CONNECTIONS (edge/open-connections.ts), on a real Node HTTP
 * server with limitConnections and real sockets from several loopback addresses: idle ones only (never sent a byte,
 * or between keep-alive requests), from the address holding the most, the oldest of each first; the per-address
 * cap and the refusals are counted by reason.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { setImmediate as tick } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_CONNECTION_LIMITS, limitConnections } from "../../../functions/edge/connections.ts";
import { connectionReserve } from "../../../functions/edge/open-connections.ts";

const A = "127.0.0.20";
const B = "127.0.0.21";
const C = "127.0.0.22";

interface Connection {
  client: Socket;
  /** The server's side of it. */
  accepted: Socket;
}

interface Harness {
  /** A connection from `from` that has sent nothing, once the server has taken it in. */
  open(from: string): Promise<Connection>;
  /** A connection from `from` whose request the server holds unanswered until `release()`. */
  busy(from: string): Promise<Connection>;
  /** A connection from `from` that had one request answered and stays open (keep-alive). */
  keptAlive(from: string): Promise<Connection>;
  release(): void;
  port: number;
  /** Connections closed by reason, as limitConnections reported them. */
  closed: Record<string, number>;
}

const servers: Server[] = [];
const clients: Socket[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

async function harness(limits: { max: number; perAddress?: number }): Promise<Harness> {
  const waiting: (() => void)[] = [];
  const server = createServer((req, res) => {
    if (req.url === "/hold") waiting.push(() => res.end("done"));
    else res.end("ok");
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const closed: Record<string, number> = {};
  limitConnections(server, { ...DEFAULT_CONNECTION_LIMITS, perAddress: 0, ...limits }, (reason, count) => {
    closed[reason] = (closed[reason] ?? 0) + count;
  });
  // Registered after limitConnections: sees each connection once the caps have dealt with it.
  const accepted: Socket[] = [];
  server.on("connection", (socket: Socket) => accepted.push(socket));
  const { port } = server.address() as { port: number };

  const open = async (from: string): Promise<Connection> => {
    const client = connect({ host: "127.0.0.1", port, localAddress: from });
    clients.push(client);
    client.on("error", () => {});
    await once(client, "connect");
    for (;;) {
      const found = accepted.find((s) => s.remotePort === client.localPort && s.remoteAddress === from);
      if (found) return { client, accepted: found };
      await tick();
    }
  };
  const answered = (c: Connection, path: string) => {
    c.client.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    return c;
  };
  return {
    open,
    async busy(from) {
      const before = waiting.length;
      const c = answered(await open(from), "/hold");
      while (waiting.length === before) await tick();
      return c;
    },
    async keptAlive(from) {
      const c = answered(await open(from), "/ok");
      await once(c.client, "data");
      // The server detaches its answer from the socket once it is written out.
      while ((c.accepted as Socket & { _httpMessage?: unknown })._httpMessage) await tick();
      return c;
    },
    release() {
      for (const answer of waiting.splice(0)) answer();
    },
    closed,
    port,
  };
}

async function openMany(h: Harness, from: string, count: number): Promise<Connection[]> {
  const opened: Connection[] = [];
  for (let i = 0; i < count; i++) opened.push(await h.open(from));
  return opened;
}

const closedOnes = (cs: Connection[]) => cs.map((c) => c.accepted.destroyed);

describe("idle connections taken back near MAX_CONNECTIONS", () => {
  it("keeps 1 % of MAX_CONNECTIONS free, at least one", () => {
    expect(connectionReserve(16_000)).toBe(160);
    expect(connectionReserve(20)).toBe(1);
    expect(connectionReserve(1)).toBe(1);
  });

  it("takes the oldest idle connection of the address holding the most, and leaves the others", async () => {
    // MAX 20, reserve 1: the 19th open connection frees one.
    const h = await harness({ max: 20 });
    const a = await openMany(h, A, 10);
    const b = await openMany(h, B, 7);
    const c = [await h.open(C)];
    expect([...closedOnes(a), ...closedOnes(b), ...closedOnes(c)].some(Boolean)).toBe(false);

    c.push(await h.open(C));
    expect(closedOnes(a)).toEqual([true, ...Array(9).fill(false)]);
    expect(closedOnes(b).some(Boolean)).toBe(false);
    expect(closedOnes(c)).toEqual([false, false]);

    // A is brought down to what B holds (A first on a tie: seen first) before B gives any.
    for (let i = 0; i < 3; i++) c.push(await h.open(C));
    expect(closedOnes(a)).toEqual([...Array(4).fill(true), ...Array(6).fill(false)]);
    expect(closedOnes(b).some(Boolean)).toBe(false);
    expect(closedOnes(c).some(Boolean)).toBe(false);
    expect(h.closed).toEqual({ idle_reclaimed: 4 });
    // The client sees it closed too.
    await expect.poll(() => a[0]?.client.closed).toBe(true);
  });

  it("takes addresses holding as many in turn, and a connection kept alive between requests too", async () => {
    const h = await harness({ max: 20 });
    const a = [await h.keptAlive(A), ...(await openMany(h, A, 8))];
    const b = await openMany(h, B, 8);
    const c = [await h.open(C), await h.open(C)];
    expect(closedOnes(a)).toEqual([true, ...Array(8).fill(false)]);
    // A and B hold 8 each: A (seen first) gives one, then B.
    c.push(await h.open(C));
    expect(closedOnes(a)).toEqual([true, true, ...Array(7).fill(false)]);
    expect(closedOnes(b).some(Boolean)).toBe(false);
    c.push(await h.open(C));
    expect(closedOnes(b)).toEqual([true, ...Array(7).fill(false)]);
    expect(closedOnes(a)).toEqual([true, true, ...Array(7).fill(false)]);
    expect(closedOnes(c).some(Boolean)).toBe(false);
  });

  it("never takes a connection with a request in flight, and refuses at the cap when nothing is idle", async () => {
    // MAX 12, reserve 1: the 11th open connection frees one.
    const h = await harness({ max: 12 });
    const busy: Connection[] = [];
    for (let i = 0; i < 9; i++) busy.push(await h.busy(A));
    // A holds the most but nothing idle: B's oldest goes, then B's other.
    const b = await openMany(h, B, 2);
    expect(closedOnes(b)).toEqual([true, false]);
    busy.push(await h.busy(C));
    expect(closedOnes(b)).toEqual([true, true]);
    // Nothing idle is left: the reserve takes new connections in up to the cap, and the cap refuses the next.
    busy.push(await h.busy(C));
    busy.push(await h.busy(C));
    expect(closedOnes(busy).some(Boolean)).toBe(false);
    const refused = connect({ host: "127.0.0.1", port: h.port });
    clients.push(refused);
    refused.on("error", () => {});
    await once(refused, "close");
    expect(h.closed).toEqual({ idle_reclaimed: 2, total_cap: 1 });
    // The held requests are answered whole.
    const answers = busy.map((c) => once(c.client, "data"));
    h.release();
    for (const [chunk] of await Promise.all(answers))
      expect(String(chunk)).toMatch(/^HTTP\/1\.1 200.*done$/s);
  });

  it("closes a connection past the per-address cap at once and counts it", async () => {
    const h = await harness({ max: 100, perAddress: 2 });
    await openMany(h, A, 2);
    const client = connect({ host: "127.0.0.1", port: h.port, localAddress: A });
    clients.push(client);
    client.on("error", () => {});
    await once(client, "close");
    expect(h.closed).toEqual({ per_address_cap: 1 });
    expect((await h.open(B)).accepted.destroyed).toBe(false);
  });
});
