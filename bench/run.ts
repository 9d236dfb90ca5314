/**
 * `npm run bench -- [--scale N] [--duration S] [--connections C] [--log-level L] [--keep]`
 *
 * Measures the service against the machine's limit at N times today's catalogue:
 *   1. writes a synthetic upstream (the real sources, N deterministic copies) into a temp dir;
 *   2. runs the nightly build on it in a child process (time and peak memory, per stage);
 *   3. starts the server (scripts/serve.ts) in a child process on that snapshot, with an API key made by the
 *      accounts CLI and quotas set out of reach;
 *   4. loads each endpoint group with autocannon for S seconds (search, distinct searches, every ranking,
 *      statistics, details with the key, MCP tool calls), then a bare Node server answering a real search body
 *      (the machine's practical limit), then the mixed workload;
 *   5. writes bench/results/latest{,-scale-N}.{json,md} and prints the targets as met / not met.
 */

import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadRelevanceSet, scoreRelevance } from "../test/read/query/score.ts";
import { createApiKey } from "./accounts.ts";
import { measureBuild } from "./build.ts";
import { type EndpointResult, type LoadOptions, medianOfRuns, runLoad } from "./load.ts";
import { PROJECT_ROOT, readMemory } from "./processes.ts";
import { type BenchResults, checkTargets, writeResults } from "./report.ts";
import { type RunningChild, serviceEnv, startBaseline, startRedis, startService } from "./service.ts";
import { generateUpstream } from "./synthetic/generate.ts";
import {
  BASELINE_PAYLOAD_REQUEST,
  type BenchRequest,
  baselineGroup,
  type EndpointGroup,
  endpointGroups,
  isSuccess,
  mcpRequests,
  mixedGroup,
  type VenueIds,
} from "./workload.ts";

const USAGE =
  "usage: npm run bench -- [--scale N] [--duration SECONDS] [--connections C] [--log-level LEVEL] " +
  "[--store file|redis] [--runs N] [--keep]";

function options() {
  const { values } = parseArgs({
    options: {
      scale: { type: "string", default: "1" },
      duration: { type: "string", default: "10" },
      runs: { type: "string", default: "1" },
      connections: { type: "string", default: "10" },
      "log-level": { type: "string", default: "info" },
      store: { type: "string", default: "file" },
      upstream: { type: "string", default: resolve(PROJECT_ROOT, "../shared/data/upstream") },
      keep: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const whole = (name: string, value: string, min: number) => {
    if (!/^\d+$/.test(value) || Number(value) < min) {
      console.error(`--${name} must be a whole number >= ${min}\n${USAGE}`);
      process.exit(2);
    }
    return Number(value);
  };
  if (values.store !== "file" && values.store !== "redis") {
    console.error(`--store must be file or redis\n${USAGE}`);
    process.exit(2);
  }
  return {
    store: values.store,
    scale: whole("scale", values.scale, 1),
    duration: whole("duration", values.duration, 1),
    runs: whole("runs", values.runs, 1),
    connections: whole("connections", values.connections, 1),
    logLevel: values["log-level"],
    upstream: values.upstream,
    keep: values.keep,
  };
}

const USER_AGENT = { "user-agent": "venue-bench/1.0 (+npm run bench)" };
const log = (line: string) => console.log(line);

async function send(baseUrl: string, r: BenchRequest): Promise<{ status: number; body: string }> {
  const res = await fetch(`${baseUrl}${r.path}`, {
    method: r.method,
    headers: { ...USER_AGENT, ...r.headers },
    body: r.body,
  });
  return { status: res.status, body: await res.text() };
}

/** Conference and journal ids spread over the whole catalogue (pages across the default search order). */
async function sampleIds(baseUrl: string): Promise<VenueIds> {
  const pick = async (kind: "conferences" | "journals", wanted: number) => {
    const first = JSON.parse(
      (await send(baseUrl, { method: "GET", path: `/api/${kind}?per_page=100` })).body,
    );
    const pages: number = first.data.pagination.total_pages;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const page = 1 + Math.floor((i * pages) / 5);
      const answer = JSON.parse(
        (await send(baseUrl, { method: "GET", path: `/api/${kind}?per_page=100&page=${page}` })).body,
      );
      const rows: { id: string }[] = answer.data[kind];
      ids.push(
        ...rows
          .filter((_, j) => j % Math.max(1, Math.floor(rows.length / (wanted / 5))) === 0)
          .map((r) => r.id),
      );
    }
    return ids.slice(0, wanted);
  };
  return { conferences: await pick("conferences", 60), journals: await pick("journals", 20) };
}

/** Sends each distinct request once; returns how many fail and prints the first few. */
async function checkRequests(baseUrl: string, groups: EndpointGroup[]): Promise<number> {
  let failures = 0;
  for (const group of groups) {
    const seen = new Set<string>();
    for (const r of group.requests) {
      const key = `${r.method} ${r.path} ${r.body ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const { status, body } = await send(baseUrl, r);
      if (status !== 200 || !isSuccess(body)) {
        failures++;
        if (failures <= 5) log(`  ! ${group.name}: ${r.method} ${r.path} → ${status} ${body.slice(0, 200)}`);
      }
    }
  }
  return failures;
}

type Options = ReturnType<typeof options>;

/** The synthetic upstream at the bench's scale, and the snapshot built from it in a child process. */
async function buildSynthetic(o: Options, workDir: string) {
  log(`Generating the synthetic upstream (${o.scale} × the real catalogue)…`);
  const upstreamDir = join(workDir, "upstream");
  const generated = await generateUpstream({ realDir: o.upstream, outDir: upstreamDir, scale: o.scale });
  log(
    `  ${generated.files} files, ${(generated.bytes / 1e6).toFixed(1)} MB in ${generated.seconds.toFixed(1)} s`,
  );

  log("Building the snapshot (child process)…");
  const snapshotsDir = join(workDir, "snapshots");
  const build = await measureBuild({ upstreamDir, snapshotsDir, baseUrl: "http://localhost:4321" }, log);
  log(`  build ${build.seconds.toFixed(1)} s, peak RSS ${Math.round(build.peak_rss_mb)} MB`);
  if (!o.keep) await rm(upstreamDir, { recursive: true, force: true });
  return { generated, build, snapshotsDir };
}

/** The bench's API key if the server takes it, and whether MCP answers; what is left out is said in `notes`. */
async function probeAccess(
  baseUrl: string,
  key: Awaited<ReturnType<typeof createApiKey>>,
  ids: VenueIds,
  notes: string[],
) {
  let apiKey: string | null = null;
  if ("key" in key) {
    const probe = await send(baseUrl, {
      method: "GET",
      path: `/api/conferences/${ids.conferences[0]}`,
      headers: { authorization: `Bearer ${key.key}` },
    });
    if (isSuccess(probe.body)) apiKey = key.key;
    else
      notes.push(
        `details skipped: the server refused the bench's API key (${probe.status} ${probe.body.slice(0, 120)})`,
      );
  } else {
    notes.push(`details skipped: no API key (${key.reason})`);
  }
  const mcpProbe = await send(baseUrl, mcpRequests(null, null)[0] as BenchRequest);
  const mcp = mcpProbe.status === 200 && isSuccess(mcpProbe.body);
  if (!mcp) notes.push(`MCP skipped: POST /mcp answered ${mcpProbe.status} ${mcpProbe.body.slice(0, 120)}`);
  return { apiKey, mcp };
}

/** One endpoint's throughput and latency, as the log prints it. */
const resultLine = (name: string, r: EndpointResult) =>
  `  ${name.padEnd(12)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50_ms} ms  p99 ${r.p99_ms} ms`;

/** What a round loads: the groups, the mixed workload, and the bare Node baseline serving a real search body. */
interface Workload {
  baseUrl: string;
  workDir: string;
  load: LoadOptions;
  groups: EndpointGroup[];
  mixed: EndpointGroup;
  payload: string;
  serverMemory: () => Promise<string>;
}

/** One round: every group, the bare Node baseline, then the mixed workload. */
async function measureRound(w: Workload): Promise<EndpointResult[]> {
  const measured: EndpointResult[] = [];
  for (const group of w.groups) {
    const result = await runLoad(w.baseUrl, group, w.load);
    measured.push(result);
    log(`${resultLine(group.name, result)}  errors ${result.errors}  ${await w.serverMemory()}`);
  }
  log("Bare Node server with a real search answer (the machine's limit)…");
  const bareGroup = baselineGroup(w.payload.length);
  const baseline = await startBaseline(w.payload, w.workDir);
  let base: EndpointResult;
  try {
    await runLoad(baseline.url, bareGroup, { ...w.load, duration: Math.min(3, w.load.duration) });
    base = await runLoad(baseline.url, bareGroup, w.load);
  } finally {
    await baseline.stop();
  }
  log(resultLine("baseline", base));
  const mixedRun = await runLoad(w.baseUrl, w.mixed, w.load);
  log(`${resultLine("mixed", mixedRun)}  errors ${mixedRun.errors}`);
  return [...measured, mixedRun, base];
}

/** Every round on one build, each endpoint's figures the median of its rounds. */
async function measureRounds(w: Workload, runs: number) {
  const rounds: EndpointResult[][] = [];
  for (let round = 1; round <= runs; round++) {
    if (runs > 1) log(`Round ${round} of ${runs}…`);
    rounds.push(await measureRound(w));
  }
  const combined = (rounds[0] as EndpointResult[]).map((first) =>
    medianOfRuns(rounds.map((r) => r.find((e) => e.name === first.name) as EndpointResult)),
  );
  const mixed = combined.find((e) => e.name === "mixed") as EndpointResult;
  const base = combined.find((e) => e.name === "baseline") as EndpointResult;
  if (runs > 1)
    log(
      `Medians of ${runs} rounds: mixed ${mixed.rps.toFixed(0)} req/s, bare Node ${base.rps.toFixed(0)} req/s, mixed p99 ${mixed.p99_ms} ms`,
    );
  return { endpoints: combined.filter((e) => e.name !== "mixed" && e.name !== "baseline"), mixed, base };
}

/** The relevance set scored over REST. */
async function relevanceOverRest(baseUrl: string) {
  log("Relevance set over REST…");
  const relevance = await scoreRelevance(
    async (c) => {
      const path = `/api/${c.kind}s?per_page=10&query=${encodeURIComponent(c.query)}`;
      const body = JSON.parse((await send(baseUrl, { method: "GET", path })).body);
      return (body.data?.[`${c.kind}s`] ?? []).map((v: { short_name: string | null }) => v.short_name);
    },
    await loadRelevanceSet(),
  );
  log(`  precision@1 ${relevance.precisionAt1.toFixed(3)}  MRR ${relevance.mrr.toFixed(3)}`);
  return relevance;
}

/** What the run measured, as the results files record it. */
function benchFigures(
  o: Options,
  run: {
    startedAt: string;
    synthetic: Awaited<ReturnType<typeof buildSynthetic>>;
    server: { startSeconds: number; peakRssMb: number };
    measured: Awaited<ReturnType<typeof measureRounds>>;
    payloadBytes: number;
    relevance: Awaited<ReturnType<typeof relevanceOverRest>>;
    checkFailures: number;
    notes: string[];
  },
): Omit<BenchResults, "targets"> {
  const { generated, build } = run.synthetic;
  const { endpoints, mixed, base } = run.measured;
  const byName = (name: string) => endpoints.find((e) => e.name === name);
  return {
    scale: o.scale,
    started_at: run.startedAt,
    machine: { cpus: cpus().length, node: process.version, memory_gb: Math.round(totalmem() / 2 ** 30) },
    duration_s: o.duration,
    runs: o.runs,
    connections: o.connections,
    log_level: o.logLevel,
    store: o.store,
    upstream: { files: generated.files, mb: generated.bytes / 1e6, generate_s: generated.seconds },
    counts: build.counts,
    build_s: build.seconds,
    build_peak_rss_mb: build.peak_rss_mb,
    build_stages: build.stages,
    server_start_s: run.server.startSeconds,
    server_peak_rss_mb: run.server.peakRssMb,
    baseline_rps: base.rps,
    baseline_p99_ms: base.p99_ms,
    baseline_payload_bytes: run.payloadBytes,
    mixed_rps: mixed.rps,
    ratio: mixed.rps / base.rps,
    p50_ms: mixed.p50_ms,
    p99_ms: mixed.p99_ms,
    search_p99_ms: byName("search")?.p99_ms ?? Number.NaN,
    search_cold_p99_ms: byName("search-cold")?.p99_ms ?? Number.NaN,
    search_precision_at_1: run.relevance.precisionAt1,
    search_mrr: run.relevance.mrr,
    errors: run.checkFailures + mixed.errors + endpoints.reduce((sum, e) => sum + e.errors, 0),
    endpoints: [...endpoints, mixed, base],
    notes: run.notes,
  };
}

/** The headline figures and each target, met or not. */
function printSummary(results: BenchResults, written: string[]) {
  log("");
  log(
    `Scale ${results.scale}: mixed ${Math.round(results.mixed_rps)} req/s vs bare Node ${Math.round(results.baseline_rps)} req/s → ratio ${results.ratio.toFixed(2)}; mixed p99 ${results.p99_ms} ms; search p99 ${results.search_p99_ms} ms (distinct ${results.search_cold_p99_ms} ms); search precision@1 ${results.search_precision_at_1.toFixed(3)}, MRR ${results.search_mrr.toFixed(3)}`,
  );
  log(
    `Build ${results.build_s.toFixed(1)} s (peak ${Math.round(results.build_peak_rss_mb)} MB); server peak RSS ${Math.round(results.server_peak_rss_mb)} MB; errors ${results.errors}`,
  );
  for (const t of results.targets)
    log(`  ${t.met ? "met    " : "NOT MET"}  ${t.name}: ${t.value} (target ${t.target})`);
  if (results.targets.length === 0)
    log("  (no targets at this scale: they are set for scale 1 and scale 100)");
  log(`Results: ${written.join(", ")}`);
}

async function main() {
  const o = options();
  const load: LoadOptions = { duration: o.duration, connections: o.connections };
  const startedAt = new Date().toISOString();
  const workDir = await mkdtemp(join(tmpdir(), `venue-bench-${o.scale}-`));
  const notes: string[] = [];
  log(`Benchmark at scale ${o.scale} in ${workDir}`);
  let server: RunningChild | null = null;
  let redis: { url: string; stop(): Promise<void> } | null = null;
  try {
    const synthetic = await buildSynthetic(o, workDir);
    if (o.store === "redis") redis = await startRedis(workDir);
    const service = {
      snapshotsDir: synthetic.snapshotsDir,
      stateDir: join(workDir, "state"),
      redisUrl: redis?.url ?? null,
      workDir,
      logLevel: o.logLevel,
    };
    await mkdir(service.stateDir, { recursive: true });
    const key = await createApiKey(serviceEnv(service));
    log("Starting the server (child process)…");
    server = await startService(service);
    log(`  ${server.url} answered after ${server.startSeconds.toFixed(1)} s`);
    const baseUrl = server.url;

    const ids = await sampleIds(baseUrl);
    const access = await probeAccess(baseUrl, key, ids, notes);
    for (const note of notes) log(`  note: ${note}`);
    const groups = endpointGroups(ids, access);
    const mixed = mixedGroup(groups);

    log("Checking every request once…");
    const checkFailures = await checkRequests(baseUrl, groups);
    log(`  ${checkFailures} failed`);

    log("Warming up…");
    await runLoad(baseUrl, mixed, { ...load, duration: Math.min(3, o.duration) });

    const serverMemory = async () => {
      const memory = await readMemory(server?.child.pid as number);
      return memory ? `server RSS ${Math.round(memory.rssMb)} MB (peak ${Math.round(memory.peakMb)})` : "";
    };
    log(`  before load: ${await serverMemory()}`);
    const payload = (await send(baseUrl, BASELINE_PAYLOAD_REQUEST)).body;
    const measured = await measureRounds(
      { baseUrl, workDir, load, groups, mixed, payload, serverMemory },
      o.runs,
    );
    const serverPeak = await server.peakRssMb();
    const relevance = await relevanceOverRest(baseUrl);

    const figures = benchFigures(o, {
      startedAt,
      synthetic,
      server: { startSeconds: server.startSeconds, peakRssMb: serverPeak },
      measured,
      payloadBytes: payload.length,
      relevance,
      checkFailures,
      notes,
    });
    const results: BenchResults = { ...figures, targets: checkTargets(figures) };
    printSummary(results, await writeResults(join(PROJECT_ROOT, "bench/results"), results));
  } finally {
    await server?.stop();
    await redis?.stop();
    if (o.keep) log(`Kept ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  }
}

await main();
