/**
 * The lists' categories on `/deadlines`, `/zh/deadlines`, `/deadlines.ics` and `/deadlines.xml` (issue 42), over
 * real HTTP on the fixture with categories: a category filter shown on the page, its calendar and its feed give
 * exactly the rows `/api/deadlines` gives for it; the form offers every category with CCF's own names in the page's
 * language and keeps the chosen ones; each filter is a feed of its own (the feed cache keys on it); a bad code is a
 * 400 naming the allowed ones.
 */
import { XMLParser } from "fast-xml-parser";
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { CCF_CATEGORY_TABLE, CORE_FOR_TABLE } from "../../../snapshot/records.ts";
import {
  CATEGORIZED_CONFERENCES,
  calendarUids,
  categorizedIds,
  expectedUids,
} from "../../helpers/category-fixture.ts";
import { harnessForFile, startHarness } from "../api/harness.ts";

const frame = (lang: string) =>
  `<!doctype html><html lang="${lang}"><head><title>deadlines</title></head><body><main><!--deadlines--></main></body></html>`;

const h = harnessForFile(() =>
  startHarness({
    site: { "deadlines.html": frame("en"), "zh/deadlines.html": frame("zh-CN") },
    snapshot: { conferences: CATEGORIZED_CONFERENCES },
  }),
);

interface ApiRow {
  conference_id: string;
  ccf_category: string[];
  core_for: string[];
  deadlines: { type: string; cycle_year: number; round: number; status: string }[];
}

/** Every row `/api/deadlines` gives for `query` (one page of 100 holds the fixture's). */
async function apiRows(query: string): Promise<ApiRow[]> {
  const { res, body } = await h.json(`/api/deadlines?${query}&per_page=100`);
  expect(res.status, query).toBe(200);
  expect(body.code, body.message).toBe(200);
  return body.data.deadlines as ApiRow[];
}

async function text(path: string): Promise<{ status: number; body: string; etag: string | null }> {
  const res = await h.get(path);
  return { status: res.status, body: await res.text(), etag: res.headers.get("etag") };
}

const documentOf = (html: string) => parseHTML(html).document;
const pageIds = (html: string) =>
  [...documentOf(html).querySelectorAll(".deadline-list .venue > a")].map((a) =>
    (a.getAttribute("href") as string).replace(/^(\/zh)?\/conference\//, ""),
  );
const selected = (html: string, name: string) =>
  [...documentOf(html).querySelectorAll(`select[name="${name}"] option[selected]`)].map((o) =>
    o.getAttribute("value"),
  );

/** A page's query, and the same filter as the API reads it (one parameter, comma-separated). */
const FILTERS = [
  { query: "ccf_category=SE&ranked_only=false", ccf: ["SE"], core: [] },
  { query: "core_for=4611&ranked_only=false", ccf: [], core: ["4611"] },
  {
    query: "ccf_category=ai,se&core_for=4611,4612&within_days=366&ranked_only=true",
    ccf: ["AI", "SE"],
    core: ["4611", "4612"],
  },
  // Repeated, as the form sends a multiple select; any case.
  {
    query: "ccf_category=db&ccf_category=SC&ranked_only=false",
    api: "ccf_category=DB,SC&ranked_only=false",
    ccf: ["DB", "SC"],
    core: [],
  },
];

describe.each(FILTERS)("$query", ({ query, api = query, ccf, core }) => {
  it("lists on the page exactly the API's rows, and only venues filed there", async () => {
    const rows = await apiRows(api);
    expect(rows.length, "the fixture has rounds in the category").toBeGreaterThan(0);
    const filed = categorizedIds(ccf, core);
    for (const row of rows) expect(filed, row.conference_id).toContain(row.conference_id);
    const page = await text(`/deadlines?${query}`);
    expect(page.status).toBe(200);
    expect(pageIds(page.body)).toEqual(rows.map((r) => r.conference_id));
  });

  it("gives the same rows as its calendar and its RSS feed, whose addresses the page links", async () => {
    const rows = await apiRows(api);
    const page = documentOf((await text(`/deadlines?${query}`)).body);
    const links = [...page.querySelectorAll(".subscribe a")].map((a) => a.getAttribute("href") as string);
    const ics = links.find((href) => href.includes("/deadlines.ics?")) as string;
    const rss = links.find((href) => href.includes("/deadlines.xml?")) as string;
    for (const href of [ics, rss]) {
      const params = new URL(href, "https://venues.test").searchParams;
      // The codes as the lists write them, so one filter is one address (and one cached feed).
      expect(params.get("ccf_category"), href).toBe(ccf.length > 0 ? ccf.join(",") : null);
      expect(params.get("core_for"), href).toBe(core.length > 0 ? core.join(",") : null);
    }
    const calendar = await text(new URL(ics).pathname + new URL(ics).search);
    expect(calendar.status).toBe(200);
    expect(calendarUids(calendar.body)).toEqual(expectedUids(rows));
    const feed = await text(rss);
    expect(feed.status).toBe(200);
    const items = [new XMLParser().parse(feed.body).rss.channel.item ?? []].flat() as { link: string }[];
    expect(items.map((item) => new URL(item.link).pathname.replace("/conference/", ""))).toEqual(
      rows.map((r) => r.conference_id),
    );
  });
});

describe("the filter form", () => {
  it("offers every CCF category by CCF's name and every CORE code, keeping the chosen ones (any case)", async () => {
    const html = (await text("/deadlines?ccf_category=se,AI&core_for=4612&ranked_only=false")).body;
    const document = documentOf(html);
    const options = (name: string) =>
      [...document.querySelectorAll(`select[name="${name}"][multiple] option`)].map((o) => [
        o.getAttribute("value"),
        o.textContent,
      ]);
    expect(options("ccf_category")).toEqual(CCF_CATEGORY_TABLE.map((c) => [c.code, c.name_en]));
    expect(options("core_for")).toEqual(CORE_FOR_TABLE.map((c) => [c.code, `${c.code} ${c.name}`]));
    // In the list's order, whatever the address's.
    expect(selected(html, "ccf_category")).toEqual(["SE", "AI"]);
    expect(selected(html, "core_for")).toEqual(["4612"]);
    // The status line says which categories the list holds.
    expect(document.querySelector("#deadlines-status")?.textContent).toContain(
      "CCF category Software Engineering/System Software/Programming Language or Artificial Intelligence",
    );
    expect(document.querySelector("#deadlines-status")?.textContent).toContain(
      "CORE field of research 4612 Software engineering",
    );
  });

  it("names CCF's categories in Chinese on /zh/deadlines, CORE's names quoted in English", async () => {
    const html = (await text("/zh/deadlines?ccf_category=SE&ranked_only=false")).body;
    const document = documentOf(html);
    const ccf = [...document.querySelectorAll('select[name="ccf_category"] option')];
    expect(ccf.map((o) => o.textContent)).toEqual(CCF_CATEGORY_TABLE.map((c) => c.name_zh));
    const core = [...document.querySelectorAll('select[name="core_for"] option')];
    expect(core.length).toBe(CORE_FOR_TABLE.length);
    for (const option of core) expect(option.getAttribute("lang")).toBe("en");
    expect(document.querySelector("form#deadline-filter")?.textContent).toContain("CCF 类别（任一）");
    expect(document.querySelector("#deadlines-status")?.textContent).toContain(
      "CCF 类别：软件工程/系统软件/程序设计语言",
    );
    expect(selected(html, "ccf_category")).toEqual(["SE"]);
  });
});

describe("feeds of a category filter", () => {
  it("are feeds of their own: a cached feed without the filter is never served for one with it", async () => {
    for (const path of ["/deadlines.ics", "/deadlines.xml"]) {
      const all = await text(`${path}?ranked_only=false`);
      const se = await text(`${path}?ranked_only=false&ccf_category=SE`);
      const core = await text(`${path}?ranked_only=false&ccf_category=SE&core_for=4611`);
      expect(all.status).toBe(200);
      expect(se.status).toBe(200);
      expect(core.status).toBe(200);
      expect(new Set([all.etag, se.etag, core.etag]).size, path).toBe(3);
    }
    const all = calendarUids((await text("/deadlines.ics?ranked_only=false")).body);
    const se = calendarUids((await text("/deadlines.ics?ranked_only=false&ccf_category=SE")).body);
    expect(se.length).toBeGreaterThan(0);
    expect(se.length).toBeLessThan(all.length);
    // SE and 4611 (machine learning) name no venue together.
    expect(
      calendarUids((await text("/deadlines.ics?ranked_only=false&ccf_category=SE&core_for=4611")).body),
    ).toEqual([]);
  });

  it("refuse an unknown code with 400 naming the allowed ones, on the page and the feeds", async () => {
    const page = await text("/deadlines?ccf_category=XX");
    expect(page.status).toBe(400);
    expect(documentOf(page.body).querySelector("#deadlines-status")?.textContent).toContain(
      "ccf_category must be one or more of DS, NW, SC, SE, DB, CT, CG, AI, HI, MX",
    );
    for (const path of ["/deadlines.ics?core_for=0803", "/deadlines.xml?core_for=0803"]) {
      const feed = await text(path);
      expect(feed.status, path).toBe(400);
      expect(feed.body, path).toContain("core_for must be one or more of 46, 4601");
    }
  });
});
