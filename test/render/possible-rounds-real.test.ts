/**
 * A venue's possible rounds (the outlook's `possible`) on its page and its Markdown, on the site built from the real
 * upstream data (cut down to a few venues and every CCF A one) and served by the real server over real HTTP, on the
 * day the issue was seen. IUI's 2027 call closed on 20 Aug 2026 (October before) while its 2028 round is estimated
 * in early October 2027: 20 Aug 2027 is shown as a possibility, marked as not a deadline (no countdown, no calendar
 * entry, no part of the state); ICST's old December round moved, FM's and ACL's are missing from their latest
 * cycle. A venue without possibilities shows no such line, and the page has no serious axe-core finding.
 */
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../functions/app.ts";
import { stateBesideNext, stateLabel } from "../../render/deadline.ts";
import { formatDate } from "../../render/html.ts";
import type { ConferenceRow, SubmissionOutlook } from "../../snapshot/records.ts";
import { chromiumForFile } from "../helpers/chromium.ts";
import { seriousAxeFindings } from "../helpers/page-layout.ts";
import { describeOnRealUpstream } from "../helpers/upstream-builds.ts";
import { type BuiltSite, PROJECT_ROOT, serveSite } from "../src/build-site.ts";
import { buildRealSubsetSite } from "../src/real-subset-site.ts";

const BASE_URL = "https://venues.test";
/** The day after the snapshot: the built and served pages share it. */
const NOW = new Date("2026-12-08T06:00:00Z");
const PICKED = ["IUI", "ICST", "FM", "ACL", "SIGKDD"];
const EN_LINE = "Also possible, not announced and not a deadline:";
const ZH_LINE = "另有可能（未公布，并非截止日期）：";
const IUI_AUGUST =
  "around 20 Aug 2027 (window 6 Aug 2027 – 3 Sep 2027), 2028 cycle: seen once, in the 2027 cycle";

const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

interface Venue {
  row: ConferenceRow;
  outlook: SubmissionOutlook;
}

describeOnRealUpstream("possible rounds on the real site", () => {
  let site: BuiltSite;
  let server: RunningServer;
  const venues: Venue[] = [];
  const browser = chromiumForFile();

  beforeAll(async () => {
    site = await buildRealSubsetSite("possible-rounds", { conferences: PICKED, journals: [] }, BASE_URL, NOW);
    server = await serveSite(site, BASE_URL, {}, { clock: () => NOW });
    const latest = (name: string) =>
      JSON.parse(readFileSync(join(site.snapshotsDir, "latest", name), "utf8"));
    const outlooks = new Map<string, SubmissionOutlook>(
      latest("details.json").conferences.map((d: { id: string; outlook: SubmissionOutlook }) => [
        d.id,
        d.outlook,
      ]),
    );
    for (const row of latest("conferences.json").conferences as ConferenceRow[])
      venues.push({ row, outlook: outlooks.get(row.id) as SubmissionOutlook });
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    if (site) await rm(site.root, { recursive: true, force: true });
  });

  /** The built venue of that acronym with a possible round of that reason. */
  const withPossible = (name: string, reason: string) => {
    const found = venues.find(
      (v) => v.row.short_name === name && v.outlook.possible.some((p) => p.reason === reason),
    );
    if (!found) throw new Error(`${name} has no possible round "${reason}" in this build`);
    return found;
  };
  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status, path).toBe(200);
    return res.text();
  };
  const box = async (path: string) =>
    parseHTML(await get(path)).document.querySelector(".next-call") as Element;

  it("shows IUI's August round after its next deadline, marked as no deadline, on the page in both languages", async () => {
    const iui = withPossible("IUI", "seen_once");
    expect(iui.outlook.next?.date).not.toBe("2027-08-20");
    const next = await box(`/conference/${iui.row.id}`);
    const line = next.querySelector("#possible-rounds") as Element;
    expect(squash(line?.textContent)).toBe(`${EN_LINE} ${IUI_AUGUST}.`);
    // After the next deadline, in the box; nothing in it counts down, closes or links to a calendar.
    expect(next.querySelector(".next-when")?.compareDocumentPosition(line)).toBe(4);
    expect(line.querySelectorAll(".countdown, [data-deadline], a, .badge, .deadline")).toHaveLength(0);
    expect([...line.querySelectorAll("time")].map((t) => t.getAttribute("datetime"))).toEqual([
      "2027-08-20",
      "2027-08-06",
      "2027-09-03",
    ]);
    // The heading's state is the outlook's, as without the possibility.
    expect(squash(next.querySelector("h2 .badge")?.textContent)).toBe(
      stateLabel(stateBesideNext(iui.outlook.state, iui.outlook.next !== null)),
    );
    const zh = squash(
      (await box(`/zh/conference/${iui.row.id}`)).querySelector("#possible-rounds")?.textContent,
    );
    expect(zh).toBe(
      `${ZH_LINE}约 2027年8月20日（区间 2027年8月6日 至 2027年9月3日），2028 年度：仅在 2027 年度出现过一次。`,
    );
  });

  it("keeps IUI's August round out of its calendar", async () => {
    const iui = withPossible("IUI", "seen_once");
    const ics = await get(`/conference/${iui.row.id}.ics`);
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).not.toContain("20270820");
  });

  it("writes IUI's August round in its Markdown after the next deadline and the state, in both languages", async () => {
    const iui = withPossible("IUI", "seen_once");
    const md = (await get(`/conference/${iui.row.id}.md`)).split("\n");
    const at = md.indexOf(`- ${EN_LINE} ${IUI_AUGUST}.`);
    expect(at).toBeGreaterThan(0);
    expect(md[at - 1]).toMatch(/^- Outlook: /);
    expect(md[at - 2]).toContain(`- Next submission deadline: `);
    expect(md[at - 2]).toContain(`around ${formatDate(iui.outlook.next?.date ?? null)}`);
    expect(md.filter((l) => l.includes("20 Aug 2027"))).toHaveLength(1);
    const zh = await get(`/zh/conference/${iui.row.id}.md`);
    expect(zh).toContain(`\n- ${ZH_LINE}约 2027年8月20日（区间 2027年8月6日 至 2027年9月3日），2028 年度：`);
  });

  it("says each reason in plain words: ICST's moved round, FM's and ACL's missing from the latest cycle", async () => {
    const icst = withPossible("ICST", "moved");
    const fm = withPossible("FM", "not_in_latest_cycle");
    const acl = withPossible("ACL", "not_in_latest_cycle");
    const text = async (v: Venue) =>
      squash((await box(`/conference/${v.row.id}`)).querySelector("#possible-rounds")?.textContent);
    expect(await text(icst)).toContain(
      "around 22 Dec 2026 (window 8 Dec 2026 – 5 Jan 2027), 2027 cycle: that cycle announced another round near it, so the venue may have moved this one there (held in 2026)",
    );
    // FM's April round, held in 2021 and 2024 and not in its latest cycle: one possibility per cycle ahead.
    expect(await text(fm)).toBe(
      `${EN_LINE} around 28 Apr 2027 (window 17 Apr 2027 – 9 May 2027), 2027 cycle: held in 2021, 2024 but missing from the latest cycle; around 27 Apr 2028 (window 16 Apr 2028 – 8 May 2028), 2028 cycle: held in 2021, 2024 but missing from the latest cycle.`,
    );
    expect(await text(acl)).toContain("2027 cycle: held in 2024, 2025 but missing from the latest cycle");
  });

  it("shows the line on every built venue with possible rounds, one item each, and on no other", async () => {
    const wrong: string[] = [];
    for (const { row, outlook } of venues) {
      const items = (await box(`/conference/${row.id}`)).querySelectorAll("#possible-rounds .possible-round");
      const md = await get(`/conference/${row.id}.md`);
      const mdLines = md.split("\n").filter((l) => l.startsWith(`- ${EN_LINE}`));
      const want = outlook.possible.length;
      if (items.length !== want || mdLines.length !== (want > 0 ? 1 : 0))
        wrong.push(
          `${row.short_name}: ${items.length} on the page, ${mdLines.length} .md lines, ${want} possible`,
        );
    }
    expect(wrong).toEqual([]);
    // The rule matters both ways: venues with possibilities and without (SIGKDD among the latter).
    expect(venues.filter((v) => v.outlook.possible.length > 0).length).toBeGreaterThanOrEqual(4);
    const kdd = venues.find((v) => v.row.short_name === "SIGKDD") as Venue;
    expect(kdd.outlook.possible).toEqual([]);
    expect(await get(`/conference/${kdd.row.id}`)).not.toContain(EN_LINE);
    expect(await get(`/zh/conference/${kdd.row.id}.md`)).not.toContain(ZH_LINE);
  });

  describe("in the browser", () => {
    for (const language of ["en", "zh"] as const) {
      it(`has no serious axe-core finding on IUI's ${language} page at 390 px`, async () => {
        const iui = withPossible("IUI", "seen_once");
        const context = await browser().newContext({
          viewport: { width: 390, height: 844 },
          locale: language === "zh" ? "zh-CN" : "en-US",
        });
        try {
          const page = await context.newPage();
          await page.goto(`${server.url}${language === "zh" ? "/zh" : ""}/conference/${iui.row.id}`);
          expect(await page.locator("#possible-rounds").isVisible()).toBe(true);
          await page.locator(".next-call").screenshot({
            path: join(PROJECT_ROOT, "test-results", `possible-rounds-iui-${language}-390.png`),
          });
          expect(await seriousAxeFindings(page)).toEqual([]);
        } finally {
          await context.close();
        }
      }, 60_000);
    }
  });
});
