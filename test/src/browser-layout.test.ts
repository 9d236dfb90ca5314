/**
 * Every kind of page, built from the real data (test/src/real-subset-site.ts), in Chromium at 390 × 844 (a phone)
 * and 1400 × 900, in English and Chinese (the en and zh-CN locales), with JavaScript on and off: home, /deadlines
 * with a filter, a watchlist, search results, a ranking page, statistics, the feeds, SIGKDD, USENIX Security and a
 * journal.
 * Each must have no element wider than the viewport, no table cell hidden (off-screen or clipped: a table fits or
 * becomes cards), no date or time broken across lines, no serious axe-core finding, and the navigation must mark the
 * page it is on (axe at 390 px only). One browser, pages in sequence.
 */
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SqliteStore } from "../../accounts/store/sqlite-store.ts";
import type { RunningServer } from "../../functions/app.ts";
import { CHROMIUM, chromiumForFile, HAS_CHROMIUM } from "../helpers/chromium.ts";
import { layoutProblems, seriousAxeFindings } from "../helpers/page-layout.ts";
import { describeOnRealUpstream } from "../helpers/upstream-builds.ts";
import { type BuiltSite, serveSite } from "./build-site.ts";
import { buildRealSubsetSite } from "./real-subset-site.ts";

const BASE_URL = "https://venues.test";
const JOURNAL = "JSIS"; // special issues, metrics by year, a long publisher name
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1400, height: 900 },
] as const;

if (!HAS_CHROMIUM) console.warn(`Skipping the layout tests: ${CHROMIUM} is missing.`);

describeOnRealUpstream(
  "every kind of page at 390 and 1400 px, in both languages, with and without JavaScript",
  () => {
    let site: BuiltSite;
    let store: SqliteStore;
    let server: RunningServer;
    const pages: Record<string, { path: string; nav: string | null }> = {};
    const browser = chromiumForFile();

    beforeAll(async () => {
      site = await buildRealSubsetSite(
        "layout",
        { conferences: ["SIGKDD", "USENIX Security", "OSDI"], journals: [JOURNAL] },
        BASE_URL,
      );
      store = await SqliteStore.open({ dir: join(site.root, "state") });
      server = await serveSite(site, BASE_URL, {}, { watchlistStore: store });
      const latest = (name: string) =>
        JSON.parse(readFileSync(join(site.snapshotsDir, "latest", name), "utf8"));
      const id = (rows: { id: string; short_name: string | null }[], name: string) => {
        const row = rows.find((r) => r.short_name === name);
        if (!row) throw new Error(`${name} is not among the built venues`);
        return row.id;
      };
      const { conferences } = latest("conferences.json");
      const [kdd, usenix, osdi] = ["SIGKDD", "USENIX Security", "OSDI"].map((name) => id(conferences, name));
      const journal = id(latest("journals.json").journals, JOURNAL);
      const created = await fetch(`${server.url}/watchlists`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ conferences: [kdd, usenix, osdi], journals: [journal] }),
      });
      expect(created.status).toBe(201);
      const { id: watchlist } = await created.json();
      Object.assign(pages, {
        home: { path: "/", nav: null },
        deadlines: { path: "/deadlines?ccf_rank=A&within_days=90", nav: "/deadlines" },
        watchlist: { path: `/watchlist?id=${watchlist}`, nav: "/watchlist" },
        search: { path: "/search?kind=conferences&query=security", nav: "/search" },
        ranking: { path: "/rankings/ccf-a", nav: "/rankings" },
        statistics: { path: "/statistics", nav: "/statistics" },
        feeds: { path: "/feeds", nav: "/feeds" },
        sigkdd: { path: `/conference/${kdd}`, nav: null },
        usenix: { path: `/conference/${usenix}`, nav: null },
        journal: { path: `/journal/${journal}`, nav: null },
      });
    }, 300_000);

    afterAll(async () => {
      await server?.close();
      await store?.close();
      if (site) await rm(site.root, { recursive: true, force: true });
    });

    for (const language of ["en", "zh"] as const) {
      for (const javaScriptEnabled of [true, false]) {
        it.skipIf(!HAS_CHROMIUM)(
          `${language}, JavaScript ${javaScriptEnabled ? "on" : "off"}: nothing too wide, hidden, broken or inaccessible`,
          async () => {
            const locale = language === "zh" ? "zh-CN" : "en-US";
            const problems: Record<string, unknown> = {};
            for (const viewport of VIEWPORTS) {
              const context = await browser().newContext({ viewport, locale, javaScriptEnabled });
              const withScripts = javaScriptEnabled
                ? undefined
                : await browser().newContext({ viewport, locale });
              const page = await context.newPage();
              for (const { path, nav } of Object.values(pages)) {
                const address = language === "zh" ? (path === "/" ? "/zh" : `/zh${path}`) : path;
                const answer = await page.goto(`${server.url}${address}`);
                const layout = await layoutProblems(page);
                const found = {
                  status: answer?.status() === 200 ? [] : [String(answer?.status())],
                  ...layout,
                  // axe's rules do not depend on the width; checked once, on the phone, where the layout is tightest.
                  axe: viewport.width === 390 ? await seriousAxeFindings(page, withScripts) : [],
                  // The navigation marks the page it is on (a venue page is in none of its sections; home is the brand).
                  current: await page
                    .locator('header.site [aria-current="page"]')
                    .evaluateAll((links) =>
                      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
                    ),
                };
                const prefix = language === "zh" ? "/zh" : "";
                const expected = nav ? [`${prefix}${nav}`] : path === "/" ? [prefix || "/"] : [];
                found.current = found.current.join() === expected.join() ? [] : found.current;
                const failed = Object.entries(found).filter(([, list]) => list.length > 0);
                if (failed.length > 0) problems[`${viewport.width} ${address}`] = Object.fromEntries(failed);
              }
              await context.close();
              await withScripts?.close();
            }
            expect(problems).toEqual({});
          },
          120_000,
        );
      }
    }
  },
);
