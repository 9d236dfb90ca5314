/**
 * The personal calendar subscription (/calendar/watch.ics?ids=…) over real HTTP, on a site built from the
 * fixture: it parses in node-ical and holds exactly the starred conferences' deadlines, as the all-deadlines
 * feed lists them; bad and unknown ids are skipped, never an error page.
 */
import { rm } from "node:fs/promises";
import ical from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../functions/app.ts";
import { type BuiltSite, buildSite, serveSite } from "./build-site.ts";
import { BASE_URL, BUILD_NOW, fixtureSnapshot } from "./fixture.ts";

let site: BuiltSite;
let server: RunningServer;

beforeAll(async () => {
  site = await buildSite("watchlist", fixtureSnapshot(), { BUILD_NOW, PUBLIC_BASE_URL: BASE_URL });
  server = await serveSite(site, BASE_URL);
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (site) await rm(site.root, { recursive: true, force: true });
});

async function events(path: string): Promise<{ status: number; type: string | null; uids: string[] }> {
  const res = await fetch(`${server.url}${path}`);
  const parsed = ical.sync.parseICS(await res.text());
  const uids = Object.values(parsed)
    .filter((c) => c?.type === "VEVENT")
    .map((c) => String((c as { uid: string }).uid))
    .sort();
  return { status: res.status, type: res.headers.get("content-type"), uids };
}

describe("watchlist calendar", () => {
  it("holds exactly the starred conferences' deadlines, skipping bad and unknown ids", async () => {
    const all = await events("/feeds/deadlines.ics");
    const starred = all.uids.filter((uid) => uid.startsWith("101-") || uid.startsWith("102-"));
    expect(starred.length).toBeGreaterThan(2);
    const watch = await events("/calendar/watch.ics?ids=101,abc,,999999999,102,101,-3");
    expect(watch.status).toBe(200);
    expect(watch.type).toBe("text/calendar; charset=utf-8");
    expect(watch.uids).toEqual(starred);
  });

  it("answers an empty calendar, not an error, for no usable id", async () => {
    for (const path of [
      "/calendar/watch.ics",
      "/calendar/watch.ics?ids=%3Cx%3E",
      "/calendar/watch.ics?ids=42",
    ]) {
      const watch = await events(path);
      expect(watch.status).toBe(200);
      expect(watch.uids).toEqual([]);
    }
  });

  it("offers one venue's calendar for 'add to calendar'", async () => {
    const one = await events("/conference/101.ics");
    expect(one.status).toBe(200);
    expect(one.uids.length).toBeGreaterThan(0);
    expect(one.uids.every((uid) => uid.startsWith("101-"))).toBe(true);
  });
});
