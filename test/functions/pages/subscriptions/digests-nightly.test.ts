/**
 * Issue 39's "done when", end to end over real HTTP and a real SMTP server on 127.0.0.1: two addresses subscribe
 * (one to a watchlist, one to a /deadlines filter), one confirms by the link mailed to it; two nightly builds of
 * the fixture upstream (BUILD_NOW pinned) across a moved deadline, each followed by the builder's digest run
 * (scripts/send-digests.ts as its own process; after the second build two of them at once, while the relay
 * refuses for a while). The mail read back: one digest a period for the confirmed address only, the moved deadline
 * called out with its instant in the published zone, UTC and the reader's zone; a working one-click unsubscribe
 * (RFC 8058 POST) and nothing after it.
 */
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningService, startService } from "../../../../functions/composition-root.ts";
import { loadConfig } from "../../../../functions/server-config.ts";
import { silentLogger } from "../../../../runtime/logger.ts";
import type { OutlookTableRow } from "../../../../snapshot/records.ts";
import { UPSTREAM_FIXTURES } from "../../../helpers/import-fixtures.ts";
import { REPO_ROOT, runTs } from "../../../helpers/run-ts.ts";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../../../helpers/smtp-sink.ts";
import { tempDirsForFile } from "../../../helpers/temp-dirs.ts";
import { buildQuietly, nextNightAsiaccsDeadline } from "../../../helpers/upstream-builds.ts";

const BASE_URL = "https://venues.test";
const WATCHER = "watcher@example.org";
const FILTERER = "filterer@example.org";
const WATCHLIST_ID = "W".repeat(22);

describe("digests across two nightly builds", () => {
  const tempDir = tempDirsForFile("vd-digests-");
  let relay: SmtpSink;
  let service: RunningService;
  let upstream: string;
  let snapshots: string;
  let env: Record<string, string>;
  let asiaccs: string;
  /** Everything runs on a clock moved to the first build's morning, the server and the builder's runs alike. */
  const offsetMs = Date.parse("2026-11-26T08:00:00Z") - Date.now();
  /** Mail addressed to `to`, in arrival order. */
  const mailTo = (to: string) => relay.received.filter((m) => m.to.includes(to));
  const digestsTo = (to: string) =>
    mailTo(to).filter((m) => m.headers.get("subject")?.startsWith("Deadline digest"));
  const local = (url: string) => url.replace(BASE_URL, service.server.url);
  const build = (now: string) => buildQuietly(upstream, snapshots, BASE_URL, new Date(now));
  const digests = async () => {
    const run = await runTs("scripts/send-digests.ts", [], {
      env: {
        ...env,
        CLOCK_OFFSET_MS: String(offsetMs),
        NODE_OPTIONS: `--import ${pathToFileURL(join(REPO_ROOT, "test/helpers/clock-offset.mjs")).href}`,
      },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    return JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, number>;
  };
  const form = (fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
    return {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: service.server.url },
      body,
    };
  };

  beforeAll(async () => {
    relay = await startSmtpSink();
    upstream = tempDir("upstream");
    snapshots = tempDir("snapshots");
    const site = tempDir("site");
    writeFileSync(join(site, "index.html"), "<!doctype html><title>Venues</title>");
    cpSync(UPSTREAM_FIXTURES, upstream, { recursive: true });
    const first = await build("2026-11-26T06:00:00Z");
    const rows = (
      JSON.parse(readFileSync(join(first.dir, "outlook.json"), "utf8")) as { outlook: OutlookTableRow[] }
    ).outlook;
    asiaccs = rows.find((r) => r.date === "2026-12-11" && r.type === "paper")?.conference_id ?? "";
    env = {
      PORT: "0",
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: BASE_URL,
      SNAPSHOTS_DIR: snapshots,
      SITE_DIR: site,
      SNAPSHOT_POLL_MS: "0",
      STATE_DIR: tempDir("state"),
      SMTP_URL: relay.url,
      MAIL_FROM: "Venue Directory <noreply@venues.test>",
      MAIL_RETRY_BASE_MS: "300",
      STORE_TIMEOUT_MS: "15000",
    };
    service = await startService(loadConfig(env), {
      logger: silentLogger,
      clock: () => new Date(Date.now() + offsetMs),
    });
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await relay?.close();
  });

  it("mails one digest a period to the confirmed address only, calls out the move, and stops at one click", async () => {
    expect(asiaccs).toMatch(/^\d+$/);
    const now = new Date("2026-11-26T08:00:00Z").toISOString();
    await service.store.putWatchlist({
      id: WATCHLIST_ID,
      secretHash: "x",
      conferences: [asiaccs],
      journals: [],
      updatedAt: now,
      expiresAt: "2027-06-01T00:00:00Z",
    });
    const watch = await fetch(
      `${service.server.url}/subscribe`,
      form({ email: WATCHER, watchlist: WATCHLIST_ID, frequency: "daily", time_zone: "Asia/Shanghai" }),
    );
    expect(watch.status, await watch.clone().text()).toBe(202);
    const filtered = await fetch(
      `${service.server.url}/subscribe`,
      form({ email: FILTERER, filter: "estimates=true&ranked_only=false", frequency: "daily" }),
    );
    expect(filtered.status).toBe(202);
    await relay.waitFor(2, 20_000);
    const confirmation = mailTo(WATCHER)[0] as ReceivedMail;
    const link = /https:\/\/venues\.test\/subscribe\/confirm\?token=([A-Za-z0-9_-]+)/.exec(
      confirmation.parts.get("text/plain") ?? "",
    );
    expect(link).not.toBeNull();
    // The link's page shows a button (a scanner opening it confirms nothing); the button's POST confirms.
    const page = await fetch(local(link?.[0] ?? ""));
    expect(await page.text()).toContain('name="token"');
    expect((await service.store.listConfirmedSubscriptions("", 10)).length).toBe(0);
    const confirmed = await fetch(
      `${service.server.url}/subscribe/confirm`,
      form({ token: link?.[1] ?? "" }),
    );
    expect(confirmed.status).toBe(200);
    // Used once.
    expect(
      (await fetch(`${service.server.url}/subscribe/confirm`, form({ token: link?.[1] ?? "" }))).status,
    ).toBe(400);

    // Night 1.
    expect(await digests()).toMatchObject({ subscriptions: 1, digests: 1 });
    await relay.waitFor(3, 20_000);
    const [day1] = digestsTo(WATCHER);
    expect(day1?.headers.get("subject")).toContain("(2026-11-26)");
    expect(day1?.parts.get("text/plain")).toContain("Your first digest");
    expect(day1?.parts.get("text/plain")).toContain(`${BASE_URL}/conference/${asiaccs}`);

    // Night 2: AsiaCCS's paper deadline moved by three days; two builders run the digests at once while the
    // relay refuses (451) its first attempts.
    nextNightAsiaccsDeadline(upstream);
    await build("2026-11-27T06:00:00Z");
    let refusals = 0;
    relay.refuse = (to) =>
      to === WATCHER && refusals++ < 2 ? { code: 451, message: "4.7.1 Try again later" } : null;
    const [a, b] = await Promise.all([digests(), digests()]);
    expect((a?.digests ?? 0) + (b?.digests ?? 0)).toBeGreaterThanOrEqual(1);
    await expect.poll(() => digestsTo(WATCHER).length, { timeout: 30_000, interval: 200 }).toBe(2);
    expect(refusals).toBeGreaterThanOrEqual(2);
    const day2 = digestsTo(WATCHER)[1] as ReceivedMail;
    const text = day2.parts.get("text/plain") ?? "";
    expect(day2.headers.get("subject")).toContain("(2026-11-27)");
    expect(text).toMatch(/MOVED \(extended\) .*Paper submission, cycle 2027: was 2026-12-11/);
    // The date as published (no time stated, AoE assumed: no time is invented), and when that day ends in the
    // reader's zone (AoE is UTC-12, Shanghai UTC+8).
    expect(text).toContain(
      "2026-12-14 (time not stated, assumed AoE); that day ends 2026-12-15 19:59 (Asia/Shanghai) your time",
    );
    expect(day2.parts.get("text/html")).toContain(`href="${BASE_URL}/conference/${asiaccs}"`);
    // Only the confirmed address got digests.
    expect(digestsTo(FILTERER)).toHaveLength(0);
    expect(mailTo(FILTERER)).toHaveLength(1);

    // One click (RFC 8058): a POST of List-Unsubscribe=One-Click to the List-Unsubscribe address, no cookie, no token.
    expect(day2.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /^<(https:[^>]+)>$/.exec(day2.headers.get("list-unsubscribe") ?? "")?.[1] ?? "";
    expect(unsubscribe).toContain("/unsubscribe?sig=");
    // One character of the signature changed (never to itself: a signature starting with "A" made this no forgery).
    const forged = unsubscribe.replace(/sig=(.)/, (_, c: string) => `sig=${c === "A" ? "B" : "A"}`);
    expect(
      (
        await fetch(local(forged), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        })
      ).status,
    ).toBe(404);
    expect(await service.store.listConfirmedSubscriptions("", 10)).toHaveLength(1);
    const clicked = await fetch(local(unsubscribe), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(clicked.status).toBe(200);
    expect(await service.store.listConfirmedSubscriptions("", 10)).toHaveLength(0);

    // Night 3: nothing after it.
    const before = relay.received.length;
    await build("2026-11-28T06:00:00Z");
    expect(await digests()).toMatchObject({ subscriptions: 0, digests: 0 });
    await sleep(1500);
    expect(relay.received.length).toBe(before);
    expect(await service.store.mailQueueDepth()).toEqual({ pending: 0, dead: 0 });
  }, 180_000);
});
