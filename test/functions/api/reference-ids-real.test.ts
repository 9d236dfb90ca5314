/**
 * Every reference id a venue holds answers, over real HTTP on the snapshot built from the real upstream data: a
 * journal made of two reference rows (TASLP: 148 and 1143) has the first one's id, and the other's, the id the
 * reference service's users know, redirects (301) on REST and pages, and MCP returns the venue's record. The same
 * for a conference (86 and 87).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeOnRealUpstream, realSnapshotForSuite } from "../../helpers/upstream-builds.ts";
import { connectMcp, startMcpHarness, toolPayload } from "../mcp/client.ts";
import { ACCOUNT, type Harness } from "./harness.ts";

describeOnRealUpstream("reference ids a venue absorbed (real snapshot)", () => {
  const real = realSnapshotForSuite("vd-reference-ids-");
  let h: Harness;
  beforeAll(async () => {
    h = await startMcpHarness({ env: { SNAPSHOTS_DIR: real().snapshotsDir } });
  });
  afterAll(() => h?.close());

  it("REST detail answers 301 to the venue's id, query string kept, and the target answers", async () => {
    for (const [path, to] of [
      ["/api/journals/1143?x=1", "/api/journals/148?x=1"],
      ["/api/journals/595", "/api/journals/23"],
      ["/api/journals/563", "/api/journals/324"],
      ["/api/journals/892", "/api/journals/414"],
      ["/api/conferences/87", "/api/conferences/86"],
    ] as const) {
      const res = await h.get(path, { headers: ACCOUNT, redirect: "manual" });
      expect(res.status, path).toBe(301);
      expect(res.headers.get("location"), path).toBe(to);
    }
    const followed = await h.get("/api/journals/1143", { headers: ACCOUNT });
    expect(followed.status).toBe(200);
    const body = await followed.json();
    expect(body.data.id).toBe("148");
    expect(body.data.impact_factor).toBe("5.1");
  });

  it("the venue pages answer 301 to the venue's page", async () => {
    for (const suffix of ["", ".md"]) {
      const res = await h.get(`/journal/1143${suffix}`, { redirect: "manual" });
      expect(res.status, suffix).toBe(301);
      expect(res.headers.get("location")).toBe(`/journal/148${suffix}`);
    }
    const conference = await h.get("/conference/87", { redirect: "manual" });
    expect(conference.status).toBe(301);
    expect(conference.headers.get("location")).toBe("/conference/86");
    // An id no venue holds stays a 404.
    expect((await h.get("/api/journals/999999", { headers: ACCOUNT, redirect: "manual" })).status).toBe(404);
  });

  it("MCP get_journal and get_conference return the venue's record", async () => {
    const mcp = await connectMcp(h.url, ACCOUNT);
    try {
      const journal = await mcp.client.callTool({ name: "get_journal", arguments: { id: "1143" } });
      expect((toolPayload(journal) as { id: string }).id).toBe("148");
      const conference = await mcp.client.callTool({ name: "get_conference", arguments: { id: "87" } });
      expect((toolPayload(conference) as { id: string }).id).toBe("86");
    } finally {
      await mcp.close?.();
    }
  });
});
