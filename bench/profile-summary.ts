/**
 * Where a server's CPU went, from a V8 `.cpuprofile` (`node --cpu-prof`): self time summed per step of the request
 * path (node http, Hono, each edge step, quota, logging, serialisation, …), as shares of the busy time (idle left
 * out). `npx tsx bench/profile-summary.ts <file.cpuprofile>` prints the table; bench/profile.ts calls it.
 */
import { readFile } from "node:fs/promises";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * The samples of the load alone, counted back from the profile's end: from `lastMs` before it up to `skipLastMs`
 * before it (the shutdown); all samples when absent.
 */
export interface Window {
  lastMs?: number;
  skipLastMs?: number;
}

/** Indexes of the samples inside the window. */
function samplesIn(profile: CpuProfile, window: Window): number[] {
  const total = profile.timeDeltas.reduce((a, b) => a + b, 0) / 1000;
  const from = window.lastMs === undefined ? 0 : total - window.lastMs;
  const to = total - (window.skipLastMs ?? 0);
  const kept: number[] = [];
  let at = 0;
  profile.timeDeltas.forEach((delta, i) => {
    at += delta / 1000;
    if (at >= from && at <= to) kept.push(i);
  });
  return kept;
}

/**
 * Steps of the request path: [name, test on "url functionName"]. Web streams are named by whoever uses them (the
 * MCP transport, the Request/Response bridge). A sample is named by the innermost frame of its
 * stack that some step matches (so a native write is named by the JavaScript that called it: pino's or the
 * socket's), the first matching step winning; anything else is "other".
 */
const STEPS: [string, RegExp][] = [
  ["idle", /^ \(idle\)$/],
  ["garbage collection", /\(garbage collector\)/],
  ["JSON serialise / parse", /^ (stringify|parse)$/],
  // The write syscall of an answer: where the server is mostly preempted when its client wakes (2 shared cores).
  ["socket write (with waits for a core)", /^ (writeUtf8String|writev|writeBuffer|writeLatin1String)$/],
  ["compression (zlib)", /zlib|brotli|gzip|edge\/compression/i],
  ["quota (store, reservations)", /functions\/(store|auth)\/|caller-quota|better-sqlite|node:sqlite|ioredis/],
  ["logging (pino)", /pino|sonic-boom|thread-stream|access-log|fast-redact|quick-format/],
  ["metrics (prom-client)", /prom-client|edge\/metrics/],
  ["MCP (sdk, transport, tools)", /modelcontextprotocol|functions\/mcp\/|mcp-metering/],
  ["zod (validation)", /node_modules\/zod\//],
  ["other edge steps", /functions\/edge\/|hono\/dist\/(middleware|utils\/(cookie|headers))/],
  ["API handler + query cache", /functions\/(api|query|schema|http)\/|lru-cache|duckdb/],
  ["hono (routing, context)", /node_modules\/hono\//],
  ["node-server (Request/Response bridge)", /@hono\/node-server/],
  [
    "node http + net",
    /node:(_http|http|net|stream|internal\/(http|streams|stream_base|net|url|timers|async_hooks|process\/task_queues))|\(program\)|undici|node:events|node:buffer|^ (writev|writeUtf8String|writeBuffer|onStreamRead)$/,
  ],
];

export interface StepShare {
  step: string;
  ms: number;
  share: number;
}

function stepOf(leaf: ProfileNode, parentOf: Map<number, ProfileNode>): string {
  for (let node: ProfileNode | undefined = leaf; node; node = parentOf.get(node.id)) {
    const key = `${node.callFrame.url} ${node.callFrame.functionName}`;
    const step = STEPS.find(([, test]) => test.test(key))?.[0];
    if (step) return step;
  }
  return "other";
}

/** Busy CPU per step, largest first; `share` is of the busy time (idle excluded). */
export function summarise(profile: CpuProfile, window: Window = {}): { busyMs: number; steps: StepShare[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const totals = new Map<string, number>();
  for (const i of samplesIn(profile, window)) {
    const node = byId.get(profile.samples[i] ?? -1);
    if (!node) continue;
    const step = stepOf(node, parentOf);
    totals.set(step, (totals.get(step) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  totals.delete("idle");
  const busyMs = [...totals.values()].reduce((a, b) => a + b, 0);
  const steps = [...totals]
    .map(([step, ms]) => ({ step, ms, share: ms / busyMs }))
    .sort((a, b) => b.ms - a.ms);
  return { busyMs, steps };
}

export async function readProfile(file: string): Promise<CpuProfile> {
  return JSON.parse(await readFile(file, "utf8")) as CpuProfile;
}

/** The heaviest functions by self time (for finding what a step is made of). */
export function topFunctions(
  profile: CpuProfile,
  count: number,
  window: Window = {},
): { name: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  for (const i of samplesIn(profile, window)) {
    const frame = byId.get(profile.samples[i] ?? -1)?.callFrame;
    if (!frame || frame.functionName === "(idle)") continue;
    const name = `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/(functions|bench|scripts)\//, "$1/")}`;
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return [...totals]
    .map(([name, ms]) => ({ name, ms }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npx tsx bench/profile-summary.ts <file.cpuprofile>");
    process.exit(2);
  }
  const profile = await readProfile(file);
  const { busyMs, steps } = summarise(profile);
  console.log(`busy ${busyMs.toFixed(0)} ms`);
  for (const s of steps) console.log(`${(s.share * 100).toFixed(1).padStart(5)} %  ${s.step}`);
  console.log("\ntop functions (self ms):");
  for (const f of topFunctions(profile, 30)) console.log(`${f.ms.toFixed(0).padStart(6)}  ${f.name}`);
}
