/**
 * Idle connections from many addresses: 64 loopback addresses (127.0.0.10 …) each hold 250 connections that never
 * send a byte, each under the per-address cap, together at the cap on all connections (MAX_CONNECTIONS, 16,000 at an
 * open-file limit of 20,000), and open a connection again whenever the server closes one. The server takes idle
 * connections back from the addresses holding the most before the cap is reached, so a reader on 127.0.0.2 opening
 * a new connection for every page is answered every time, at its usual pace. Before, the cap refused the reader's
 * connections until the header timeout freed slots (150 of 155 requests reset). Real server in its own process, the
 * attacker in another (idle-client.ts), real sockets, loopback only.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { openFileLimit } from "../../functions/edge/connections.ts";
import { REPO_ROOT } from "../helpers/run-ts.ts";
import { attackTargetForFile } from "./attack-target.ts";
import type { IdlePlan, IdleReport } from "./idle-client.ts";
import { BYSTANDER, latencyProbe, PROBE_PAGES, send } from "./loopback.ts";
import { openFiles, reportBystander } from "./serve-process.ts";

const ADDRESSES = Array.from({ length: 64 }, (_, i) => `127.0.0.${10 + i}`);
/**
 * Connections each address holds: 250, or fewer where the open-file limit (of this process and the server's, which
 * inherits it) cannot hold 64 × 250 beside the files both need; MAX_CONNECTIONS is set to all of them, so the shape
 * stays the same (the cap reached by many addresses, none of them at its own cap).
 */
const HELD_PER_ADDRESS = Math.min(250, Math.floor(((openFileLimit() ?? 1024) * 0.8) / ADDRESSES.length));
const MAX_CONNECTIONS = HELD_PER_ADDRESS * ADDRESSES.length;
/** Longer than the test, so a connection the server closes was taken back, not timed out. */
const HEADERS_TIMEOUT_MS = 30_000;
const HOLD_MS = 8000;
/**
 * The attacker opens a connection again this long after the server closed it: steady pressure at the cap (each
 * reopened one makes the server take another back), while the attacker's own churn, on the same machine as the
 * server here, stays a few hundred connections a second.
 */
const REOPEN_MS = 500;

/** idle-client.ts in a process of its own: `ready` once every connection was opened once, `report` at the end. */
function idleAttack(plan: IdlePlan) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test/faults/idle-client.ts", JSON.stringify(plan)],
    {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const ready = new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^ready (\d+)$/m.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) =>
      reject(new Error(`the idle client exited with ${code} before it was ready:\n${err}`)),
    );
  });
  const report = new Promise<IdleReport>((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as IdleReport)
        : reject(new Error(`the idle client failed (${code}):\n${err}`)),
    ),
  );
  return { ready, report };
}

/** The connections the server closed for `reason`, from its /metrics. */
async function closedConnections(base: string, reason: string): Promise<number> {
  const text = await fetch(`${base}/metrics`).then((r) => r.text());
  const line = new RegExp(`^vd_connections_closed_total\\{reason="${reason}"\\} (\\d+)$`, "m").exec(text);
  return Number(line?.[1] ?? 0);
}

describe("idle connections from 64 addresses at the cap on all connections", () => {
  const target = attackTargetForFile({ MAX_CONNECTIONS, HEADERS_TIMEOUT_MS });

  it("takes idle connections back from the addresses holding the most, and keeps a new address served", async () => {
    const { server, pid, port, quiet, filesBefore } = await target();

    const attack = idleAttack({
      port,
      addresses: ADDRESSES,
      perAddress: HELD_PER_ADDRESS,
      holdMs: HOLD_MS,
      reopenMs: REOPEN_MS,
    });
    const heldAtReady = await attack.ready;
    const filesHeld = openFiles(pid);
    const probe = latencyProbe(server.url, PROBE_PAGES);
    const report = await attack.report;
    const pages = await probe.stop();
    const reclaimed = await closedConnections(server.url, "idle_reclaimed");

    reportBystander(
      `${ADDRESSES.length} addresses × ${HELD_PER_ADDRESS} idle connections (MAX_CONNECTIONS ${MAX_CONNECTIONS}): ` +
        `${heldAtReady} held when ready, most at once ${report.mostOpen}, ${report.opened} opened, ` +
        `${report.closedByServer} closed by the server (${report.closedAfterASecond} after ≥ 1 s), ` +
        `${reclaimed} reclaimed (server's count); server open files ${filesBefore} → ${filesHeld}; ` +
        `bystander answered ${pages.statuses.filter((s) => s === 200).length} of ${pages.statuses.length}`,
      quiet,
      pages,
    );
    // The attack really filled the server: the cap was reached and held by the 64 addresses.
    expect(report.mostOpen).toBeGreaterThanOrEqual(MAX_CONNECTIONS * 0.95);
    expect(filesHeld - filesBefore).toBeGreaterThanOrEqual(MAX_CONNECTIONS * 0.95);
    // Idle connections were taken back while held (none timed out: the header timeout is longer than the test).
    expect(reclaimed).toBeGreaterThan(0);
    expect(report.closedAfterASecond).toBeGreaterThan(0);
    // Every page the bystander asked for was answered (reportBystander holds it to its quiet pace).
    expect(pages.statuses.length).toBeGreaterThan(20);
    expect((await send(`${server.url}/`, { from: BYSTANDER })).status).toBe(200);
  });
});
