/**
 * Real requests over real sockets for the flood tests: each from a chosen loopback address (127.0.0.1 floods,
 * 127.0.0.2 is "another address" that probes page latency meanwhile), and the figures they report.
 */
import { type Agent, type IncomingHttpHeaders, request } from "node:http";

export const ATTACKER = "127.0.0.1";
export const BYSTANDER = "127.0.0.2";

/** The small site the flood tests serve, and the pages and files the bystander reads from it and the snapshot. */
export const PROBE_SITE = {
  "index.html": "<!doctype html><title>Venues</title>",
  "conference/101.html": "<!doctype html><title>ICML</title>",
};
export const PROBE_PAGES = ["/conference/101", "/snapshots/latest/manifest.json", "/"];

export interface Answer {
  /** 0 when the connection failed or timed out. */
  status: number;
  headers: IncomingHttpHeaders;
  bytes: number;
  ms: number;
}

export interface SendOptions {
  from: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  agent?: Agent;
  timeoutMs?: number;
}

/** One request to `url` from the loopback address `from`; never rejects (a failure is status 0). */
export function send(url: string, options: SendOptions): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const failed = () => resolve({ status: 0, headers: {}, bytes: 0, ms: performance.now() - started });
    const req = request(url, {
      method: options.method ?? "GET",
      headers: options.headers,
      localAddress: options.from,
      agent: options.agent ?? false,
      timeout: options.timeoutMs ?? 30_000,
    });
    req.on("response", (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          bytes,
          ms: performance.now() - started,
        }),
      );
      res.on("error", failed);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", failed);
    req.end(options.body);
  });
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export interface Latencies {
  statuses: number[];
  ms: number[];
  p50: number;
  p99: number;
  max: number;
}

export function latencies(answers: readonly Answer[]): Latencies {
  const ms = answers.map((a) => a.ms);
  return {
    statuses: answers.map((a) => a.status),
    ms,
    p50: Math.round(percentile(ms, 50)),
    p99: Math.round(percentile(ms, 99)),
    max: Math.round(Math.max(0, ...ms)),
  };
}

/**
 * Fetches `paths` in turn from BYSTANDER, one at a time, every `everyMs`, until stopped: what a reader at another
 * address sees while the flood runs.
 */
export function latencyProbe(base: string, paths: readonly string[], everyMs = 20) {
  const answers: Answer[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const path = paths[i % paths.length] ?? "/";
      answers.push(await send(`${base}${path}`, { from: BYSTANDER, timeoutMs: 60_000 }));
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop(): Promise<Latencies> {
      running = false;
      await loop;
      return latencies(answers);
    },
  };
}

/** What the probe sees with no flood running, over `ms`: the machine's own noise, which floods are compared to. */
export async function quietLatency(base: string, paths: readonly string[], ms = 3000): Promise<Latencies> {
  const probe = latencyProbe(base, paths);
  await new Promise((r) => setTimeout(r, ms));
  return probe.stop();
}

/**
 * Starts `perSecond` requests a second for `seconds` (open loop: the next does not wait for earlier answers, as an
 * attacker would not), then waits for every answer.
 */
export async function flood(
  perSecond: number,
  seconds: number,
  start: (i: number) => Promise<Answer>,
): Promise<Answer[]> {
  const pending: Promise<Answer>[] = [];
  const began = performance.now();
  for (let i = 0; i < perSecond * seconds; i++) {
    const due = began + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(start(i));
  }
  return Promise.all(pending);
}

/** `workers` fetchers in a closed loop for `seconds`: each sends its next request once its last was answered. */
export async function fetchersFor(
  workers: number,
  seconds: number,
  start: (i: number) => Promise<Answer>,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  const until = performance.now() + seconds * 1000;
  let next = 0;
  const fetcher = async () => {
    while (performance.now() < until) answers.push(await start(next++));
  };
  await Promise.all(Array.from({ length: workers }, fetcher));
  return answers;
}

/** How many answers had each status, e.g. {"200": 30, "429": 420}. */
export function tally(answers: readonly Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}
