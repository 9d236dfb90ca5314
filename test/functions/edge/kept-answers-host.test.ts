/**
 * The kept-answer lane applies the app's Host rule exactly (host-guard.ts hostRefusal, one function): a Host
 * sent to the lane (an anonymous GET of /api without Accept-Encoding, asked again so its answer is kept) gets the
 * status the app gives it (the same request asking for gzip, which the lane never answers). Raw sockets, as
 * neither fetch nor node:http sends a repeated Host.
 */
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../functions/server-config.ts";
import { createMetrics } from "../../../runtime/metrics.ts";
import { harnessForFile, startHarness } from "../api/harness.ts";

const metrics = createMetrics();
const keptCount = async () => (await metrics.keptAnswers.get()).values[0]?.value ?? 0;

const h = harnessForFile(() =>
  startHarness({
    // No per-second limit: a hundred requests in a row, and the Host is the one thing that differs.
    env: { API_ANSWER_WINDOW_MS: "60000", ALLOWED_HOSTS: "venues.example", RATE_LIMIT_PER_SECOND: "0" },
    overrides: { metrics },
  }),
);

const PATH = "/api/statistics";
const port = () => new URL(h.url).port;

/**
 * The status of one GET of PATH sent as written: one `Host:` line per entry of `hosts`, then `extra` lines; 0 when
 * the server closed without an answer.
 */
function rawGet(hosts: readonly string[], extra: readonly string[] = [], version = "1.1"): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(Number(port()), "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("close", () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on("error", () => resolve(0));
    const lines = [`GET ${PATH} HTTP/${version}`, ...hosts.map((host) => `Host: ${host}`)];
    socket.write(
      [...lines, "User-Agent: host-rule-test/1.0", ...extra, "Connection: close", "", ""].join("\r\n"),
    );
  });
}

/** Through the lane: no Accept-Encoding, the answer kept by asking with a plain Host first. */
async function viaLane(hosts: readonly string[], version?: string): Promise<number> {
  expect(await rawGet([`127.0.0.1:${port()}`])).toBe(200);
  return rawGet(hosts, [], version);
}

/** Through the app: asking for gzip, which the lane leaves to the app. */
const viaApp = (hosts: readonly string[], version?: string) =>
  rawGet(hosts, ["Accept-Encoding: gzip"], version);

/** Hosts the app refuses, with its status: 403 from its Host rule, 400 from the HTTP layer before it. */
const REFUSED: [string[], number][] = [
  [["127.0.0.1", "127.0.0.1"], 403],
  [["127.0.0.1", "evil.example"], 403],
  [["evil.example", "127.0.0.1"], 403],
  [["localhost", "LOCALHOST"], 403],
  [["evil@127.0.0.1"], 400],
  [["[0:0:0:0:0:0:0:1]"], 400],
  [["[0:0:0:0:0:0:0:1]:4321"], 400],
  [["127.0.0.1:99999"], 400],
  [["127.0.0.1:"], 400],
  [["127.0.0.1/evil"], 400],
  [["127.0.0.1?x"], 400],
  [["127.0.0.1#x"], 400],
  [["%31%32%37.0.0.1"], 400],
  [["localhost, evil.example"], 400],
  [["127.1"], 403],
  [["0x7f.0.0.1"], 403],
  [["2130706433"], 403],
  [["localhost."], 403],
  [["evil.example"], 403],
  [["venues.example.evil"], 403],
  [[""], 400],
  [[], 400],
];

/** Hosts of this service, in the spellings the rule takes: answered by the lane. */
const ALLOWED = [
  "127.0.0.1",
  "localhost:1",
  "LOCALHOST",
  "[::1]",
  "[::1]:4321",
  "venues.test",
  "venues.example:8443",
];

describe("the kept-answer lane's Host rule is the app's", () => {
  // The first plain request is the app's, and keeps the answer the lane sends from then on.
  beforeAll(async () => {
    expect(await rawGet([`127.0.0.1:${port()}`])).toBe(200);
  });

  it.each(REFUSED)("Host %j: the lane answers the app's %i", async (hosts, status) => {
    const before = await keptCount();
    const lane = await viaLane(hosts);
    expect(await keptCount(), "the plain request before it came from the lane").toBe(before + 1);
    expect([lane, await viaApp(hosts)]).toEqual([status, status]);
  });

  it.each(ALLOWED)("Host %j: served by the lane and by the app alike", async (host) => {
    const before = await keptCount();
    expect(await viaLane([host])).toBe(200);
    expect(await keptCount()).toBe(before + 2);
    expect(await viaApp([host])).toBe(200);
  });

  it("HTTP/1.0 without a Host is refused on both paths", async () => {
    expect([await viaLane([], "1.0"), await viaApp([], "1.0")]).toEqual([400, 400]);
  });
});

describe("ALLOWED_HOSTS", () => {
  it("takes host names only as a URL writes them, as the rule matches a Host as written", () => {
    expect(loadConfig({ ALLOWED_HOSTS: "api.example.org, [::1],10.0.0.2" }).allowedHosts).toEqual([
      "api.example.org",
      "[::1]",
      "10.0.0.2",
    ]);
    for (const spelling of ["[0:0::1]", "127.1", "0x7f.0.0.1", "api.example.org:8443", "user@example.org"]) {
      expect(() => loadConfig({ ALLOWED_HOSTS: spelling }), spelling).toThrow(/ALLOWED_HOSTS/);
    }
  });
});
