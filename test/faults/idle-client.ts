/**
 * The attacker of the idle-connection test, in a process of its own (its thousands of sockets need their own open
 * files, and its work must not slow the bystander's probe): from each of `addresses`, `perAddress` connections that
 * never send a byte, each opened again `reopenMs` after the server closes it. Prints "ready" once every connection
 * has been opened once, holds them for `holdMs`, then prints one JSON line (IdleReport) and exits.
 * Usage: tsx test/faults/idle-client.ts '<IdlePlan as JSON>'
 */
import { connect } from "node:net";

export interface IdlePlan {
  port: number;
  addresses: string[];
  perAddress: number;
  holdMs: number;
  reopenMs: number;
}

export interface IdleReport {
  /** Connections opened in all (first openings and reopenings). */
  opened: number;
  /** Connections the server closed while they were held. */
  closedByServer: number;
  /** Of those, closed after living at least a second: taken back from a full server, not refused at the door. */
  closedAfterASecond: number;
  /** Connections open when the hold ended. */
  openAtEnd: number;
  /** The most open at once. */
  mostOpen: number;
}

const plan = JSON.parse(process.argv[2] ?? "{}") as IdlePlan;
/** Connections opened at once during the ramp, so the server's listen backlog never overflows. */
const RAMP_BATCH = 400;

const report: IdleReport = { opened: 0, closedByServer: 0, closedAfterASecond: 0, openAtEnd: 0, mostOpen: 0 };
let holding = true;
let open = 0;

/** One idle connection from `from`; resolves once it is connected (or failed), and reopens itself when closed. */
function hold(from: string): Promise<void> {
  return new Promise((settled) => {
    const opened = performance.now();
    const socket = connect({ host: "127.0.0.1", port: plan.port, localAddress: from });
    report.opened++;
    let connected = false;
    socket.on("connect", () => {
      connected = true;
      open++;
      report.mostOpen = Math.max(report.mostOpen, open);
      settled();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      if (connected) open--;
      settled();
      if (!holding) return;
      if (connected) {
        report.closedByServer++;
        if (performance.now() - opened >= 1000) report.closedAfterASecond++;
      }
      setTimeout(() => {
        if (holding) void hold(from);
      }, plan.reopenMs);
    });
  });
}

const slots = plan.addresses.flatMap((from) => Array.from({ length: plan.perAddress }, () => from));
for (let i = 0; i < slots.length; i += RAMP_BATCH)
  await Promise.all(slots.slice(i, i + RAMP_BATCH).map(hold));
console.log(`ready ${open}`);
await new Promise((r) => setTimeout(r, plan.holdMs));
report.openAtEnd = open;
holding = false;
console.log(JSON.stringify(report));
process.exit(0);
