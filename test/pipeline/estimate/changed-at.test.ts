/**
 * When each outlook deadline was announced or last changed (pipeline/estimate/changed-at.ts): carried from the
 * previous snapshot while the deadline stays the same, the build date when it is new or changed, the source
 * row's own date in a first build; and, over two builds of the fixture where one deadline moved, only that
 * round's RSS item gets a new pubDate.
 */
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { deadlineIdentity, stampChanges } from "../../../pipeline/estimate/changed-at.ts";
import { submissionOutlook } from "../../../pipeline/estimate/outlook.ts";
import { createQueryLayer } from "../../../read/query/index.ts";
import { SnapshotSource } from "../../../read/query/snapshot-source.ts";
import { DeadlineListParams } from "../../../read/schema/api.ts";
import { deadlinesRss } from "../../../render/deadline-feeds.ts";
import type { OutlookTableRow } from "../../../snapshot/records.ts";
import { edition } from "../../helpers/editions.ts";
import { UPSTREAM_FIXTURES } from "../../helpers/import-fixtures.ts";
import { tempDirsForFile } from "../../helpers/temp-dirs.ts";
import { buildQuietly, nextNightAsiaccsDeadline } from "../../helpers/upstream-builds.ts";

const BASE_URL = "https://venues.example";

describe("stampChanges", () => {
  const outlook = submissionOutlook({
    editions: [edition(2025, ["2025-02-10"]), edition(2026, ["2026-02-08"]), edition(2027, ["2026-09-01"])],
    nowIso: "2026-06-01T06:00:00Z",
    dataAsOf: "2026-05-20",
  });

  it("gives a first build's deadlines their source row's date, an estimate its data's date", () => {
    const stamped = stampChanges(outlook, {
      previous: null,
      buildDate: "2026-06-01",
      sourceDate: () => "2026-04-02",
    });
    expect(outlook.deadlines.map((d) => [d.date, d.estimated])).toEqual([
      ["2026-09-01", false],
      ["2027-02-09", true],
    ]);
    expect(stamped.deadlines.map((d) => d.changed_at)).toEqual(["2026-04-02", "2026-05-20"]);
    expect(stamped.next?.changed_at).toBe("2026-04-02");
    // A source date after the build (a clock skew) or none at all: the build date.
    const later = stampChanges(outlook, {
      previous: null,
      buildDate: "2026-06-01",
      sourceDate: () => "2026-07-01",
    });
    expect(later.deadlines[0]?.changed_at).toBe("2026-06-01");
    expect(
      stampChanges(outlook, { previous: null, buildDate: "2026-06-01", sourceDate: () => null }).deadlines[0]
        ?.changed_at,
    ).toBe("2026-06-01");
  });

  it("keeps the previous snapshot's date for the same deadline and dates a new one to the build", () => {
    const first = stampChanges(outlook, {
      previous: null,
      buildDate: "2026-06-01",
      sourceDate: () => "2026-04-02",
    });
    const previous = new Map(
      first.deadlines.filter((d) => d.estimated).map((d) => [deadlineIdentity(d), d.changed_at]),
    );
    const second = stampChanges(outlook, {
      previous,
      buildDate: "2026-06-02",
      sourceDate: () => "2026-04-02",
    });
    expect(second.deadlines.map((d) => d.changed_at)).toEqual(["2026-06-02", "2026-05-20"]);
  });
});

describe("two builds of the fixture, one deadline moved", () => {
  const tempDir = tempDirsForFile("vd-changed-at-");
  let upstream: string;
  let snapshots: string;
  const build = (now: string) => buildQuietly(upstream, snapshots, BASE_URL, new Date(now));
  const outlookRows = (dir: string) =>
    (JSON.parse(readFileSync(join(dir, "outlook.json"), "utf8")) as { outlook: OutlookTableRow[] }).outlook;
  /** RSS pubDate per item link of the latest snapshot, from the query layer as the server's /deadlines.xml has it. */
  async function rssPubDates(now: string): Promise<Map<string, string>> {
    const source = await SnapshotSource.open({ snapshotsDir: snapshots });
    try {
      const layer = createQueryLayer({ source, publicBaseUrl: BASE_URL, clock: () => new Date(now) });
      const { deadlines } = await layer.upcomingDeadlines(DeadlineListParams.parse({ page_size: "100" }));
      const xml = await deadlinesRss(
        { title: "t", description: "d", baseUrl: BASE_URL, path: "/deadlines.xml", stamp: new Date(now) },
        deadlines,
      );
      expect(XMLValidator.validate(xml)).toBe(true);
      const items = new XMLParser({ isArray: (name) => name === "item" }).parse(xml).rss.channel.item as {
        link: string;
        pubDate: string;
      }[];
      return new Map(items.map((i) => [i.link, i.pubDate]));
    } finally {
      source.close();
    }
  }
  let first: { dir: string; rows: OutlookTableRow[]; rss: Map<string, string> };
  let second: typeof first;

  beforeAll(async () => {
    upstream = tempDir("upstream");
    snapshots = tempDir("snapshots");
    cpSync(UPSTREAM_FIXTURES, upstream, { recursive: true });
    const dir1 = (await build("2026-11-26T06:00:00Z")).dir;
    first = { dir: dir1, rows: outlookRows(dir1), rss: await rssPubDates("2026-11-26T06:00:00Z") };
    // AsiaCCS 2027 (the reference rows) moves its paper deadline by three days; nothing else changes.
    nextNightAsiaccsDeadline(upstream);
    const dir2 = (await build("2026-11-27T06:00:00Z")).dir;
    second = { dir: dir2, rows: outlookRows(dir2), rss: await rssPubDates("2026-11-27T06:00:00Z") };
  }, 120_000);

  it("dates only the moved deadline to the second build; every other keeps its first date", () => {
    const key = (r: OutlookTableRow) =>
      `${r.conference_id} ${r.cycle_year} ${r.round} ${r.type} ${r.estimated}`;
    const before = new Map(first.rows.map((r) => [key(r), r]));
    const moved = second.rows.filter((r) => r.changed_at === "2026-11-27");
    expect(moved.map((r) => [r.type, r.date])).toEqual([["paper", "2026-12-14"]]);
    for (const r of second.rows.filter((x) => x.changed_at !== "2026-11-27")) {
      expect(r.changed_at, key(r)).toBe(before.get(key(r))?.changed_at);
    }
    // The first build dated its deadlines from their sources' rows (the reference row's updated_at, each source's data date), not all to the build day.
    expect(new Set(first.rows.map((r) => r.changed_at)).size).toBeGreaterThan(1);
  });

  it("moves the pubDate of that round's RSS item alone", () => {
    expect(first.rss.size).toBeGreaterThan(1);
    const changed = [...second.rss].filter(([link, date]) => first.rss.get(link) !== date);
    expect(changed).toHaveLength(1);
    expect(changed[0]?.[1]).toBe("Fri, 27 Nov 2026 00:00:00 GMT");
    const asiaccs = second.rows.find((r) => r.date === "2026-12-14")?.conference_id;
    expect(changed[0]?.[0]).toContain(`/conference/${asiaccs}#`);
  });
});
