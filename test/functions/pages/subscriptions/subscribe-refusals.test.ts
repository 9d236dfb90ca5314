/**
 * Bad input to the subscription pages (functions/pages/subscriptions/subscribe-pages.ts), over real HTTP: each is
 * refused with a clear message and changes nothing (no subscription stored, no mail queued, none confirmed or
 * stopped): an invalid address, a filter that matches nothing, 10,000 subscriptions from one address, a forged
 * confirmation token, a forged change-or-stop or unsubscribe link, a form sent from another site.
 */
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningService, startService } from "../../../../functions/composition-root.ts";
import {
  DAILY_PER_ADDRESS,
  MAX_PER_ADDRESS,
} from "../../../../functions/pages/subscriptions/subscribe-pages.ts";
import { loadConfig } from "../../../../functions/server-config.ts";
import { silentLogger } from "../../../../runtime/logger.ts";
import { UPSTREAM_FIXTURES } from "../../../helpers/import-fixtures.ts";
import { tempDirsForFile } from "../../../helpers/temp-dirs.ts";
import { buildQuietly } from "../../../helpers/upstream-builds.ts";

describe("subscription refusals", () => {
  const tempDir = tempDirsForFile("vd-subscribe-bad-");
  const offsetMs = Date.parse("2026-11-26T08:00:00Z") - Date.now();
  let service: RunningService;
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${service.server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields),
    });
  const nothingQueued = async () => expect((await service.store.mailQueueDepth()).pending).toBe(0);

  beforeAll(async () => {
    const upstream = tempDir("upstream");
    const snapshots = tempDir("snapshots");
    const site = tempDir("site");
    writeFileSync(join(site, "index.html"), "<!doctype html><title>Venues</title>");
    cpSync(UPSTREAM_FIXTURES, upstream, { recursive: true });
    await buildQuietly(upstream, snapshots, "https://venues.test", new Date("2026-11-26T06:00:00Z"));
    const config = loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: "https://venues.test",
      SNAPSHOTS_DIR: snapshots,
      SITE_DIR: site,
      SNAPSHOT_POLL_MS: "0",
      STATE_DIR: tempDir("state"),
      // No relay: mail stays in the queue (the log transport would send it at once), so the test can count it.
      SMTP_URL: "smtp://127.0.0.1:9",
      MAIL_FROM: "noreply@venues.test",
      MAIL_RETRY_BASE_MS: "3600000",
      STORE_TIMEOUT_MS: "15000",
    });
    service = await startService(config, {
      logger: silentLogger,
      clock: () => new Date(Date.now() + offsetMs),
    });
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  it("refuses an invalid address, a bad choice and a filter that matches nothing, storing nothing", async () => {
    const bad = await post("/subscribe", { email: "not an address", filter: "ccf_rank=A" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("not an e-mail address");
    // The sign-up form's rule, not a looser one of its own: an address no account could have is refused too.
    for (const email of ["a..b@example.org", "x@-a.org"]) {
      const loose = await post("/subscribe", { email, filter: "ccf_rank=A" });
      expect(loose.status, email).toBe(400);
    }
    const zone = await post("/subscribe", { email: "a@example.org", filter: "", time_zone: "Mars/Olympus" });
    expect(zone.status).toBe(400);
    expect(await zone.text()).toContain("is not a time zone");
    const nothing = await post("/subscribe", {
      email: "a@example.org",
      filter: "qualis_rank=B5&within_days=7&estimates=false",
    });
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain("This filter matches no upcoming deadline: widen it");
    const invalid = await post("/subscribe", { email: "a@example.org", filter: "within_days=abc" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("within_days");
    const unknownList = await post("/subscribe", { email: "a@example.org", watchlist: "Z".repeat(22) });
    expect(unknownList.status).toBe(400);
    const crossSite = await post(
      "/subscribe",
      { email: "a@example.org", filter: "" },
      { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    expect(await service.store.countSubscriptions("a@example.org")).toBe(0);
    await nothingQueued();
  });

  it("refuses forged confirmation, change and unsubscribe links with nothing changed", async () => {
    const email = "reader@example.org";
    expect((await post("/subscribe", { email, filter: "" })).status).toBe(202);
    expect(await service.store.listConfirmedSubscriptions("", 10)).toHaveLength(0);
    const forgedToken = "A".repeat(43);
    const confirm = await post("/subscribe/confirm", { token: forgedToken });
    expect(confirm.status).toBe(400);
    expect(await confirm.text()).toContain("This confirmation link is not valid");
    expect(await service.store.listConfirmedSubscriptions("", 10)).toHaveLength(0);
    const id = "B".repeat(22);
    const manage = await fetch(`${service.server.url}/subscriptions/${id}?sig=forged`);
    expect(manage.status).toBe(404);
    const stop = await post(`/subscriptions/${id}?sig=forged`, { action: "stop" });
    expect(stop.status).toBe(404);
    const oneClick = await post(`/subscriptions/${id}/unsubscribe?sig=forged`, {
      "List-Unsubscribe": "One-Click",
    });
    expect(oneClick.status).toBe(404);
    expect(await service.store.countSubscriptions(email)).toBe(1);
  });

  it("limits 10,000 subscriptions from one address", async () => {
    const email = "flood@example.org";
    const queuedBefore = (await service.store.mailQueueDepth()).pending;
    const statuses = new Map<number, number>();
    const refusals = new Set<string>();
    let next = 0;
    const worker = async () => {
      while (next < 10_000) {
        next += 1;
        const res = await post("/subscribe", { email, filter: "" });
        const body = await res.text();
        if (res.status === 429) refusals.add(body.includes("confirmation messages") ? "address" : "other");
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    expect([...statuses.keys()].sort()).toEqual([202, 429]);
    expect(statuses.get(202)).toBe(DAILY_PER_ADDRESS);
    expect(await service.store.countSubscriptions(email)).toBe(DAILY_PER_ADDRESS);
    expect(DAILY_PER_ADDRESS).toBeLessThanOrEqual(MAX_PER_ADDRESS);
    expect((await service.store.mailQueueDepth()).pending - queuedBefore).toBe(DAILY_PER_ADDRESS);
    // Refused by the per-address limit (and, as the flood goes on, by the edge's per-client rate limit too).
    expect(refusals.has("address")).toBe(true);
  }, 120_000);
});
