/** createApp(deps) is a plain Request → Response handler (serverless use): the whole edge chain, no server. */
import { describe, expect, it } from "vitest";
import { createApp } from "../../functions/app.ts";
import { createAnonymousAccess } from "../../functions/edge/anonymous-access.ts";
import { loadConfig } from "../../functions/server-config.ts";
import { emptyActivity } from "../../read/query/activity.ts";
import { createQueryLayer } from "../../read/query/index.ts";
import { silentLogger } from "../../runtime/logger.ts";
import { createMetrics } from "../../runtime/metrics.ts";
import { fixtureSourceForFile } from "../helpers/fixture-source.ts";
import { FIXTURE_NOW } from "../helpers/snapshot-fixture.ts";

const fixture = fixtureSourceForFile();

/** The app over the fixture snapshot, configured from `env` as the server would be. */
function app(env: Record<string, string> = {}, dailyQuota?: number) {
  const { dir, source } = fixture();
  const config = loadConfig({ SNAPSHOTS_DIR: dir, PUBLIC_BASE_URL: "https://api.example", ...env });
  const query = createQueryLayer({ source, publicBaseUrl: config.publicBaseUrl, clock: () => FIXTURE_NOW });
  const access = createAnonymousAccess({
    dailyQuota: dailyQuota ?? config.anonDailyQuota,
    clock: () => FIXTURE_NOW,
  });
  const metrics = createMetrics(() => FIXTURE_NOW);
  return createApp({ config, query, access, activity: emptyActivity, logger: silentLogger, metrics });
}

describe("createApp", () => {
  it("answers a Request with an envelope and the edge headers", async () => {
    const fetch = app();
    const res = await fetch(new Request("https://api.example/api/conferences?query=icml"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.code).toBe(200);
    expect(body.data.conferences.map((c: { id: string }) => c.id)).toEqual(["101", "102"]);
    expect(body.data.conferences[0].detail_page).toBe("https://api.example/conference/101");
    expect(res.headers.get("x-request-id")).toBe(body.request_id);
    expect(res.headers.get("x-quota-limit")).toBe("50");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const refused = await fetch(
      new Request("https://api.example/api/statistics", { headers: { "user-agent": "Python-urllib/3.12" } }),
    );
    expect(refused.status).toBe(403);
  });

  it("meters by forwarded address when told how many proxies to trust", async () => {
    const fetch = app({ TRUST_PROXY: "1" }, 1);
    const from = (ip: string) =>
      fetch(new Request("https://api.example/api/statistics", { headers: { "x-forwarded-for": ip } }));
    expect((await from("192.0.2.1")).status).toBe(200);
    expect((await from("192.0.2.1")).status).toBe(429);
    expect((await from("192.0.2.2")).status).toBe(200);
  });
});
