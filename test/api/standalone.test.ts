/** createApi(deps).fetch is a plain Request → Response handler (serverless use): edge chain included, no server. */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../functions/api/index.ts";
import { createAnonymousAccess } from "../../functions/edge/anonymous-access.ts";
import { createQueryLayer } from "../../functions/query/index.ts";
import { SnapshotSource } from "../../functions/query/snapshot-source.ts";
import { FIXTURE_NOW, tempSnapshotsDir, writeFixtureSnapshot } from "../helpers/snapshot-fixture.ts";

let dir: string;
let source: SnapshotSource;
beforeAll(async () => {
  dir = await tempSnapshotsDir();
  await writeFixtureSnapshot(dir);
  source = await SnapshotSource.open({ snapshotsDir: dir });
});
afterAll(async () => {
  source.close();
  await rm(dir, { recursive: true, force: true });
});

describe("createApi", () => {
  it("answers a Request with an envelope and the edge headers", async () => {
    const query = createQueryLayer({
      source,
      publicBaseUrl: "https://api.example",
      clock: () => FIXTURE_NOW,
    });
    const api = createApi({ query, publicBaseUrl: "https://api.example" });
    const res = await api.fetch(new Request("https://api.example/api/conferences?query=icml"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.code).toBe(200);
    expect(body.data.conferences.map((c: { id: string }) => c.id)).toEqual(["101", "102"]);
    expect(body.data.conferences[0].detail_page).toBe("https://api.example/conference/101");
    expect(res.headers.get("x-request-id")).toBe(body.request_id);
    expect(res.headers.get("x-quota-limit")).toBe("50");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const refused = await api.fetch(
      new Request("https://api.example/api/statistics", { headers: { "user-agent": "Python-urllib/3.12" } }),
    );
    expect(refused.status).toBe(403);
  });

  it("meters by forwarded address when told how many proxies to trust", async () => {
    const query = createQueryLayer({
      source,
      publicBaseUrl: "https://api.example",
      clock: () => FIXTURE_NOW,
    });
    const api = createApi({
      query,
      publicBaseUrl: "https://api.example",
      access: createAnonymousAccess({ dailyQuota: 1, clock: () => FIXTURE_NOW }),
      trustProxyHops: 1,
    });
    const from = (ip: string) =>
      api.fetch(new Request("https://api.example/api/statistics", { headers: { "x-forwarded-for": ip } }));
    expect((await from("192.0.2.1")).status).toBe(200);
    expect((await from("192.0.2.1")).status).toBe(429);
    expect((await from("192.0.2.2")).status).toBe(200);
  });
});
