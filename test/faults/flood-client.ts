/**
 * The attacker of the flood tests, in a process of its own so its work never slows the bystander's probe: sends
 * one kind of request from ATTACKER at a fixed rate for a fixed time (open loop) and prints, as one JSON line, how
 * many answers had each status, their p50 / p99, and the Retry-After of the 429s.
 * Usage: tsx test/faults/flood-client.ts '<FloodPlan as JSON>'
 */
import { ATTACKER, flood, latencies, send, tally } from "./loopback.ts";

export interface FloodPlan {
  url: string;
  perSecond: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  /** The body; "{i}" is replaced by the request's number, so each can name a new e-mail. */
  body?: string;
}

export interface FloodReport {
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  /** Retry-After of every 429, as sent. */
  retryAfter: string[];
  /** Answers that came with a Content-Length (a body known whole beforehand, not compressed as it streams). */
  sized: number;
}

const plan = JSON.parse(process.argv[2] ?? "{}") as FloodPlan;
const answers = await flood(plan.perSecond, plan.seconds, (i) =>
  send(plan.url, {
    from: ATTACKER,
    method: plan.method,
    headers: plan.headers,
    body: plan.body?.replaceAll("{i}", String(i)),
  }),
);
const { p50, p99 } = latencies(answers);
const report: FloodReport = {
  statuses: tally(answers),
  p50,
  p99,
  retryAfter: answers.filter((a) => a.status === 429).map((a) => String(a.headers["retry-after"])),
  sized: answers.filter((a) => a.headers["content-length"] !== undefined).length,
};
console.log(JSON.stringify(report));
