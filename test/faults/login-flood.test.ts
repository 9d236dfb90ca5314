/**
 * Failed logins flooding from one address (45 a second, under the general per-second limit, each a new e-mail and
 * a wrong password) while another address reads pages and snapshot files: scrypt runs on its own bounded pool and
 * the address is held to its login limits, so the reader keeps its latency. Real server and attacker in processes
 * of their own, real sockets, loopback only.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServedFixture, servedFixture } from "../helpers/served-fixture.ts";
import { ADDED_P99_MS, latencyProbe, PROBE_PAGES, PROBE_SITE, quietLatency } from "./loopback.ts";
import { floodFromChild, type Server, serve, stop } from "./serve-process.ts";

const RATE = 45;
const SECONDS = 10;
const FAILURES_PER_HOUR = 30;

describe("login flood from one address", () => {
  let fixture: ServedFixture;
  let server: Server;
  let stateDir: string;

  beforeAll(async () => {
    fixture = await servedFixture(PROBE_SITE);
    stateDir = await mkdtemp(join(tmpdir(), "vd-login-flood-"));
    server = await serve({
      ...fixture.env,
      STATE_DIR: stateDir,
      LOGIN_FAILURES_PER_HOUR: String(FAILURES_PER_HOUR),
      LOG_LEVEL: "warn",
    });
  });
  afterAll(async () => {
    await stop(server);
    await fixture?.remove();
    if (stateDir) await rm(stateDir, { recursive: true, force: true });
  });

  it("keeps pages and files fast for another address, and checks at most the address's hourly failures", async () => {
    const quiet = await quietLatency(server.url, PROBE_PAGES);
    const probe = latencyProbe(server.url, PROBE_PAGES);
    const logins = await floodFromChild({
      url: `${server.url}/api/login`,
      perSecond: RATE,
      seconds: SECONDS,
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "flood-test" },
      body: JSON.stringify({ email: "victim{i}@example.org", password: "wrong password" }),
    });
    const pages = await probe.stop();
    console.log(
      `login flood ${RATE}/s × ${SECONDS} s: logins ${JSON.stringify(logins.statuses)} p50 ${logins.p50} ms ` +
        `p99 ${logins.p99} ms; pages from another address (${pages.ms.length}) p50 ${pages.p50} ms ` +
        `p99 ${pages.p99} ms max ${pages.max} ms (quiet: p50 ${quiet.p50} ms p99 ${quiet.p99} ms)`,
    );
    expect(new Set(pages.statuses)).toEqual(new Set([200]));
    expect(pages.p99).toBeLessThan(quiet.p99 + ADDED_P99_MS);
    // Checked attempts (HTTP 200, envelope 401) stop at the hourly failures; the rest are 429 with Retry-After.
    const checked = logins.statuses["200"] ?? 0;
    expect(checked).toBeLessThanOrEqual(FAILURES_PER_HOUR);
    expect(checked + (logins.statuses["429"] ?? 0)).toBe(RATE * SECONDS);
    expect(logins.retryAfter.every((seconds) => Number(seconds) >= 1)).toBe(true);
  });
});
