/**
 * The site and the API state the same figures: the site is built from the fixture snapshot, the server is
 * started on that snapshot with its clock at the build's "now", and each page is read back and compared with
 * the API answer it stands for: every figure of /statistics with /api/statistics, the related venues of every
 * venue page with the detail's related lists, and the order of every ranking page with its API list (paged
 * through at the API's page size).
 */
import { parseHTML } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import type { KeyCount, Statistics } from "../../read/schema/api.ts";
import { fieldLabel } from "../../render/html.ts";
import { rankingLists } from "../../src/lib/rankings.ts";
import { ACCOUNT } from "../functions/api/harness.ts";
import { asAccountHolder, servedSiteForFile } from "./build-site.ts";
import { page } from "./dist-files.ts";
import { fixtureSnapshot } from "./fixture.ts";

// The API reads the id table for merged ids; the site fixture leaves it empty, so it gets the table's shape.
const fixture = { ...fixtureSnapshot(), idRegistry: { conferences: {}, journals: {} } };
const served = servedSiteForFile("agreement", fixture, asAccountHolder());

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${served().server.url}${path}`, { headers: ACCOUNT });
  expect(res.status, path).toBe(200);
  const body = (await res.json()) as { code: number; data: T };
  expect(body.code, path).toBe(200);
  return body.data;
}

/** Every row of a paged API list, at the API's largest page size. */
async function allPages(path: string, key: "conferences" | "journals"): Promise<string[]> {
  const ids: string[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const separator = path.includes("?") ? "&" : "?";
    const data = await api<Record<string, unknown>>(`${path}${separator}per_page=100&page=${pageNo}`);
    ids.push(...(data[key] as { id: string }[]).map((row) => row.id));
    const pagination = data.pagination as { has_more?: boolean; total_pages?: number };
    const more = pagination.has_more ?? pageNo < (pagination.total_pages ?? 0);
    if (!more) return ids;
  }
}

const documentOf = (path: string) => parseHTML(page(served().site.dist, path)).document;

/** Venue ids linked from `root`, in document order. */
const linkedIds = (root: Element, kind: "conference" | "journal") =>
  [...root.querySelectorAll(`a[href^="/${kind}/"]`)].map((a) =>
    (a.getAttribute("href") as string).slice(kind.length + 2),
  );

const text = (node: Element | null) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
const number = (value: string) => Number(value.replaceAll(",", ""));

describe("the statistics page", () => {
  let stats: Statistics;
  let document: Document;
  beforeAll(async () => {
    stats = await api<Statistics>("/api/statistics");
    document = documentOf("/statistics");
  });

  /** The rows of the table under a chart's heading, label → value, in page order. */
  const table = (id: string): [string, number][] => {
    const section = document.querySelector(`h2#${id}`)?.closest("section");
    expect(section, id).toBeTruthy();
    return [...(section as Element).querySelectorAll("tbody tr")].map((tr) => {
      const [label, value] = [...tr.querySelectorAll("td")].map((td) => text(td));
      return [label as string, number(value as string)];
    });
  };
  const caption = (id: string) => text(document.querySelector(`h2#${id}`)?.closest("section") ?? null);
  const asPairs = (rows: readonly KeyCount[]) => rows.map((r): [string, number] => [r.key, r.count]);

  it("states the totals of the API", () => {
    const subtitle = text(document.querySelector(".subtitle"));
    expect(subtitle).toContain(`${stats.conferences_total.toLocaleString("en-US")} conferences`);
    expect(subtitle).toContain(`${stats.journals_total.toLocaleString("en-US")} journals`);
  });

  it("counts deadlines by calendar month as the API's year-months add up", () => {
    const rows = table("deadlines-by-month");
    expect(rows).toHaveLength(12);
    rows.forEach(([, value], index) => {
      const expected = stats.conference_deadline_by_month
        .filter((r) => Number(r.key.slice(5, 7)) === index + 1)
        .reduce((sum, r) => sum + r.count, 0);
      expect(value, `month ${index + 1}`).toBe(expected);
    });
    expect(rows.reduce((sum, [, value]) => sum + value, 0)).toBeGreaterThan(0);
  });

  it("shows the API's open calls per tier", () => {
    const byTier: Record<string, KeyCount[]> = {
      CCF: stats.conference_open_cfp_by_ccf_rank,
      CORE: stats.conference_open_cfp_by_core_rank,
      QUALIS: stats.conference_open_cfp_by_qualis_rank,
    };
    const rows = table("open-calls");
    expect(rows.length).toBeGreaterThan(0);
    for (const [label, value] of rows) {
      const tier = label.split(" ").at(-1) as string;
      const system = label.slice(0, label.length - tier.length - 1);
      expect(value, label).toBe(byTier[system]?.find((r) => r.key === tier)?.count);
    }
    expect(rows.reduce((sum, [, value]) => sum + value, 0)).toBeGreaterThan(0);
  });

  it("lists the API's countries in its order", () => {
    expect(table("countries")).toEqual(asPairs(stats.conference_country_distribution.slice(0, 20)));
  });

  it("gives every research field the API's count", () => {
    // The page names each field (never its code): the API's counts under the names the page prints.
    const nonZero = (rows: readonly KeyCount[]) =>
      asPairs(rows.filter((r) => r.count > 0)).map(([field, count]): [string, number] => [
        fieldLabel(field),
        count,
      ]);
    expect(new Map(table("conference-fields"))).toEqual(
      new Map(nonZero(stats.conference_field_distribution)),
    );
    expect(new Map(table("journal-fields"))).toEqual(new Map(nonZero(stats.journal_field_distribution)));
  });

  it("bins impact factors and publishers as the API does", () => {
    const buckets = stats.journal_impact_factor_distribution;
    expect(table("impact-factors").map(([label, value]) => [label.replace("–", "-"), value])).toEqual(
      asPairs(buckets.filter((r) => r.key !== "none")),
    );
    const none = buckets.find((r) => r.key === "none")?.count ?? 0;
    expect(caption("impact-factors")).toContain(`${none.toLocaleString("en-US")} journals without one`);

    const publishers = stats.journal_publisher_distribution;
    expect(table("publishers")).toEqual(asPairs(publishers.filter((r) => r.key !== "other")));
    const other = publishers.find((r) => r.key === "other")?.count ?? 0;
    expect(caption("publishers")).toContain(`${other.toLocaleString("en-US")} journals of other publishers`);
  });
});

describe("the related venues of a venue page", () => {
  interface Related {
    related_conferences: { id: string }[];
    related_journals: { id: string }[];
  }
  const relatedOnPage = (path: string) => {
    const section = documentOf(path).querySelector("h2#related")?.closest("section") as Element;
    expect(section, path).toBeTruthy();
    return { conferences: linkedIds(section, "conference"), journals: linkedIds(section, "journal") };
  };

  it("are the API detail's related lists, in its order, on every conference and journal page", async () => {
    let listed = 0;
    let longest = 0;
    for (const [kind, rows] of [
      ["conference", fixture.conferences],
      ["journal", fixture.journals],
    ] as const) {
      for (const { id } of rows) {
        const detail = await api<Related>(`/api/${kind}s/${id}`);
        const expected = {
          conferences: detail.related_conferences.map((r) => r.id),
          journals: detail.related_journals.map((r) => r.id),
        };
        expect(relatedOnPage(`/${kind}/${id}`), `/${kind}/${id}`).toEqual(expected);
        listed += expected.conferences.length + expected.journals.length;
        longest = Math.max(longest, expected.conferences.length, expected.journals.length);
      }
    }
    expect(listed).toBeGreaterThan(0);
    // Some page lists several venues of a kind, so the order is compared too.
    expect(longest).toBeGreaterThan(2);
  });
});

describe("a ranking page", () => {
  /** The venues of the page's tables, by the kind their caption names, in page order. */
  function pageLists(slug: string) {
    const document = documentOf(`/rankings/${slug}`);
    const lists = { conferences: [] as string[], journals: [] as string[], specialIssues: [] as string[] };
    for (const table of document.querySelectorAll("table")) {
      const title = text(table.querySelector("caption"));
      if (title.startsWith("Open journal special issues")) lists.specialIssues = linkedIds(table, "journal");
      else if (title.endsWith(" conferences")) lists.conferences = linkedIds(table, "conference");
      else if (title.endsWith(" journals")) lists.journals = linkedIds(table, "journal");
    }
    return lists;
  }

  const TOP = 100;

  it("lists the venues of its API list in the API's order", async () => {
    let compared = 0;
    for (const list of rankingLists()) {
      const onPage = pageLists(list.slug);
      // Top lists show the first page of 100; tier lists and open calls the whole list.
      const cut = (ids: string[]) => (list.group === "scores" ? ids.slice(0, TOP) : ids);
      if (list.api.conferences) {
        const expected = cut(await allPages(list.api.conferences, "conferences"));
        expect(onPage.conferences, `${list.slug} conferences`).toEqual(expected);
        compared += expected.length;
      }
      if (list.api.journals) {
        const expected = cut(await allPages(list.api.journals, "journals"));
        // Open calls show journals with an open special issue as a table of those calls.
        const shown = list.slug === "open-calls" ? onPage.specialIssues : onPage.journals;
        expect(shown, `${list.slug} journals`).toEqual(expected);
        compared += expected.length;
      }
    }
    expect(compared).toBeGreaterThan(5);
  });

  it("shows the API's ranking of its top list and tier page", async () => {
    const competitive = await allPages("/api/conferences/rankings/most_competitive", "conferences");
    expect(competitive.length).toBeGreaterThan(0);
    expect(pageLists("most-competitive").conferences).toEqual(competitive.slice(0, TOP));
    const ccfA = await allPages("/api/conferences?ccf_rank=a", "conferences");
    expect(ccfA.length).toBeGreaterThan(1);
    expect(pageLists("ccf-a").conferences).toEqual(ccfA);
  });
});
