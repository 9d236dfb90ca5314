/**
 * Request logs: one JSON line per request naming the client (address after TRUST_PROXY, user agent, caller kind
 * and ids, never the credential), status, bytes and milliseconds; and the server's stdout through `npm run`
 * carries no npm banner, only what the server writes.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, createUser } from "../../../accounts/auth/accounts.ts";
import { type RunningService, startService } from "../../../functions/composition-root.ts";
import { loadConfig } from "../../../functions/server-config.ts";
import type { Logger } from "../../../runtime/logger.ts";
import { type ServedFixture, servedFixture } from "../../helpers/served-fixture.ts";

const ROOT = join(import.meta.dirname, "../../..");

describe("request log lines", () => {
  let fixture: ServedFixture;
  let stateDir: string;
  let service: RunningService;
  const lines: Record<string, unknown>[] = [];
  const logger: Logger = {
    info: (details, message) => lines.push({ ...details, msg: message }),
    warn() {},
    error() {},
  };

  beforeAll(async () => {
    fixture = await servedFixture({ "index.html": "<!doctype html><title>Venues</title>" });
    stateDir = await mkdtemp(join(tmpdir(), "vd-logs-"));
    service = await startService(loadConfig({ ...fixture.env, STATE_DIR: stateDir, TRUST_PROXY: "1" }), {
      logger,
    });
  });
  afterAll(async () => {
    await service.close();
    await fixture.remove();
    await rm(stateDir, { recursive: true, force: true });
  });

  const lastRequestLine = () => lines.filter((l) => l.msg === "request").at(-1);

  it("name the client behind the proxy, its agent and the account and key, never the key itself", async () => {
    await createUser(service.store, { email: "log@example.org", password: "correct horse battery staple" });
    const { key, id: keyId } = await createKey(service.store, "log@example.org", "logs");
    const account = await service.store.findAccountByEmail("log@example.org");
    const res = await fetch(`${service.server.url}/api/conferences?limit=1`, {
      headers: {
        authorization: `Bearer ${key}`,
        "x-forwarded-for": "203.0.113.9",
        "user-agent": "lab-script/1.0",
        "accept-encoding": "identity",
      },
    });
    const body = await res.arrayBuffer();
    await expect.poll(() => lastRequestLine()?.path).toBe("/api/conferences");
    const line = lastRequestLine();
    expect(line).toMatchObject({
      ip: "203.0.113.9",
      method: "GET",
      path: "/api/conferences",
      user_agent: "lab-script/1.0",
      caller: { kind: "account", account_id: account?.id, key_id: keyId },
      status: 200,
    });
    // Headers included: a little more than the body.
    expect(line?.bytes).toBeGreaterThan(body.byteLength);
    expect(line?.bytes).toBeLessThan(body.byteLength + 2000);
    expect(line?.request_id).toBe(res.headers.get("x-request-id"));
    expect(typeof line?.ms).toBe("number");
    expect(JSON.stringify(lines)).not.toContain(key);
  });

  it("log a refused credential by its reason and an anonymous caller by kind", async () => {
    await (
      await fetch(`${service.server.url}/api/conferences`, {
        headers: { authorization: "Bearer vd_not-a-real-key", "user-agent": "x/1" },
      })
    ).text();
    await expect.poll(() => lastRequestLine()?.status).toBe(401);
    expect(lastRequestLine()).toMatchObject({ caller: { kind: "invalid", reason: "malformed" } });
    expect(JSON.stringify(lines)).not.toContain("vd_not-a-real-key");
    await (
      await fetch(`${service.server.url}/`, {
        headers: { "user-agent": "x/1", "x-forwarded-for": "198.51.100.7" },
      })
    ).text();
    await expect.poll(() => lastRequestLine()?.status).toBe(200);
    expect(lastRequestLine()).toMatchObject({ ip: "198.51.100.7", path: "/", caller: { kind: "anonymous" } });
  });
});

describe("npm run serve's stdout", () => {
  it("is the server's own output: no npm banner, one JSON line per request", async () => {
    const fixture = await servedFixture({ "index.html": "<!doctype html><title>Venues</title>" });
    const stateDir = await mkdtemp(join(tmpdir(), "vd-logs-npm-"));
    // In a process group of its own: npm's children outlive a signal sent to npm alone.
    const child = spawn("npm", ["run", "serve"], {
      cwd: ROOT,
      env: { ...process.env, ...fixture.env, STATE_DIR: stateDir, REDIS_URL: "", LOG_LEVEL: "info" },
      detached: true,
    });
    let stdout = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    try {
      // The start line is the first JSON line (pino): its `port` field is the port bound.
      const port = await new Promise<number>((found, fail) => {
        child.stdout.on("data", () => {
          const first = stdout.split("\n", 2);
          if (first.length < 2) return;
          try {
            found((JSON.parse(first[0] as string) as { port: number }).port);
          } catch {
            fail(new Error(`the first line is not JSON: ${first[0]}`));
          }
        });
        child.once("exit", (code) => fail(new Error(`serve exited ${code}: ${stdout}`)));
      });
      await (
        await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { "user-agent": "probe/1" } })
      ).text();
      await expect.poll(() => stdout.includes('"msg":"request"')).toBe(true);
    } finally {
      const exited = new Promise((r) => child.once("exit", r));
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await exited;
      await fixture.remove();
      await rm(stateDir, { recursive: true, force: true });
    }
    // Every line is JSON (npm prints nothing of its own), the start line first.
    const lines = stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ level: 30, msg: expect.stringMatching(/^Venue Directory serving on /) });
    expect(stdout).not.toContain("> venue-directory");
    const requests = lines.slice(1);
    expect(requests.find((r) => r.msg === "request")).toMatchObject({
      path: "/healthz",
      user_agent: "probe/1",
    });
  });
});
