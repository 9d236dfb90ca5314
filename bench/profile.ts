/**
 * `npx tsx bench/profile.ts [--group statistics|mcp|mixed|…] [--duration S] [--snapshots DIR] [--save FILE] [--no-profile]`
 *
 * Where one request kind spends the server's CPU: starts the server as the bench does (bench/service.ts, quotas out
 * of reach, an API key) under `node --cpu-prof`, loads one workload group with autocannon, stops the server so V8
 * writes its profile, and prints the server's CPU time per request (user + system, from /proc: time the process
 * waited for a core is not in it) and its share per step of the request path (bench/profile-summary.ts: the
 * profile's samples, which do include such waits, give the shares only). CPU per request, not req/s, is the
 * figure to compare on a shared machine.
 */
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createApiKey } from "./accounts.ts";
import { type LoadOptions, runLoad } from "./load.ts";
import { PROJECT_ROOT } from "./processes.ts";
import { readProfile, summarise, topFunctions } from "./profile-summary.ts";
import { type RunningChild, serviceEnv, startBaseline, startService } from "./service.ts";
import {
  BASELINE_PAYLOAD_REQUEST,
  baselineGroup,
  type EndpointGroup,
  endpointGroups,
  mixedGroup,
} from "./workload.ts";

/**
 * CPU seconds (user + system) the process has used, from /proc/<pid>/stat (clock ticks of 10 ms); of its main
 * thread alone with `mainThread` (the event loop, without the store's worker, GC helpers and the thread pool).
 */
async function cpuSeconds(pid: number, mainThread = false): Promise<number> {
  const stat = await readFile(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One load run and the CPU the child used during it. */
async function measureCpu(child: RunningChild, group: EndpointGroup, load: LoadOptions) {
  const pid = child.child.pid as number;
  const before = await cpuSeconds(pid);
  const mainBefore = await cpuSeconds(pid, true);
  const result = await runLoad(child.url, group, load);
  return {
    result,
    cpuUsed: (await cpuSeconds(pid)) - before,
    mainThreadUsed: (await cpuSeconds(pid, true)) - mainBefore,
  };
}

const { values } = parseArgs({
  options: {
    group: { type: "string", default: "statistics" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    snapshots: { type: "string", default: resolve(PROJECT_ROOT, "snapshots") },
    "log-level": { type: "string", default: "info" },
    /** Copies the .cpuprofile here (for Chrome DevTools or speedscope). */
    save: { type: "string" },
    /** CPU a request only, without the profiler (which inflates it): for before/after comparisons. */
    "no-profile": { type: "boolean", default: false },
  },
});

const workDir = await mkdtemp(join(tmpdir(), "venue-profile-"));
const profileDir = join(workDir, "profile");
const service = {
  snapshotsDir: values.snapshots,
  stateDir: join(workDir, "state"),
  redisUrl: null,
  workDir,
  logLevel: values["log-level"],
  nodeArgs: values["no-profile"] ? [] : ["--cpu-prof", "--cpu-prof-dir", profileDir],
};
await mkdir(service.stateDir, { recursive: true });
// Both children are stopped however the run ends: a throw must not leave them running (and profiling).
let server: RunningChild | null = null;
let baseline: RunningChild | null = null;
try {
  const key = await createApiKey(serviceEnv(service));
  const apiKey = "key" in key ? key.key : null;
  server = await startService(service);
  const { url } = server;
  const get = async (path: string) =>
    (await fetch(`${url}${path}`, { headers: { "user-agent": "venue-profile" } })).text();
  // A few ids for details (the bench samples them over the catalogue; here the first page is enough).
  const firstIds = async (kind: "conferences" | "journals") => {
    const page = JSON.parse(await get(`/api/${kind}?per_page=20`)) as {
      data: Record<string, { id: string }[]>;
    };
    return page.data[kind]?.map((v) => v.id) ?? [];
  };
  const ids = { conferences: await firstIds("conferences"), journals: await firstIds("journals") };
  const groups = endpointGroups(ids, { apiKey, mcp: true });
  const group = values.group === "mixed" ? mixedGroup(groups) : groups.find((g) => g.name === values.group);
  if (!group) throw new Error(`no group ${values.group}`);
  const load = { duration: Number(values.duration), connections: Number(values.connections) };
  // The bench's bare Node server answers the bench's search body, loaded after the service: the floor.
  const payload = await get(BASELINE_PAYLOAD_REQUEST.path);
  const loadStarted = performance.now();
  const { result, cpuUsed, mainThreadUsed } = await measureCpu(server, group, load);
  const loadEnded = performance.now();
  await server.stop();
  const exited = performance.now();
  console.log(
    `${group.name}: ${result.requests} requests, ${result.rps.toFixed(0)} req/s, p99 ${result.p99_ms} ms, errors ${result.errors}`,
  );
  const perRequestUs = (cpuUsed * 1e6) / result.requests;
  const mainThreadUs = (mainThreadUsed * 1e6) / result.requests;
  baseline = await startBaseline(payload, workDir);
  const bare = await measureCpu(baseline, baselineGroup(payload.length), load);
  await baseline.stop();
  const bareUs = (bare.cpuUsed * 1e6) / bare.result.requests;
  console.log(
    `server CPU ${(cpuUsed * 1000).toFixed(0)} ms (user + system) → ${perRequestUs.toFixed(0)} µs a request, ${mainThreadUs.toFixed(0)} µs of it on the event loop`,
  );
  console.log(
    `bare Node ${bareUs.toFixed(0)} µs a request (${bare.result.rps.toFixed(0)} req/s) → CPU ratio ${(bareUs / perRequestUs).toFixed(3)}`,
  );
  if (!values["no-profile"]) {
    // The profile's samples of the load alone: the start-up (module loading, snapshot) and the shutdown left out.
    const window = { lastMs: exited - loadStarted, skipLastMs: exited - loadEnded };
    const [file] = await readdir(profileDir);
    if (!file) throw new Error("the server wrote no profile");
    if (values.save) await copyFile(join(profileDir, file), values.save);
    const profile = await readProfile(join(profileDir, file));
    const { busyMs, steps } = summarise(profile, window);
    console.log(`profile busy ${busyMs.toFixed(0)} ms`);
    for (const s of steps)
      console.log(
        `${(s.share * 100).toFixed(1).padStart(5)} %  ${(s.share * perRequestUs).toFixed(1).padStart(6)} µs  ${s.step}`,
      );
    console.log("\ntop functions (self ms):");
    for (const f of topFunctions(profile, 25, window))
      console.log(`${f.ms.toFixed(0).padStart(6)}  ${f.name}`);
  }
} finally {
  await baseline?.stop();
  await server?.stop();
  await rm(workDir, { recursive: true, force: true });
}
