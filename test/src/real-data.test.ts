/**
 * The whole site built from the real upstream data (failing when ../shared/data/upstream is absent): every
 * venue gets its page and rendition, no official website or cited venue URL leaks into any file, and every
 * calendar is valid RFC 5545 text. The build's time is printed, not asserted: speed targets live in the bench.
 */
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import ical from "node-ical";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CALENDARS } from "../../src/lib/calendar.ts";
import { describeOnRealUpstream } from "../helpers/upstream-builds.ts";
import { buildRealSite, type RealSite } from "./build-site.ts";
import { listFiles, page, readText, servedFile } from "./dist-files.ts";

const BASE_URL = "https://venues.example";
/** A URL reduced to host and path, the form both the details and the pages are compared in. */
const bare = (url: string) =>
  url
    .replace(/^https?:\/\//i, "")
    .replace(/\/+$/, "")
    .toLowerCase();

describeOnRealUpstream("the site built from the real data", () => {
  let site: RealSite;

  beforeAll(async () => {
    site = await buildRealSite("real", { PUBLIC_BASE_URL: BASE_URL });
    console.log(`real-data site: ${listFiles(site.dist).length} files built in ${site.seconds.toFixed(1)} s`);
  }, 600_000);

  afterAll(async () => {
    if (site) await rm(site.root, { recursive: true, force: true });
  });

  const json = (name: string) => JSON.parse(readFileSync(join(site.snapshotDir, name), "utf8"));

  it("gives every venue its page and Markdown rendition", () => {
    for (const { id } of json("conferences.json").conferences) {
      expect(servedFile(site.dist, `/conference/${id}`), `conference ${id}`).not.toBeNull();
      expect(servedFile(site.dist, `/conference/${id}.md`), `conference ${id}.md`).not.toBeNull();
    }
    for (const { id } of json("journals.json").journals) {
      expect(servedFile(site.dist, `/journal/${id}`), `journal ${id}`).not.toBeNull();
      expect(servedFile(site.dist, `/journal/${id}.md`), `journal ${id}.md`).not.toBeNull();
    }
  });

  it("says no .md's outlook is passed or closed beside a next deadline still ahead", () => {
    const conferences = json("conferences.json").conferences as { id: string }[];
    const contradicting = conferences.flatMap(({ id }) => {
      const md = readText(servedFile(site.dist, `/conference/${id}.md`) as string);
      const next = /^- Next submission deadline: (.*)$/m.exec(md)?.[1] ?? "";
      const outlook = /^- Outlook: (.*)$/m.exec(md)?.[1] ?? "";
      // "No submission deadline is known…" or "This cycle's rounds have passed…" when there is none.
      const ahead = next !== "" && !/^No submission deadline|^This cycle's rounds have passed/.test(next);
      return ahead && /unconfirmed|closed/.test(outlook) ? [`${id}: ${outlook}`] : [];
    });
    expect(contradicting).toEqual([]);
  });

  it("prints no official website, special-issue page or venue URL cited as an acceptance source", () => {
    const details = json("details.json");
    const sourceRepos = new Set(json("manifest.json").sources.map((s: { repo: string }) => bare(s.repo)));
    const forbidden = new Set<string>();
    for (const venue of [...details.conferences, ...details.journals])
      if (venue.website) forbidden.add(bare(venue.website));
    for (const journal of details.journals) {
      for (const issue of journal.special_issues) if (issue.url) forbidden.add(bare(issue.url));
    }
    for (const conference of details.conferences) {
      for (const row of conference.acceptance) {
        // Citations of the source repositories themselves are credited by name and may appear.
        if (/^https?:/.test(row.source) && !sourceRepos.has(bare(row.source)))
          forbidden.add(bare(row.source));
      }
    }
    expect(forbidden.size).toBeGreaterThan(100);
    const leaks: string[] = [];
    for (const file of listFiles(site.dist)) {
      for (const [url] of readText(join(site.dist, file)).matchAll(/https?:\/\/[^\s"'<>)\]|`]+/gi)) {
        const found = bare(url.replace(/[.,;:]+$/, ""));
        if (forbidden.has(found)) leaks.push(`${file}: ${url}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("says a call without a deadline has none, never that it closed (journal 762)", () => {
    const { document } = parseHTML(page(site.dist, "/journal/762"));
    const rows = [...document.querySelectorAll('section[aria-labelledby="special-issues"] tbody tr')].map(
      (tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? ""),
    );
    const undated = rows.filter(([, deadline]) => deadline === "—");
    // Information and Organization has two calls without a deadline in the snapshot.
    expect(undated.length).toBeGreaterThanOrEqual(2);
    for (const [title, , status] of undated) expect(status, title).toBe("no deadline given");
    const md = page(site.dist, "/journal/762.md");
    expect(md).toContain("no deadline given");
  });

  it("names in a journal page's data age the sources behind it, SCImago's included, no conference tracker", () => {
    const { document } = parseHTML(page(site.dist, "/journal/1"));
    const age = document.querySelector("footer .data-age")?.textContent?.trim() ?? "";
    expect(age).toMatch(/^Data age of what this page shows: /);
    expect(age).toContain("SCImago");
    expect(age).toContain("Conference Partner");
    for (const tracker of [
      "ccfddl",
      "huggingface",
      "csconferences",
      "lixin4ever",
      "OpenAccept",
      "mpc-deadlines",
    ])
      expect(age, tracker).not.toContain(tracker);
    // A conference page still names the site's out-of-date sources, trackers included.
    const conference = parseHTML(page(site.dist, "/conference/1")).document;
    expect(conference.querySelector("footer .data-age")?.textContent ?? "").toContain("ccfddl");
  });

  it("writes every calendar as valid RFC 5545 text", () => {
    const calendars = listFiles(site.dist).filter((f) => f.endsWith(".ics"));
    const english = calendars.filter((f) => !f.startsWith("zh/"));
    // Every calendar has its Chinese twin under zh/ (the same events, words in Chinese).
    expect(
      calendars
        .filter((f) => f.startsWith("zh/"))
        .map((f) => f.slice("zh/".length))
        .sort(),
    ).toEqual(english.sort());
    const venueCalendars = english.filter((f) => f.startsWith("conference/"));
    const feeds = english.filter((f) => !f.startsWith("conference/"));
    expect(feeds.map((f) => `/${f}`).sort()).toEqual(CALENDARS.map((c) => c.path).sort());
    // One "add to calendar" file per conference page.
    const pages = listFiles(site.dist).filter((f) => /^conference\/\d+\.html$/.test(f));
    expect(venueCalendars.map((f) => f.replace(".ics", "")).sort()).toEqual(
      pages.map((f) => f.replace(".html", "")).sort(),
    );
    for (const file of calendars) {
      const text = readText(join(site.dist, file));
      expect(text.replaceAll("\r\n", ""), file).not.toMatch(/[\r\n]/);
      for (const line of text.split("\r\n"))
        expect(Buffer.byteLength(line), `${file}: ${line}`).toBeLessThanOrEqual(75);
      const events = Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === "VEVENT");
      const uids = text.match(/^UID:.*$/gm) ?? [];
      expect(events.length, file).toBe(uids.length);
      expect(new Set(uids).size, `${file}: duplicate UIDs`).toBe(uids.length);
    }
  });
});
