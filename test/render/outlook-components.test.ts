/**
 * The one deadline component, the rank line and the feed writers, on outlook deadlines of every kind: an exact
 * instant (counted to the second), a date-only deadline (its date in its zone, never a time, counted in days),
 * an estimate (window, TENTATIVE in iCalendar), a past estimate no source confirmed; feeds parsed with node-ical
 * and fast-xml-parser.
 */
import { XMLParser } from "fast-xml-parser";
import ical from "node-ical";
import { describe, expect, it } from "vitest";
import {
  deadlineHtml,
  deadlineText,
  nextSubmissionHtml,
  type RowNextSubmission,
} from "../../render/deadline.ts";
import { deadlinesIcs, deadlinesRss } from "../../render/deadline-feeds.ts";
import type { DeadlineRow } from "../../render/deadline-list.ts";
import { fieldLabel } from "../../render/html.ts";
import { rankLineHtml, rankText } from "../../render/rank-line.ts";
import type { OutlookDeadline } from "../../snapshot/records.ts";
import { outlookDeadline } from "../helpers/rows.ts";

const deadline = outlookDeadline;

const nextOf = (
  date: string | null,
  closesAt: string | null,
  estimated: boolean | null,
  state: RowNextSubmission["outlook_state"],
): RowNextSubmission => ({
  next_submission_date: date,
  next_submission_closes_at: closesAt,
  next_submission_estimated: estimated,
  outlook_state: state,
});

const DATE_ONLY = deadline({});
const EXACT = deadline({
  type: "abstract",
  date: "2027-01-15",
  time: "23:59:00",
  timezone: "UTC-8",
  timezone_assumed: false,
  closes_at: "2027-01-16T07:59:00Z",
  round: 2,
  rounds: 4,
});
const ESTIMATE = deadline({
  estimated: true,
  date: "2027-02-03",
  source: null,
  closes_at: "2027-02-11T11:59:59Z",
  earliest: "2027-01-27",
  latest: "2027-02-10",
  confidence: 0.7,
  based_on: [2025, 2026],
});
const UNCONFIRMED = deadline({
  ...ESTIMATE,
  date: "2026-11-07",
  earliest: "2026-11-01",
  latest: "2026-11-14",
  closes_at: "2026-11-15T11:59:59Z",
  status: "passed_unconfirmed",
});

function row(id: string, next: OutlookDeadline, over: Partial<DeadlineRow> = {}): DeadlineRow {
  return {
    conference_id: id,
    short_name: `C${id}`,
    full_name: `Conference ${id}`,
    ccf_rank: "A",
    core_rank: "A*",
    qualis_rank: "",
    fields: ["se"],
    next,
    deadlines: [next],
    conference: null,
    data_as_of: "2026-11-20",
    deadline_data_as_of: "2026-11-20",
    ...over,
  };
}

/** The HTML holds every fragment of `has` and none of `lacks`. */
function expectFragments(html: string, has: string[], lacks: string[]) {
  for (const fragment of has) expect(html).toContain(fragment);
  for (const fragment of lacks) expect(html).not.toContain(fragment);
}

describe("the deadline component", () => {
  it("gives a date-only deadline its date and zone, never a time, and counts it down in days", () => {
    const html = deadlineHtml(DATE_ONLY);
    expectFragments(
      html,
      [
        '<time datetime="2026-12-05">2026-12-05</time> (time not stated, assumed AoE)',
        'data-deadline="2026-12-06T11:59:59Z"',
        "data-date-only",
      ],
      ['<time datetime="2026-12-06T'],
    );
    expect(html.replace(/<[^>]*>/g, "")).not.toContain("11:59");
  });

  it("gives an exact instant its published time and zone, UTC and a countdown to the second", () => {
    expectFragments(
      deadlineHtml(EXACT),
      [
        "Abstract (round 2 of 4)",
        "2027-01-15 23:59 UTC-8",
        '<time datetime="2027-01-16T07:59:00Z">2027-01-16 07:59 UTC</time>',
      ],
      ["data-date-only"],
    );
  });

  it("shows an estimate with its window and basis, and a passed unconfirmed one with the data's date", () => {
    // Each date a <time> (kept on one line), the words around them as they were.
    expect(deadlineHtml(ESTIMATE).replace(/<[^>]*>/g, "")).toContain(
      "around 3 Feb 2027 (window 27 Jan 2027 – 10 Feb 2027, from 2025–2026)",
    );
    expect(deadlineHtml(ESTIMATE)).toContain("estimated");
    const unconfirmed = deadlineText(UNCONFIRMED, "2026-11-20");
    expect(unconfirmed).toContain("passed, unconfirmed");
    expect(unconfirmed).toContain("data as of 2026-11-20");
    expect(deadlineHtml(UNCONFIRMED)).not.toContain("countdown");
  });

  /** A list row's next submission: [date, closes_at, estimated, state], what it prints, what it never prints. */
  const NEXT_SUBMISSIONS: [RowNextSubmission, string[], string[]][] = [
    [
      nextOf("2027-01-19", "2027-01-20T11:59:59Z", false, "open"),
      ['<time datetime="2027-01-19">19 Jan 2027</time>', "state-open"],
      ["around"],
    ],
    [
      nextOf("2027-02-03", "2027-02-11T11:59:59Z", true, "estimated"),
      ['around <time datetime="2027-02-03">3 Feb 2027</time>', "state-estimated"],
      [],
    ],
    // A venue whose estimate passed unannounced (CVPR's November 2026 round) leads with its next estimate:
    // estimated beside it, never "passed, unconfirmed" (render/state-beside-next.ts).
    [
      nextOf("2027-11-14", "2027-11-15T11:59:59Z", true, "passed_unconfirmed"),
      ["state-estimated"],
      ["state-passed_unconfirmed"],
    ],
    [nextOf(null, null, null, "closed"), ["closed"], ["<time"]],
  ];

  it.each(NEXT_SUBMISSIONS)(
    "marks a list row's next submission with its state (case %#)",
    (next, shown, never) => {
      const html = nextSubmissionHtml(next);
      for (const text of shown) expect(html).toContain(text);
      for (const text of never) expect(html).not.toContain(text);
    },
  );
});

describe("rank line, field names and places", () => {
  it("writes ranks one way everywhere", () => {
    expect(rankText({ ccf_rank: "A", core_rank: "A*", qualis_rank: "A1" })).toBe(
      "CCF A · CORE A* · QUALIS A1",
    );
    expect(rankLineHtml({ ccf_rank: "", core_rank: "", qualis_rank: "" })).toContain("unranked");
  });

  it("names fields, never codes", () => {
    expect(fieldLabel("se")).toBe("Software engineering");
    expect(fieldLabel("ee")).toBe("Electrical and electronic engineering");
  });
});

describe("feeds from upcomingDeadlines rows", () => {
  const info = {
    title: "Test feed",
    description: "test",
    baseUrl: "https://venues.test",
    path: "/deadlines.ics?ccf_rank=A",
    stamp: new Date("2026-11-26T00:10:00Z"),
  };
  // Every row's data is of one day; each round was announced or last changed on its own.
  const abstract = deadline({ ...EXACT, changed_at: "2026-08-01" });
  const rows = [
    row("1", DATE_ONLY),
    row("2", abstract, {
      deadlines: [
        abstract,
        // The round's paper deadline moved later than its abstract was announced: the round changed then.
        deadline({
          ...EXACT,
          type: "paper",
          date: "2027-01-22",
          closes_at: "2027-01-23T07:59:00Z",
          changed_at: "2026-10-02",
        }),
      ],
    }),
    row("3", deadline({ ...ESTIMATE, changed_at: "2026-09-14" }), {
      ccf_rank: "",
      core_rank: "",
      qualis_rank: "B1",
    }),
  ];

  it("iCalendar: exact instants timed, date-only all day on its date, estimates TENTATIVE with their window", () => {
    const text = deadlinesIcs(info, rows);
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const events = Object.values(ical.sync.parseICS(text)).filter(
      (c) => c?.type === "VEVENT",
    ) as ical.VEvent[];
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect([...byUid.keys()].sort()).toEqual([
      "1-2027-paper-1@venue-directory",
      "2-2027-abstract-2@venue-directory",
      "2-2027-paper-2@venue-directory",
      "3-2027-paper-1@venue-directory",
    ]);
    expect(byUid.get("2-2027-abstract-2@venue-directory")?.start.toISOString()).toBe(
      "2027-01-16T07:59:00.000Z",
    );
    expect(byUid.get("1-2027-paper-1@venue-directory")?.datetype).toBe("date");
    const estimate = byUid.get("3-2027-paper-1@venue-directory");
    expect(estimate?.status).toBe("TENTATIVE");
    expect(estimate?.description).toContain("window 27 Jan 2027 – 10 Feb 2027");
    expect(byUid.get("2-2027-abstract-2@venue-directory")?.status).toBeUndefined();
  });

  it("RSS: one item per row, ranks in the title, each dated when its round was announced or last changed", async () => {
    const xml = await deadlinesRss(info, rows);
    const items = new XMLParser().parse(xml).rss.channel.item as { title: string; pubDate: string }[];
    expect(items.map((i) => i.title)).toEqual([
      "C1 2027 — Paper submission [CCF A · CORE A*]",
      "C2 2027 — Abstract (round 2 of 4) [CCF A · CORE A*]",
      "C3 2027 — Paper submission, estimated [QUALIS B1]",
    ]);
    expect(items.map((i) => new Date(i.pubDate).toISOString().slice(0, 10))).toEqual([
      "2026-11-20",
      "2026-10-02",
      "2026-09-14",
    ]);
  });
});
