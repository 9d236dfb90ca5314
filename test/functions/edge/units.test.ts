import { describe, expect, it } from "vitest";
import {
  blockedAgentTest,
  DEFAULT_BLOCKED_AGENTS,
  parseBlockedAgents,
} from "../../../functions/edge/agents.ts";
import { createAnonymousAccess } from "../../../functions/edge/anonymous-access.ts";
import { defaultMaxConnections, openFileLimit } from "../../../functions/edge/connections.ts";
import { loadConfig } from "../../../functions/server-config.ts";
import { clientIp } from "../../../runtime/client-ip.ts";
import { secondsToUtcMidnight } from "../../../runtime/clock.ts";

describe("anonymous access", () => {
  it("counts per address and day, refuses with 429 until UTC midnight, resets the next day", async () => {
    let now = new Date("2026-06-15T23:59:30Z");
    const access = createAnonymousAccess({ dailyQuota: 2, clock: () => now });
    const a = { kind: "anonymous" as const, ip: "198.51.100.1" };
    const b = { kind: "anonymous" as const, ip: "198.51.100.2" };
    expect(await access.consume(a)).toEqual({ limit: 2, remaining: 1, exceeded: null });
    expect(await access.consume(a)).toEqual({ limit: 2, remaining: 0, exceeded: null });
    expect(await access.consume(a)).toEqual({
      limit: 2,
      remaining: 0,
      exceeded: { status: 429, retryAfterSeconds: 30 },
    });
    expect(await access.peek(a)).toMatchObject({ remaining: 0, exceeded: null });
    expect(await access.consume(b)).toMatchObject({ remaining: 1 });
    now = new Date("2026-06-16T00:00:01Z");
    expect(await access.peek(a)).toMatchObject({ remaining: 2 });
    expect(await access.consume(a)).toMatchObject({ remaining: 1, exceeded: null });
  });

  it("resolves any credential header to invalid, none to anonymous", async () => {
    const access = createAnonymousAccess();
    const ip = "198.51.100.1";
    expect(await access.resolve(new Request("http://x/"), ip)).toEqual({ kind: "anonymous", ip });
    for (const headers of [
      { authorization: "Bearer k" },
      { authorization: "Basic x" },
      { "x-paid-access": "1" },
    ] as Record<string, string>[]) {
      expect((await access.resolve(new Request("http://x/", { headers }), ip)).kind).toBe("invalid");
    }
  });
});

describe("secondsToUtcMidnight", () => {
  it("counts whole seconds to the next UTC midnight", () => {
    expect(secondsToUtcMidnight(new Date("2026-06-15T00:00:00Z"))).toBe(86400);
    expect(secondsToUtcMidnight(new Date("2026-06-15T23:59:59.500Z"))).toBe(1);
  });
});

describe("User-Agent rule", () => {
  const isBlockedAgent = blockedAgentTest(DEFAULT_BLOCKED_AGENTS);
  it.each([
    ["Python-urllib/3.12", true],
    ["python-urllib/3.12", true],
    ["libwww-perl/6.72", true],
    ["Ruby", true],
    ["RubyGems/3.5 x86_64-linux", false],
    ["Javaland-Crawler/1.0 (+https://x.example)", false],
    ["Research-Sync/2 libwww-perl/6.72", false],
    [null, false],
    ["", false],
  ])("matches product tokens at the start only, any case: %j → %s", (agent, blocked) => {
    expect(isBlockedAgent(agent)).toBe(blocked);
  });

  it("BLOCKED_AGENTS: unset keeps the defaults, a list replaces them, empty disables", () => {
    expect(parseBlockedAgents(undefined)).toBe(DEFAULT_BLOCKED_AGENTS);
    expect(parseBlockedAgents(" A , B,,")).toEqual(["A", "B"]);
    expect(parseBlockedAgents("")).toEqual([]);
    expect(blockedAgentTest(parseBlockedAgents(""))("Python-urllib/3.12")).toBe(false);
  });
});

describe("clientIp", () => {
  const req = (xff?: string) => new Headers(xff ? { "x-forwarded-for": xff } : {});
  it("uses the socket unless proxies are trusted, then the hop the outermost trusted proxy saw", () => {
    expect(clientIp(req("1.1.1.1"), "::ffff:127.0.0.1", 0)).toBe("127.0.0.1");
    expect(clientIp(req("1.1.1.1, 2.2.2.2"), "127.0.0.1", 1)).toBe("2.2.2.2");
    expect(clientIp(req("1.1.1.1, 2.2.2.2, 3.3.3.3"), "127.0.0.1", 2)).toBe("2.2.2.2");
    expect(clientIp(req("2.2.2.2"), "127.0.0.1", 3)).toBe("2.2.2.2");
    expect(clientIp(req(), "10.0.0.5", 1)).toBe("10.0.0.5");
  });
});

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 4321,
      publicBaseUrl: "http://localhost:4321",
      anonDailyQuota: 50,
      trustProxyHops: 0,
      snapshotPollMs: 5000,
      blockedAgents: DEFAULT_BLOCKED_AGENTS,
    });
    expect(c.snapshotsDir).toMatch(/\/snapshots$/);
    expect(c.siteDir).toMatch(/\/dist$/);
  });

  it("reads overrides and names bad variables", () => {
    const c = loadConfig({ PORT: "8080", PUBLIC_BASE_URL: "https://venues.example/", TRUST_PROXY: "true" });
    expect(c).toMatchObject({ port: 8080, publicBaseUrl: "https://venues.example", trustProxyHops: 1 });
    expect(loadConfig({ PORT: "8080" }).publicBaseUrl).toBe("http://localhost:8080");
    expect(() => loadConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => loadConfig({ ANON_DAILY_QUOTA: "-1" })).toThrow(/ANON_DAILY_QUOTA/);
    expect(() => loadConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: "ftp://x" })).toThrow(/PUBLIC_BASE_URL/);
  });

  it("reads ALLOWED_ORIGINS as origins and refuses anything else", () => {
    expect(
      loadConfig({ ALLOWED_ORIGINS: "https://App.example.org, http://localhost:5173/" }).allowedOrigins,
    ).toEqual(["https://app.example.org", "http://localhost:5173"]);
    for (const bad of ["app.example.org", "https://app.example.org/path", "ftp://files.example", "*"])
      expect(() => loadConfig({ ALLOWED_ORIGINS: bad }), bad).toThrow(/ALLOWED_ORIGINS/);
  });

  it("reads the connection limits, with MAX_CONNECTIONS under the open-file limit by default", () => {
    const fileLimit = openFileLimit();
    expect(loadConfig({}).connections).toEqual({
      perAddress: 256,
      max: defaultMaxConnections(fileLimit),
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxRequestsPerConnection: 0,
    });
    if (fileLimit !== null) expect(loadConfig({}).connections.max).toBeLessThan(fileLimit);
    expect(defaultMaxConnections(20_000)).toBe(16_000);
    expect(defaultMaxConnections(null)).toBe(10_000);
    const c = loadConfig({
      MAX_CONNECTIONS: "500",
      MAX_CONNECTIONS_PER_ADDRESS: "0",
      HEADERS_TIMEOUT_MS: "2000",
    });
    expect(c.connections).toMatchObject({ max: 500, perAddress: 0, headersTimeoutMs: 2000 });
    expect(() => loadConfig({ MAX_CONNECTIONS: "0" })).toThrow(/MAX_CONNECTIONS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: "60000" })).toThrow(/HEADERS_TIMEOUT_MS must not exceed/);
    expect(() => loadConfig({ PASSWORD_HASH_THREADS: "0" })).toThrow(/PASSWORD_HASH_THREADS/);
  });
});
