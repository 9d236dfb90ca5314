/**
 * Data age where the answer is: the decisions of render/data-age.ts and render/provenance.ts on fixtures (fresh
 * and old data, the 30-day edge, the oldest date shown deciding), then two sites built from the fixture, one whose
 * deadline data is 70 days old and one 5 days old, served by the real server: on the old one home, `/deadlines`,
 * the watchlist, a venue page, its Markdown, the download page and the MCP deadline board say so once, at the
 * top, with the date; on the fresh one none does. The venue page and its Markdown name the source and the data
 * date of every deadline.
 */
import { parseHTML } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpHandler } from "../../functions/mcp/index.ts";
import {
  type DataAge,
  dataAge,
  dataAgeHtml,
  dataAgeMarkdown,
  dataAgeNotice,
  PAGE_DATA_MAX_AGE_DAYS,
} from "../../render/data-age.ts";
import {
  groupedProvenanceText,
  provenanceText,
  sourceCellText,
  sourceDates,
} from "../../render/provenance.ts";
import { ACCOUNT } from "../functions/api/harness.ts";
import { connectMcp, type McpSession } from "../functions/mcp/client.ts";
import { asAccountHolder, type ServedSite, servedSiteForFile } from "../src/build-site.ts";
import { BUILD_NOW, DATA_AS_OF, fixtureSnapshot } from "../src/fixture.ts";

const TODAY = BUILD_NOW.slice(0, 10);
/** 70 days before the build: past the notice's 30 days (and the outlook's own 60-day `stale`). */
const OLD_DATA = "2098-11-01";

describe("how old the data behind a page is", () => {
  it("is the oldest data date shown, counted to today, with the newest; dates missing are left out", () => {
    expect(dataAge(["2026-08-22", null, "2026-10-02", undefined, "2024-03-18"], "2026-12-07")).toEqual({
      data_as_of: "2024-03-18",
      newest: "2026-10-02",
      today: "2026-12-07",
      age_days: 994,
      max_age_days: 30,
      old: true,
    });
    expect(dataAge([null, undefined], "2026-12-07")).toBeNull();
    expect(dataAge([], "2026-12-07")).toBeNull();
  });

  it("is old only past 30 days, the age at which a source counts as out of date", () => {
    expect(PAGE_DATA_MAX_AGE_DAYS).toBe(30);
    expect(dataAge(["2026-11-07"], "2026-12-07")?.old).toBe(false);
    expect(dataAge(["2026-11-06"], "2026-12-07")?.old).toBe(true);
    // An instant counts by its day; a data date after today is not "negative days old".
    expect(dataAge(["2026-12-09"], "2026-12-07T23:00:00Z")).toMatchObject({ age_days: 0, old: false });
  });

  it("says nothing for fresh data, and for old data the date, its age, the rule and what to do", () => {
    const fresh = dataAge(["2026-12-01"], "2026-12-07");
    expect(dataAgeNotice(fresh)).toBeNull();
    expect(dataAgeHtml(fresh)).toBe("");
    expect(dataAgeMarkdown(fresh)).toBe("");
    expect(dataAgeHtml(null)).toBe("");

    const old = dataAge(["2026-10-02", "2026-10-02"], "2026-12-07") as DataAge;
    expect(dataAgeNotice(old)).toBe(
      "The deadline data on this page is from 2026-10-02, 66 days old on 2026-12-07 (we warn past 30 days, the age at which a source counts as out of date). Dates may have moved since: check the venue's own site before you submit.",
    );
    expect(dataAgeNotice(old, "on this board")).toContain("deadline data on this board is from 2026-10-02");
    const html = parseHTML(`<main>${dataAgeHtml(old)}</main>`).document;
    expect(html.querySelectorAll(".data-age-notice")).toHaveLength(1);
    expect(html.querySelector(".data-age-notice")?.textContent).toMatch(/^Old data: The deadline data/);
    expect(dataAgeMarkdown(old)).toMatch(
      /^> \*\*Old data:\*\* The deadline data on this page is from 2026-10-02/,
    );
    // Dates that differ: the span, and the oldest's age (what decides).
    const span = dataAge(["2026-10-02", "2026-07-01", "2026-08-22"], "2026-12-07") as DataAge;
    expect(dataAgeNotice(span)).toContain(
      "The deadline data on this page is from 2026-07-01 to 2026-10-02, the oldest 159 days old on 2026-12-07 (we warn",
    );
    expect(dataAgeNotice(span, "on this board", "zh")).toContain("2026-07-01 至 2026-10-02");
    // Fresh newest, old oldest: old.
    expect(dataAge(["2026-12-01", "2026-10-02"], "2026-12-07")?.old).toBe(true);
  });
});

describe("which source said a date, and as of when", () => {
  const sources = sourceDates([
    { id: "ccfddl", name: "ccfddl/ccf-deadlines", date: "2026-08-20" },
    {
      id: "reference",
      name: "Conference Partner (myhuiban.com) published daily snapshot",
      date: "2026-08-22",
    },
    { id: "mpc", name: "mpc-deadlines/mpc-deadlines.github.io", date: null },
  ]);

  it("names an announced deadline's source (short name) and the date of that source's data", () => {
    expect(provenanceText({ source: "ccfddl", estimated: false }, sources, "2026-08-22")).toBe(
      "source: ccfddl/ccf-deadlines, data of 2026-08-20",
    );
    expect(provenanceText({ source: "reference" }, sources, null)).toBe(
      "source: Conference Partner, data of 2026-08-22",
    );
    // Undated, or unknown to the manifest: named, never given a date.
    expect(provenanceText({ source: "mpc" }, sources, null)).toBe(
      "source: mpc-deadlines/mpc-deadlines.github.io",
    );
    expect(provenanceText({ source: "elsewhere" }, sources, null)).toBe("source: elsewhere");
    // In a Source cell, without the word.
    expect(sourceCellText({ source: "ccfddl" }, sources, null)).toBe(
      "ccfddl/ccf-deadlines, data of 2026-08-20",
    );
  });

  it("groups the dates shown together by where they come from, in one line", () => {
    const paper = { source: "ccfddl", estimated: false };
    expect(
      groupedProvenanceText(
        [
          { label: "Abstract", d: paper },
          { label: "Paper submission", d: paper },
        ],
        sources,
        null,
      ),
    ).toBe("Source of these dates: ccfddl/ccf-deadlines, data of 2026-08-20");
    const estimate = { source: null, estimated: true, based_on: [2025, 2026, 2027] };
    expect(
      groupedProvenanceText(
        [
          { label: "Abstract (round 1 of 4)", d: estimate },
          { label: "Paper submission (round 1 of 4)", d: estimate },
          { label: "Notification", d: { source: "reference" } },
        ],
        sources,
        "2026-08-22",
      ),
    ).toBe(
      "Abstract (round 1 of 4), Paper submission (round 1 of 4): estimated by Venue Directory from the 2025–2027 cycles, data as of 2026-08-22 · Notification: Conference Partner, data of 2026-08-22",
    );
    expect(groupedProvenanceText([], sources, null)).toBeNull();
  });

  it("says an estimate is ours, from which cycles, and the venue's data date", () => {
    expect(
      provenanceText({ source: null, estimated: true, based_on: [2024, 2025, 2026] }, sources, "2026-08-22"),
    ).toBe("estimated by Venue Directory from the 2024–2026 cycles, data as of 2026-08-22");
    expect(provenanceText({ source: null, estimated: true, based_on: [2026] }, sources, null)).toBe(
      "estimated by Venue Directory from the 2026 cycle",
    );
  });
});

// --- Over real HTTP, on sites built from the fixture ---------------------------------------------------------

const holder = asAccountHolder();
// The real server with its MCP endpoint and a real watchlist store, on the build clock.
const serving = {
  ...holder,
  overrides: { ...holder.overrides, mcp: createMcpHandler },
  watchlistStore: true,
};
const oldSite = servedSiteForFile("data-age-old", fixtureSnapshot({ dataAsOf: OLD_DATA }), serving);
const freshSite = servedSiteForFile("data-age-fresh", fixtureSnapshot(), serving);

async function get(served: () => ServedSite, path: string): Promise<string> {
  const res = await fetch(`${served().server.url}${path}`, { headers: ACCOUNT });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** A watchlist of two conferences, one with announced deadlines and one with an estimate only. */
async function watchlistPath(served: () => ServedSite): Promise<string> {
  const res = await fetch(`${served().server.url}/watchlists`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ conferences: ["101", "104"], journals: [] }),
  });
  expect(res.status).toBe(201);
  return `/watchlist?id=${((await res.json()) as { id: string }).id}`;
}

const PAGES = ["/", "/deadlines", "/conference/101", "/conference/104"];

const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/**
 * The page's notices, and whether the first one is at the top: nothing of the page's content comes before it
 * but its heading and subtitle.
 */
function notices(html: string) {
  const { document } = parseHTML(html);
  const main = document.querySelector("main") as Element;
  const found = [...main.querySelectorAll(".data-age-notice")];
  const first = found[0];
  const mainText = squash(main.textContent);
  const before = first ? mainText.slice(0, mainText.indexOf(squash(first.textContent))) : "";
  const heading = [...main.querySelectorAll("h1, h1 + .subtitle")]
    .map((e) => squash(e.textContent))
    .join(" ");
  return { count: found.length, text: squash(first?.textContent), atTop: squash(before) === heading };
}

describe("a site whose deadline data is 70 days old", () => {
  it("says so once, at the top of home, /deadlines, the watchlist and venue pages", async () => {
    for (const path of [...PAGES, await watchlistPath(oldSite)]) {
      const page = notices(await get(oldSite, path));
      expect(page.count, path).toBe(1);
      expect(page.atTop, path).toBe(true);
      expect(page.text, path).toContain(`from ${OLD_DATA}, 70 days old on ${TODAY}`);
      expect(page.text, path).toContain("we warn past 30 days");
    }
  });

  it("leads the Markdown rendition with the notice", async () => {
    const md = await get(oldSite, "/conference/101.md");
    const [title, notice] = md.split("\n\n");
    expect(title).toMatch(/^# TESTCONF/);
    expect(notice).toMatch(new RegExp(`^> \\*\\*Old data:\\*\\* .*from ${OLD_DATA}, 70 days old`));
    expect(md.match(/Old data/g)).toHaveLength(1);
  });

  it("names the source and data date of every deadline on the venue page and in its Markdown", async () => {
    const { document } = parseHTML(await get(oldSite, "/conference/101"));
    // The typed-deadline rows (other tables are cards on a phone too, the CORE history and acceptance rates).
    const rows = [...document.querySelectorAll("table.cards tbody tr[data-deadline]")];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(squash(row.querySelector('[data-label="Source"]')?.textContent)).toBe(
        `ccfddl/ccf-deadlines, data of ${OLD_DATA}`,
      );
    }
    // The first box's dates (abstract, paper, notification: all the tracker's) under one line right below it.
    expect(document.querySelector("#outlook + #outlook-sources")?.textContent).toBe(
      `Source of these dates: ccfddl/ccf-deadlines, data of ${OLD_DATA}.`,
    );

    const md = await get(oldSite, "/conference/101.md");
    const outlookSection = md.split("## Submission outlook\n\n")[1]?.split("\n\n")[0] ?? "";
    const bullets = outlookSection.split("\n").filter((line) => line.startsWith("- "));
    expect(bullets.length).toBeGreaterThan(0);
    for (const line of bullets)
      expect(line).toMatch(/\((source: ccfddl\/ccf-deadlines, data of|estimated by)/);
    const table = md.split("## Deadlines\n\n")[1]?.split("\n\n")[0] ?? "";
    expect(table.split("\n")[0]).toContain("| Source |");
    for (const line of table.split("\n").slice(2)) expect(line).toContain(`data of ${OLD_DATA}`);

    // An estimate says it is ours, with the cycles and the data date.
    const estimate = await get(oldSite, "/conference/104.md");
    expect(estimate).toMatch(
      new RegExp(`estimated by Venue Directory from the .* cycles?, data as of ${OLD_DATA}`),
    );
  });

  it("leads the download page with the data's age, not only the build time", async () => {
    const { document } = parseHTML(await get(oldSite, "/download"));
    const lead = squash(document.querySelector("#data-age")?.textContent);
    expect(lead).toMatch(
      new RegExp(
        `^Deadline data as of ${OLD_DATA}, 70 days old on ${TODAY} .*: older than 30 days, so its dates may have moved since\\.`,
      ),
    );
    expect(lead.indexOf("Deadline data")).toBeLessThan(lead.indexOf("built"));
  });
});

describe("a site whose deadline data is 5 days old", () => {
  it("shows no notice anywhere", async () => {
    for (const path of [...PAGES, "/download", "/conference/101.md", await watchlistPath(freshSite)]) {
      const text = await get(freshSite, path);
      expect(text, path).not.toContain("Old data");
      expect(text, path).not.toContain("data-age-notice");
    }
    const lead = squash(
      parseHTML(await get(freshSite, "/download")).document.querySelector("#data-age")?.textContent,
    );
    expect(lead).toMatch(new RegExp(`^Deadline data as of ${DATA_AS_OF}, 5 days old on ${TODAY} `));
    expect(lead).not.toContain("older than");
  });
});

describe("the MCP deadline board", () => {
  const sessions: McpSession[] = [];
  let oldBoard: McpSession;
  let freshBoard: McpSession;
  beforeAll(async () => {
    oldBoard = await connectMcp(oldSite().server.url, ACCOUNT);
    freshBoard = await connectMcp(freshSite().server.url, ACCOUNT);
    sessions.push(oldBoard, freshBoard);
  });
  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.close()));
  });

  const call = async (session: McpSession) => {
    const result = await session.client.callTool({ name: "show_deadline_board", arguments: {} });
    expect(result.isError ?? false).toBe(false);
    const [first] = result.content as { text: string }[];
    return {
      data: result.structuredContent as { data_age: Record<string, unknown> },
      text: first?.text ?? "",
    };
  };

  it("carries the old data's age and notice, and its text summary leads with it", async () => {
    const { data, text } = await call(oldBoard);
    expect(data.data_age).toMatchObject({ data_as_of: OLD_DATA, today: TODAY, age_days: 70, old: true });
    expect(data.data_age.notice).toContain(`deadline data on this board is from ${OLD_DATA}`);
    expect(text.split("\n")[0]).toMatch(/^Old data: /);
    expect(text.match(/Old data/g)).toHaveLength(1);
  });

  it("says nothing of fresh data", async () => {
    const { data, text } = await call(freshBoard);
    expect(data.data_age).toMatchObject({ data_as_of: DATA_AS_OF, age_days: 5, old: false, notice: null });
    expect(text).not.toContain("Old data");
  });
});
