/**
 * Every list of deadlines on the snapshot built from the real upstream data, over real HTTP: `/api/deadlines` (all
 * pages), the `/deadlines` page (all pages), its RSS and iCalendar feeds and a stored watchlist's page list their
 * rows by the date each row prints (then the instant it closes), and their counts add up. The dates are read back
 * from what each surface prints (the published date, or an estimate's "around 5 Jan 2027"), never from the rows'
 * own fields, so a list sorted by anything else (an estimate's window end) fails here.
 */
import { XMLParser } from "fast-xml-parser";
import { parseHTML } from "linkedom";
import ical from "node-ical";
import { expect, it } from "vitest";
import { listsHarnessForFile } from "../../helpers/lists-harness.ts";
import { describeOnRealUpstream, realSnapshotForSuite } from "../../helpers/upstream-builds.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The date a deadline's text prints: "2026-12-05 23:59 AoE" or "around 5 Dec 2026" → "2026-12-05". */
function printedDate(text: string): string {
  const around = /around (\d{1,2}) (\w{3}) (\d{4})/.exec(text);
  if (around) {
    const [, day, month, year] = around;
    return `${year}-${String(MONTHS.indexOf(month ?? "") + 1).padStart(2, "0")}-${(day ?? "").padStart(2, "0")}`;
  }
  const published = /(\d{4}-\d{2}-\d{2})/.exec(text);
  if (!published?.[1]) throw new Error(`no printed date in ${JSON.stringify(text)}`);
  return published[1];
}

/** The places where a list's printed dates go backwards ("i: 2027-01-19 > 2027-01-05"). */
function backwards(dates: readonly string[]): string[] {
  return dates.flatMap((d, i) =>
    i > 0 && d < (dates[i - 1] as string) ? [`${i}: ${dates[i - 1]} > ${d}`] : [],
  );
}

interface ApiRow {
  conference_id: string;
  cycle_year: number;
  round: number;
  next: { date: string; closes_at: string; estimated: boolean; status: string };
  deadlines: { date: string; closes_at: string; status: string }[];
}

interface ApiPage {
  deadlines: ApiRow[];
  counts: { announced: number; estimated: number };
  pagination: { total: number; total_pages: number; page: number; per_page: number };
}

/** The cards of a server-rendered list: the first deadline each prints (a passed estimate shown above it aside). */
const cards = (html: string) =>
  [...parseHTML(html).document.querySelectorAll(".deadline-list > li.deadline-card")].map((li) => ({
    id: (li.querySelector(".venue > a")?.getAttribute("href") ?? "").split("/").pop() ?? "",
    estimated: li.classList.contains("estimated"),
    /** Whether the card shows a next deadline (the instant it closes, for the countdown). */
    dated: li.hasAttribute("data-deadline"),
    when: li.querySelector("p.when:not(.other)")?.textContent ?? null,
  }));

describeOnRealUpstream("every deadline list of the real snapshot", () => {
  const real = realSnapshotForSuite("venue-list-order-");
  // The real snapshot at today's clock.
  const h = listsHarnessForFile("venue-list-order-", () => ({
    env: { SNAPSHOTS_DIR: real().snapshotsDir },
    overrides: { clock: () => new Date() },
  }));

  const get = async (path: string, init: RequestInit = {}) => {
    const res = await h.get(path, init);
    expect(res.status, path).toBeLessThan(300);
    return res.text();
  };

  /** Every page of /api/deadlines for a query, and what each page said about the whole result. */
  async function apiRows(query: string): Promise<{ rows: ApiRow[]; pages: ApiPage[] }> {
    const pages: ApiPage[] = [];
    for (let page = 1; page === 1 || page <= (pages[0]?.pagination.total_pages ?? 0); page++) {
      const body = JSON.parse(await get(`/api/deadlines?${query}&per_page=100&page=${page}`));
      expect(body.code, body.message).toBe(200);
      pages.push(body.data);
    }
    return { rows: pages.flatMap((p) => p.deadlines), pages };
  }

  it("/api/deadlines: every page in the printed date's order, then the instant; the counts add up", async () => {
    const { rows, pages } = await apiRows("estimates=true");
    const [first] = pages;
    expect(rows.length).toBeGreaterThan(500);
    expect(rows.length).toBe(first?.pagination.total);
    expect(new Set(rows.map((r) => `${r.conference_id} ${r.cycle_year}/${r.round}`)).size).toBe(rows.length);
    expect(backwards(rows.map((r) => r.next.date))).toEqual([]);
    const ties = rows.flatMap((r, i) => {
      const before = rows[i - 1];
      return before && before.next.date === r.next.date && before.next.closes_at > r.next.closes_at
        ? [`${before.conference_id} > ${r.conference_id} on ${r.next.date}`]
        : [];
    });
    expect(ties).toEqual([]);
    // Both kinds are in the list, interleaved: the order is by date, not announced-then-estimated.
    const estimated = rows.filter((r) => r.next.estimated).length;
    expect(estimated).toBeGreaterThan(0);
    expect(estimated).toBeLessThan(rows.length);
    for (const page of pages) {
      expect(page.counts).toEqual({ announced: rows.length - estimated, estimated });
    }
  }, 120_000);

  it("/deadlines: one chronological list over every page, the same venues as the API, counts of the whole result", async () => {
    const { rows } = await apiRows("ranked_only=true&estimates=true");
    const listed: ReturnType<typeof cards> = [];
    const statuses: string[] = [];
    for (let page = 1; ; page++) {
      const html = await get(`/deadlines?page=${page}`);
      const shown = cards(html);
      if (shown.length === 0) break;
      listed.push(...shown);
      statuses.push(parseHTML(html).document.querySelector("#deadlines-status")?.textContent ?? "");
    }
    expect(listed.map((c) => c.id)).toEqual(rows.map((r) => r.conference_id));
    expect(backwards(listed.map((c) => printedDate(c.when ?? "")))).toEqual([]);
    const estimated = listed.filter((c) => c.estimated).length;
    const heading = `${listed.length.toLocaleString("en-US")} deadlines: ${(listed.length - estimated).toLocaleString("en-US")} announced, ${estimated.toLocaleString("en-US")} estimated`;
    expect(statuses.length).toBeGreaterThan(1);
    for (const status of statuses) expect(status.startsWith(heading), status).toBe(true);
  }, 300_000);

  it("RSS items and iCalendar events come by the date each prints", async () => {
    const { rows } = await apiRows("ranked_only=true&estimates=true");
    const rss = new XMLParser({ isArray: (name) => name === "item" }).parse(await get("/deadlines.xml")).rss
      .channel.item as { link: string; description: string }[];
    expect(rss.map((i) => new URL(i.link).pathname.split("/").pop())).toEqual(
      rows.map((r) => r.conference_id),
    );
    expect(backwards(rss.map((i) => printedDate(i.description.split(" cycle: ")[1] ?? "")))).toEqual([]);

    const events = Object.values(ical.sync.parseICS(await get("/deadlines.ics"))).filter(
      (c) => c?.type === "VEVENT",
    ) as ical.VEvent[];
    const upcoming = rows.flatMap((r) => r.deadlines.filter((d) => d.status === "upcoming"));
    expect(events.length).toBe(upcoming.length);
    const description = (e: ical.VEvent) =>
      String(typeof e.description === "string" ? e.description : (e.description as { val: string }).val);
    expect(backwards(events.map((e) => printedDate(description(e).split(" cycle: ")[1] ?? "")))).toEqual([]);
  }, 300_000);

  it("a watchlist's page lists its venues by the date each next deadline prints", async () => {
    const { rows } = await apiRows("estimates=true");
    // Every venue with an announced round, then venues with estimates, up to a watchlist's 200.
    const ids = [
      ...new Set([
        ...rows.filter((r) => !r.next.estimated).map((r) => r.conference_id),
        ...rows.map((r) => r.conference_id),
      ]),
    ].slice(0, 200);
    const created = JSON.parse(
      await get("/watchlists", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ conferences: ids }),
      }),
    ) as { id: string };
    const listed = cards(await get(`/watchlist?id=${created.id}`));
    expect(listed.map((c) => c.id).sort()).toEqual([...ids].sort());
    const dated = listed.filter((c) => c.dated);
    expect(dated.length).toBeGreaterThan(100);
    // Venues with a next deadline first, in the printed date's order; the others after them.
    expect(listed.slice(0, dated.length)).toEqual(dated);
    expect(backwards(dated.map((c) => printedDate(c.when ?? "")))).toEqual([]);
  }, 120_000);
});
