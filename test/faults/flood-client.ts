/**
 * The attacker of the flood tests, in a process of its own so its work never slows the bystander's probe: sends
 * one kind of request from ATTACKER (or from several addresses in turn) at a fixed rate for a fixed time (open loop)
 * and prints, as one JSON line, how many answers had each status, their p50 / p99, and the Retry-After of the 429s.
 * Usage: tsx test/faults/flood-client.ts '<FloodPlan as JSON>'
 */
import { ATTACKER, fetchersFor, flood, latencies, send, tally } from "./loopback.ts";

export interface FloodPlan {
  url: string;
  perSecond: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  /** The body; "{i}" is replaced by the request's number, so each can name a new e-mail. */
  body?: string;
  /** Loopback addresses the requests come from in turn; ATTACKER alone when unset. */
  from?: string[];
  /** Addresses asked in turn instead of `url` alone (a mixed flood). */
  urls?: string[];
  /**
   * Closed loop instead: this many fetchers, each sending its next request when its last was answered, for
   * `seconds` (perSecond is then unused).
   */
  workers?: number;
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
const request = (i: number) =>
  send(plan.urls?.[i % plan.urls.length] ?? plan.url, {
    from: plan.from?.[i % plan.from.length] ?? ATTACKER,
    method: plan.method,
    headers: plan.headers,
    body: plan.body?.replaceAll("{i}", String(i)),
  });
const answers = plan.workers
  ? await fetchersFor(plan.workers, plan.seconds, request)
  : await flood(plan.perSecond, plan.seconds, request);
const { p50, p99 } = latencies(answers);
const report: FloodReport = {
  statuses: tally(answers),
  p50,
  p99,
  retryAfter: answers.filter((a) => a.status === 429).map((a) => String(a.headers["retry-after"])),
  sized: answers.filter((a) => a.headers["content-length"] !== undefined).length,
};
console.log(JSON.stringify(report));
