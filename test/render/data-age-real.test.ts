/**
 * The data-age notice names the age of what is shown (issue 37), on the site built from the real upstream data on
 * the day the issue was seen (2026-12-07) and served by the real server on the same clock, over real HTTP. SIGKDD's
 * next round is announced by mpc alone (data of 2026-07-01) while its newest source, the reference service, is of
 * 2026-08-22: its page, its Markdown and its API row name mpc's date. Every row of /api/deadlines carries the data
 * date of its deadlines still ahead, and home, /deadlines, a watchlist and the MCP board name the oldest and newest
 * of their rows' dates, once, at the top.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SqliteStore } from "../../accounts/store/sqlite-store.ts";
import type { RunningServer } from "../../functions/app.ts";
import { createMcpHandler } from "../../functions/mcp/index.ts";
import { DEFAULT_FILTER, filterParams } from "../../render/deadline-list.ts";
import { silentLogger } from "../../runtime/logger.ts";
import type { Manifest, OutlookDeadline, SubmissionOutlook } from "../../snapshot/records.ts";
import { ACCOUNT, fakeAccess } from "../functions/api/harness.ts";
import { connectMcp, type McpSession } from "../functions/mcp/client.ts";
import { describeOnRealUpstream } from "../helpers/upstream-builds.ts";
import { buildRealSite, serveSite } from "../src/build-site.ts";

/** The day; the build and the server share the instant, so built and served lists hold the same rows. */
const NOW = "2026-12-07T06:00:00Z";
const TODAY = NOW.slice(0, 10);
const BASE_URL = "https://venues.test";

interface Row {
  conference_id: string;
  short_name: string;
  next: OutlookDeadline;
  deadlines: OutlookDeadline[];
  data_as_of: string | null;
  deadline_data_as_of: string | null;
}

const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** The page's notices, whether the first is at the top (only the heading and subtitle before it), and its dates. */
function notice(html: string) {
  const main = parseHTML(html).document.querySelector("main") as Element;
  const found = [...main.querySelectorAll(".data-age-notice")];
  const text = squash(found[0]?.textContent);
  const mainText = squash(main.textContent);
  const heading = [...main.querySelectorAll("h1, h1 + .subtitle")]
    .map((e) => squash(e.textContent))
    .join(" ");
  const dates = /is from (\d{4}-\d{2}-\d{2})(?: to (\d{4}-\d{2}-\d{2}))?, /.exec(text);
  return {
    count: found.length,
    atTop: found.length > 0 && squash(mainText.slice(0, mainText.indexOf(text))) === heading,
    text,
    oldest: dates?.[1] ?? null,
    newest: dates?.[2] ?? dates?.[1] ?? null,
  };
}

/** The oldest and newest of some dates. */
const span = (dates: readonly (string | null)[]) => {
  const known = dates.filter((d): d is string => d !== null).sort();
  return { oldest: known[0] ?? null, newest: known.at(-1) ?? null };
};

describeOnRealUpstream("the data-age notice on the real site", () => {
  let root: string;
  let manifest: Manifest;
  let details: Map<string, { outlook: SubmissionOutlook | null }>;
  let server: RunningServer;
  let store: SqliteStore;
  let mcp: McpSession;

  beforeAll(async () => {
    const site = await buildRealSite("data-age-real", { PUBLIC_BASE_URL: BASE_URL, BUILD_NOW: NOW });
    root = site.root;
    manifest = JSON.parse(await readFile(join(site.snapshotDir, "manifest.json"), "utf8"));
    const conferences = JSON.parse(await readFile(join(site.snapshotDir, "details.json"), "utf8"))
      .conferences as {
      id: string;
      outlook: SubmissionOutlook | null;
    }[];
    details = new Map(conferences.map((c) => [c.id, c]));
    store = await SqliteStore.open({ dir: await mkdtemp(join(tmpdir(), "venue-age-state-")) });
    server = await serveSite(
      site,
      BASE_URL,
      { RATE_LIMIT_PER_SECOND: "0", STATE_DIR: join(root, "state") },
      {
        mcp: createMcpHandler,
        access: fakeAccess(100_000, 100_000),
        logger: silentLogger,
        clock: () => new Date(NOW),
        watchlistStore: store,
      },
    );
    mcp = await connectMcp(server.url, ACCOUNT);
  }, 900_000);

  afterAll(async () => {
    await mcp?.close();
    await server?.close();
    await store?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const sourceDate = (id: string) => manifest.sources.find((s) => s.id === id)?.date ?? null;
  /** The rule, stated again: an announced deadline's source's data date, an estimate's the venue's. */
  const dataDate = (d: OutlookDeadline, dataAsOf: string | null) =>
    d.estimated || !d.source ? dataAsOf : (sourceDate(d.source) ?? dataAsOf);

  const get = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}${path}`, { ...init, headers: { ...ACCOUNT, ...init.headers } });
    expect(res.status, path).toBeLessThan(300);
    return res.text();
  };

  /** Every row of /api/deadlines for the filter, all pages (or only `page` of `perPage`). */
  async function apiRows(params: Record<string, string>, only?: { page: number; perPage: number }) {
    const rows: Row[] = [];
    for (let page = only?.page ?? 1; ; page++) {
      const query = new URLSearchParams({
        ...params,
        page: String(page),
        per_page: String(only?.perPage ?? 100),
      });
      const body = JSON.parse(await get(`/api/deadlines?${query}`));
      expect(body.code, body.message).toBe(200);
      rows.push(...body.data.deadlines);
      if (only || page >= body.data.pagination.total_pages) return rows;
    }
  }

  it("gives SIGKDD's round the date of mpc's data, older than the venue's newest source", async () => {
    const mpc = sourceDate("mpc") as string;
    expect(mpc).toBe("2026-07-01");
    const rows = await apiRows({ estimates: "true", ranked_only: "false" });
    const kdd = rows.find((r) => r.short_name === "SIGKDD") as Row;
    expect(kdd.next.source).toBe("mpc");
    expect(kdd.data_as_of).toBe("2026-08-22");
    expect(kdd.deadline_data_as_of).toBe(mpc);

    const page = notice(await get(`/conference/${kdd.conference_id}`));
    expect(page).toMatchObject({ count: 1, atTop: true, oldest: mpc, newest: mpc });
    expect(page.text).toContain(`from ${mpc}, 159 days old on ${TODAY}`);
    const md = await get(`/conference/${kdd.conference_id}.md`);
    expect(md.split("\n\n")[1]).toMatch(
      new RegExp(`^> \\*\\*Old data:\\*\\* The deadline data on this page is from ${mpc}, 159 days old`),
    );
    expect(md.match(/Old data/g)).toHaveLength(1);
  });

  it("names in a venue's Markdown facts one data date, the notice's, beside the next deadline it rests on", async () => {
    const rows = await apiRows({ estimates: "true", ranked_only: "false" });
    const venues = [...new Map(rows.map((r) => [r.conference_id, r])).values()];
    // The class of SIGKDD and ISCA: the deadlines shown rest on data older than the venue's newest source.
    const older = venues.filter(
      (r) => r.deadline_data_as_of && r.data_as_of && r.deadline_data_as_of < r.data_as_of,
    );
    expect(older.length).toBeGreaterThan(10);
    const contradicting: string[] = [];
    for (const r of older) {
      const md = await get(`/conference/${r.conference_id}.md`);
      const noticeDates = /is from (\d{4}-\d{2}-\d{2})(?: to (\d{4}-\d{2}-\d{2}))?, /.exec(md);
      const facts =
        md
          .split("\n## ")[0]
          ?.split("\n")
          .filter((line) => line.startsWith("- ")) ?? [];
      const factDates = facts.flatMap((line) =>
        [...line.matchAll(/data (?:as )?of (\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]),
      );
      const next = facts.find((line) => line.startsWith("- Next submission deadline: ")) ?? "";
      // The next deadline names its source's date; no other line (the outlook's state) names another.
      const nextDate = dataDate(r.next, r.data_as_of);
      if (!next.includes(`of ${nextDate})`) || factDates.some((d) => d !== nextDate))
        contradicting.push(`${r.short_name}: ${factDates.join(", ")} beside ${nextDate}`);
      if (noticeDates && (noticeDates[2] ?? noticeDates[1]) !== nextDate)
        contradicting.push(`${r.short_name}: notice ${noticeDates[0]} beside ${nextDate}`);
    }
    expect(contradicting).toEqual([]);
  });

  it("prints beside SIGKDD's January deadline no notification of its August round, on the page and in its Markdown", async () => {
    const kdd = (await apiRows({ estimates: "true", ranked_only: "false" })).find(
      (r) => r.short_name === "SIGKDD",
    ) as Row;
    const md = await get(`/conference/${kdd.conference_id}.md`);
    expect(md).toContain(
      "- Announced submission deadline of the current call (the open round, else the last): 28 Jan 2027\n- Notification of that call: —\n",
    );
    expect(md).toMatch(
      /- Next submission deadline: .*2027-01-28 .*\(source: mpc-deadlines\/[^,]+, data of 2026-07-01\)\n- Outlook: open\n/,
    );
    const { document } = parseHTML(await get(`/conference/${kdd.conference_id}`));
    const facts = [...document.querySelectorAll("#call ~ dl.facts dt, section dl.facts dt")];
    const notification = facts.find((dt) => squash(dt.textContent) === "Notification");
    expect(squash(notification?.nextElementSibling?.textContent)).toBe("—");
  });

  it("gives every row of /api/deadlines the oldest data date of its deadlines still ahead", async () => {
    const rows = await apiRows({ estimates: "true", ranked_only: "false" });
    expect(rows.length).toBeGreaterThan(500);
    const wrong = rows.flatMap((r) => {
      const ahead = r.deadlines.filter((d) => d.closes_at >= NOW);
      const want = span(ahead.map((d) => dataDate(d, r.data_as_of))).oldest;
      return want === r.deadline_data_as_of ? [] : [`${r.short_name}: ${r.deadline_data_as_of} ≠ ${want}`];
    });
    expect(wrong).toEqual([]);
    // The rule matters: rows whose deadlines rest on data older than the venue's newest source.
    const older = rows.filter(
      (r) => r.deadline_data_as_of && r.data_as_of && r.deadline_data_as_of < r.data_as_of,
    );
    expect(older.length).toBeGreaterThan(10);
  });

  it("names the oldest and newest data date of the rows home and /deadlines list, once, at the top", async () => {
    const params = filterParams(DEFAULT_FILTER);
    // Home ships the first 90 rows of the default filter; /deadlines shows 50 a page.
    const surfaces = [
      { path: "/", rows: await apiRows(params, { page: 1, perPage: 90 }) },
      { path: "/deadlines", rows: await apiRows(params, { page: 1, perPage: 50 }) },
      { path: "/deadlines?page=2", rows: await apiRows(params, { page: 2, perPage: 50 }) },
    ];
    for (const { path, rows } of surfaces) {
      const expected = span(rows.map((r) => r.deadline_data_as_of));
      const page = notice(await get(path));
      expect(page, path).toMatchObject({ count: 1, atTop: true, ...expected });
      // The newest source date alone (the old rule) would understate it.
      expect(page.oldest, path).not.toBe(span(rows.map((r) => r.data_as_of)).newest);
    }
  });

  it("names the data dates behind a watchlist's cards, once, at the top", async () => {
    const all = await apiRows({ estimates: "true", ranked_only: "false" });
    const confIds = ["SIGMOD", "PODS", "CCS", "NDSS", "SIGKDD"].map(
      (name) => (all.find((r) => r.short_name === name) as Row).conference_id,
    );
    const res = await fetch(`${server.url}/watchlists`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ conferences: confIds, journals: [] }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const expected = span(
      confIds.flatMap((cid) => {
        const outlook = details.get(cid)?.outlook as SubmissionOutlook;
        const rest = !outlook.next || outlook.deadlines.some((d) => d.status === "passed_unconfirmed");
        return [
          ...(outlook.next ? [dataDate(outlook.next, outlook.data_as_of)] : []),
          ...(rest ? [outlook.data_as_of] : []),
        ];
      }),
    );
    expect(expected.oldest).toBe(sourceDate("mpc"));
    expect(notice(await get(`/watchlist?id=${id}`))).toMatchObject({ count: 1, atTop: true, ...expected });
  });

  it("gives the MCP board the oldest and newest data date of its rows, and its notice", async () => {
    const result = await mcp.client.callTool({
      name: "show_deadline_board",
      arguments: { ranked_only: true },
    });
    expect(result.isError ?? false).toBe(false);
    const data = result.structuredContent as {
      deadlines: Row[];
      data_age: { data_as_of: string; newest: string; old: boolean; notice: string };
    };
    const expected = span(data.deadlines.map((r) => r.deadline_data_as_of));
    expect(data.data_age).toMatchObject({ data_as_of: expected.oldest, newest: expected.newest, old: true });
    expect(data.data_age.notice).toContain(`on this board is from ${expected.oldest} to ${expected.newest}`);
  });
});
