/**
 * Answers as bytes over real HTTP: an API answer carries a weak ETag naming its payload, a conditional request
 * naming it gets 304 with no body (and is still charged to the quota, with the quota headers), and an anonymous
 * identical request inside API_ANSWER_WINDOW_MS is answered without asking the query layer again.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../functions/server-config.ts";
import { FIXTURE_NOW } from "../../helpers/snapshot-fixture.ts";
import { ACCOUNT, type Envelope, fakeAccess, type Harness, harnessForFile, startHarness } from "./harness.ts";

/** How often `harness`'s query layer is asked for the statistics (the real query, counted on its way through). */
function countStatisticsQueries(harness: Harness): () => number {
  const { query } = harness.server;
  const statistics = query.statistics.bind(query);
  let asked = 0;
  query.statistics = () => {
    asked++;
    return statistics();
  };
  return () => asked;
}

let now = FIXTURE_NOW.getTime();
let statisticsQueries: () => number;

const h = harnessForFile(async () => {
  const harness = await startHarness({
    env: { API_ANSWER_WINDOW_MS: "5000" },
    overrides: { clock: () => new Date(now), access: fakeAccess(1000, 1000) },
  });
  statisticsQueries = countStatisticsQueries(harness);
  return harness;
});
beforeEach(() => {
  // A fresh minute for each test, so no answer kept by an earlier one is still inside its window.
  now += 60_000;
});

const quotaLeft = (res: Response) => Number(res.headers.get("x-quota-remaining"));

describe("conditional API requests", () => {
  it("gives the same weak ETag to identical answers; each body still names its own request id", async () => {
    const first = await h.get("/api/statistics");
    const second = await h.get("/api/statistics");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(second.headers.get("etag")).toBe(etag);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(first.headers.get("vary")).toBe("Authorization, X-Paid-Access, Accept-Encoding");
    const [a, b] = [(await first.json()) as Envelope, (await second.json()) as Envelope];
    expect(a.request_id).toBe(first.headers.get("x-request-id"));
    expect(b.request_id).toBe(second.headers.get("x-request-id"));
    expect(a.request_id).not.toBe(b.request_id);
    expect(b.data).toEqual(a.data);
    const other = await h.get("/api/conferences?query=learning");
    expect(other.headers.get("etag")).not.toBe(etag);
  });

  it("answers 304 with no body to If-None-Match naming the ETag, charged and with the quota headers", async () => {
    const first = await h.get("/api/statistics");
    const etag = first.headers.get("etag") ?? "";
    const asked = statisticsQueries();
    const revalidated = await h.get("/api/statistics", { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("x-quota-limit")).toBe("1000");
    expect(quotaLeft(revalidated)).toBe(quotaLeft(first) - 1);
    expect(revalidated.headers.get("access-control-allow-origin")).toBe("*");
    // Inside the window nothing but the edge ran: the query layer was not asked again.
    expect(statisticsQueries()).toBe(asked);
    // A list of tags, the strong form of the same tag, and * match too (weak comparison).
    for (const header of [`"x", ${etag}`, etag.slice(2), "*"]) {
      const res = await h.get("/api/statistics", { headers: { "if-none-match": header } });
      expect(res.status).toBe(304);
    }
  });

  it("answers 200 with the body when If-None-Match names another tag", async () => {
    const res = await h.get("/api/statistics", { headers: { "if-none-match": 'W/"something-else"' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Envelope).code).toBe(200);
  });

  it("answers HEAD with the ETag and no body, and 304 to a conditional HEAD", async () => {
    const head = await h.get("/api/statistics", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const etag = head.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const conditional = await h.get("/api/statistics", {
      method: "HEAD",
      headers: { "if-none-match": etag },
    });
    expect(conditional.status).toBe(304);
  });

  it("asks the query layer again once the window is over, and the unchanged payload keeps its ETag", async () => {
    const first = await h.get("/api/statistics");
    const asked = statisticsQueries();
    now += 6_000;
    const later = await h.get("/api/statistics", {
      headers: { "if-none-match": first.headers.get("etag") ?? "" },
    });
    expect(later.status).toBe(304);
    expect(statisticsQueries()).toBe(asked + 1);
  });

  it("never reuses an answer for a credential: it is computed for the caller and kept private", async () => {
    await h.get("/api/statistics");
    const asked = statisticsQueries();
    const res = await h.get("/api/statistics", { headers: ACCOUNT });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(statisticsQueries()).toBe(asked + 1);
  });

  it("refuses an API_ANSWER_WINDOW_MS that is not a whole number of at most a minute, naming it", () => {
    for (const bad of ["60001", "-1", "5s"])
      expect(() => loadConfig({ API_ANSWER_WINDOW_MS: bad }), bad).toThrow(
        /API_ANSWER_WINDOW_MS must be a whole number from 0 to 60000/,
      );
  });

  it("keeps no answer with API_ANSWER_WINDOW_MS=0, yet answers 304 to a matching conditional request", async () => {
    const off = await startHarness({ env: { API_ANSWER_WINDOW_MS: "0" } });
    try {
      const asked = countStatisticsQueries(off);
      const first = await off.get("/api/statistics");
      const again = await off.get("/api/statistics", {
        headers: { "if-none-match": first.headers.get("etag") ?? "" },
      });
      expect(again.status).toBe(304);
      expect(asked()).toBe(2);
    } finally {
      await off.close();
    }
  });
});
