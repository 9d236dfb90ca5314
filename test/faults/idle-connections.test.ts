/**
 * Slow-header connections from one address: each sends a request line and then one header line a second, never
 * finishing, and is opened again as soon as the server drops it. The per-address cap closes connections past it at
 * once, the header timeout closes the rest (408), so the server's open files stay bounded and another address keeps
 * its latency. Bounded here (a few hundred connections, a few seconds; 21,000 would need a raised file limit), real
 * server in its own process, real sockets, loopback only.
 */
import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { attackTargetForFile } from "./attack-target.ts";
import { ATTACKER, latencyProbe, PROBE_PAGES } from "./loopback.ts";
import { openFiles, reportBystander } from "./serve-process.ts";

const MAX_CONNECTIONS_PER_ADDRESS = 100;
const HEADERS_TIMEOUT_MS = 3000;
/**
 * The attacker holds this many connections open (or tries to) at any moment, opens a closed one again `reopenMs`
 * later (bounded traffic, steady pressure), and stops after `ms`.
 */
const ATTACK = { connections: 300, reopenMs: 1000, ms: 8000 };

interface SlowConnection {
  /** How long the server kept it open, ms. */
  lived: number;
  /** The first line the server sent before closing, if any (an HTTP status line). */
  answer: string;
}

/** One slow-header connection to `port`; resolves when the server closes it. */
function slowConnection(port: number): Promise<SlowConnection> {
  const opened = performance.now();
  return new Promise((resolve) => {
    let answer = "";
    const socket: Socket = connect({ host: "127.0.0.1", port, localAddress: ATTACKER });
    const drip = setInterval(() => socket.write("X-Slow: 1\r\n"), 1000);
    socket.on("connect", () => socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
    socket.on("data", (chunk: Buffer) => {
      answer ||= chunk.toString("latin1").split("\r\n")[0] ?? "";
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(drip);
      resolve({ lived: performance.now() - opened, answer });
    });
  });
}

describe("slow-header connection flood from one address", () => {
  const target = attackTargetForFile({ MAX_CONNECTIONS_PER_ADDRESS, HEADERS_TIMEOUT_MS });

  it("caps the address's connections, times out the rest, and keeps another address fast", async () => {
    const { server, pid, port, quiet, filesBefore } = await target();
    let filesMax = filesBefore;
    const sampler = setInterval(() => {
      filesMax = Math.max(filesMax, openFiles(pid));
    }, 100);
    const probe = latencyProbe(server.url, PROBE_PAGES);

    // Each of ATTACK.connections loops opens a slow connection again a second after the last one was closed.
    const connections: SlowConnection[] = [];
    const ends = performance.now() + ATTACK.ms;
    await Promise.all(
      Array.from({ length: ATTACK.connections }, async () => {
        while (performance.now() < ends) {
          connections.push(await slowConnection(port));
          await new Promise((r) => setTimeout(r, ATTACK.reopenMs));
        }
      }),
    );
    const pages = await probe.stop();
    clearInterval(sampler);

    const refusedAtOnce = connections.filter((c) => c.answer === "" && c.lived < 1000).length;
    const timedOut = connections.filter((c) => c.answer.startsWith("HTTP/1.1 408")).length;
    const longest = Math.round(Math.max(...connections.map((c) => c.lived)));
    reportBystander(
      `slow-header flood: ${connections.length} connections from one address (${ATTACK.connections} at a time), ` +
        `${refusedAtOnce} closed at once, ${timedOut} timed out (408), longest held ${longest} ms; server open ` +
        `files ${filesBefore} → max ${filesMax}`,
      quiet,
      pages,
    );
    // Never more than the cap held open, whatever the attacker tries; each closed within the header timeout.
    expect(filesMax - filesBefore).toBeLessThanOrEqual(MAX_CONNECTIONS_PER_ADDRESS + 20);
    expect(refusedAtOnce).toBeGreaterThan(0);
    expect(timedOut).toBeGreaterThan(0);
    expect(longest).toBeLessThan(HEADERS_TIMEOUT_MS + 2000);
  });
});
