/**
 * One client cannot stall the rest (issue 44, H1 and H2): on the real catalogue, four fetchers of
 * `/deadlines.ics` with filters of their own, then a mixed flood of feeds, list pages and site searches inside
 * the per-address limits, from one address, while another address reads pages and files. Before, one `.ics`
 * fetcher at a time pushed the bystander's p50 from 6 ms to 2 s, and the mixed flood to p50 544 ms / p99 2 s.
 * Real server and attacker in processes of their own, real sockets, loopback only.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BASE_URL } from "../helpers/served-fixture.ts";
import { buildQuietly, REAL_UPSTREAM } from "../helpers/upstream-builds.ts";
import { ATTACKER, send } from "./loopback.ts";
import { floodWhileProbing, probeServerForFile, reportBystander } from "./serve-process.ts";

const RANKS = ["ccf_rank=A", "ccf_rank=B", "core_rank=A*", "core_rank=A,B", "qualis_rank=A1", "ccf_rank=A,B"];
const FIELDS = [
  "",
  "&field=security",
  "&field=ml",
  "&field=se",
  "&field=data",
  "&field=theory",
  "&field=network",
];

/** `count` distinct deadline filters: ranks × fields × a time window. */
function filters(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const within = 7 + ((i * 13) % 84);
    return `${RANKS[i % RANKS.length]}${FIELDS[i % FIELDS.length]}&within_days=${within}`;
  });
}

/** The frames of the server-rendered list and search pages, beside the probe's pages. */
const FRAMES = {
  "deadlines.html": "<!doctype html><title>Deadlines</title><main><!--deadlines--></main>",
  "search.html": "<!doctype html><title>Search</title><main><!--search--></main>",
};

const WORDS = [
  "learning",
  "security",
  "systems",
  "vision",
  "data",
  "networks",
  "software",
  "theory",
  "graphics",
];

describe("expensive requests from one address", () => {
  const served = probeServerForFile({}, async (fixture) => {
    // The real catalogue in place of the fixture's: its feeds are as costly as the ones that stalled everyone.
    await rm(fixture.snapshotsDir, { recursive: true });
    await mkdir(fixture.snapshotsDir);
    await buildQuietly(REAL_UPSTREAM, fixture.snapshotsDir, BASE_URL);
    for (const [name, text] of Object.entries(FRAMES)) await writeFile(join(fixture.siteDir, name), text);
  });

  it("four .ics fetchers with filters of their own leave another address its pace", async () => {
    const base = served().server.url;
    // What a server does once per snapshot (the search index, the outlooks) is done before, as on a server in use.
    for (const path of ["/search?q=learning", "/deadlines.ics", "/deadlines.xml", "/deadlines"]) {
      expect((await send(`${base}${path}`, { from: ATTACKER })).status).toBe(200);
    }
    const urls = ["", ...filters(80)].map((f) => `${base}/deadlines.ics?${f}`);
    const { quiet, pages, flood } = await floodWhileProbing(base, {
      url: urls[0] ?? base,
      urls,
      workers: 4,
      perSecond: 0,
      seconds: 8,
      headers: { "user-agent": "feed-fetcher" },
    });
    reportBystander(
      `4 .ics fetchers × 8 s: ${JSON.stringify(flood.statuses)} p50 ${flood.p50} ms p99 ${flood.p99} ms`,
      quiet,
      pages,
    );
    // Every filter is valid: answered, or refused by the per-second limit once the fetchers have spent it.
    expect(Object.keys(flood.statuses).sort()).toEqual(expect.arrayContaining(["200"]));
    expect(Object.keys(flood.statuses).filter((s) => s !== "200" && s !== "429")).toEqual([]);
  }, 120_000);

  it("a mixed flood inside the per-address limits leaves another address its pace", async () => {
    const base = served().server.url;
    const mixed = filters(150).flatMap((f, i) => [
      `${base}/deadlines.ics?${f}`,
      `${base}/deadlines.xml?${f}&notifications=${i % 2 === 0}`,
      `${base}/deadlines?${f}&page=${1 + (i % 3)}`,
      `${base}/search?q=${WORDS[i % WORDS.length]}%20${i}`,
      `${base}/snapshots/latest/conferences.json`,
    ]);
    const { quiet, pages, flood } = await floodWhileProbing(base, {
      url: mixed[0] ?? base,
      urls: mixed,
      perSecond: 45,
      seconds: 10,
      headers: { "user-agent": "mixed-flood", "accept-encoding": "br" },
    });
    reportBystander(
      `mixed flood 45/s × 10 s: ${JSON.stringify(flood.statuses)} p50 ${flood.p50} ms p99 ${flood.p99} ms`,
      quiet,
      pages,
    );
    expect(Object.keys(flood.statuses).filter((s) => s !== "200" && s !== "429")).toEqual([]);
  }, 120_000);
});
