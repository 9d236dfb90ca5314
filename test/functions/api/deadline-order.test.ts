/**
 * Every deadline list sorts by the date it prints, over real HTTP on the fixture with four planted venues whose
 * closing instants disagree with their printed dates: an estimate whose instant is the end of its window (after
 * the next venue's announced date), and an announced deadline at 00:00 UTC the day after an estimate (it closes
 * before the estimate's end of day AoE). Ordered by the instant, each list would print 21, 22, 21, 20 Nov.
 * Surfaces: /api/deadlines, the /deadlines page, its RSS and iCalendar feeds, a stored watchlist's page.
 */
import { XMLParser } from "fast-xml-parser";
import { parseHTML } from "linkedom";
import ical from "node-ical";
import { describe, expect, it } from "vitest";
import type { OutlookDeadline } from "../../../snapshot/records.ts";
import { listsHarnessForFile } from "../../helpers/lists-harness.ts";
import { conferenceDetail, conferenceRow, emptyOutlook, outlookDeadline } from "../../helpers/rows.ts";
import {
  FIXTURE_CONFERENCE_DETAILS,
  FIXTURE_CONFERENCES,
  FIXTURE_DATE,
} from "../../helpers/snapshot-fixture.ts";

/** An announced paper deadline at 00:00 UTC. */
const paper = (date: string, closes_at: string, more: Partial<OutlookDeadline> = {}): OutlookDeadline =>
  outlookDeadline({ date, time: "00:00:00", timezone: "UTC", timezone_assumed: false, closes_at, ...more });

const estimate = (date: string, closes_at: string): OutlookDeadline =>
  paper(date, closes_at, {
    estimated: true,
    time: null,
    timezone: "AoE",
    timezone_assumed: true,
    source: null,
    earliest: date,
    latest: "2026-11-25",
    confidence: 0.6,
    based_on: [2025, 2026],
  });

/** Venue id → short name and its one upcoming deadline; in the order every list must show them. */
const PLANTED: [string, string, OutlookDeadline][] = [
  ["904", "WINDOWEND", estimate("2026-11-20", "2026-11-26T11:59:59Z")],
  ["901", "MIDNIGHT", paper("2026-11-21", "2026-11-21T00:00:00Z")],
  ["902", "SAMEDAY", estimate("2026-11-21", "2026-11-22T11:59:59Z")],
  ["903", "EARLYUTC", paper("2026-11-22", "2026-11-22T00:00:00Z")],
];
const NAMES = PLANTED.map(([, name]) => name);

const only = (names: readonly string[]) => names.filter((n) => NAMES.includes(n));

const rows = PLANTED.map(([id, short_name, next]) =>
  conferenceRow({
    id,
    short_name,
    full_name: `Planted ${short_name}`,
    ccf_rank: "A",
    next_submission_date: next.date,
    next_submission_closes_at: next.closes_at,
    next_submission_estimated: next.estimated,
    outlook_state: next.estimated ? "estimated" : "open",
  }),
);
const details = PLANTED.map(([id, , next]) =>
  conferenceDetail({
    id,
    outlook: emptyOutlook({
      as_of: FIXTURE_DATE,
      state: next.estimated ? "estimated" : "open",
      next,
      deadlines: [next],
      data_as_of: FIXTURE_DATE,
    }),
  }),
);
const h = listsHarnessForFile("venue-order-", () => ({
  snapshot: {
    conferences: [...FIXTURE_CONFERENCES, ...rows],
    conferenceDetails: [...FIXTURE_CONFERENCE_DETAILS, ...details],
  },
}));

const text = async (path: string, init?: RequestInit) => {
  const res = await h.get(path, init);
  expect(res.status, path).toBeLessThan(300);
  return res.text();
};

const cardNames = (html: string) =>
  [...parseHTML(html).document.querySelectorAll(".deadline-list .venue > a")].map((a) => a.textContent ?? "");

describe("every list of deadlines, by the date it prints", () => {
  it("/api/deadlines", async () => {
    const { body } = await h.json<{ data: { deadlines: { short_name: string }[] } }>(
      "/api/deadlines?per_page=100",
    );
    expect(only(body.data.deadlines.map((r) => r.short_name))).toEqual(NAMES);
  });

  it("the /deadlines page", async () => {
    expect(only(cardNames(await text("/deadlines")))).toEqual(NAMES);
  });

  it("RSS items and iCalendar events", async () => {
    const items = new XMLParser({ isArray: (name) => name === "item" }).parse(await text("/deadlines.xml"))
      .rss.channel.item as { title: string }[];
    expect(only(items.map((i) => i.title.split(" ")[0] ?? ""))).toEqual(NAMES);
    const events = Object.values(ical.sync.parseICS(await text("/deadlines.ics"))).filter(
      (c) => c?.type === "VEVENT",
    ) as ical.VEvent[];
    expect(only(events.map((e) => String(e.summary).split(" ")[0] ?? ""))).toEqual(NAMES);
  });

  it("a stored watchlist's page", async () => {
    const created = await h.postJson<{ id: string }>("/watchlists", {
      conferences: ["903", "902", "901", "904"],
    });
    expect(created.res.status).toBe(201);
    const { id } = created.body;
    expect(cardNames(await text(`/watchlist?id=${id}`))).toEqual(NAMES);
  });
});
