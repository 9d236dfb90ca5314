/**
 * The built site, from a small fixture snapshot: venue pages and their Markdown renditions, the absence of any
 * official website, feeds read back with real parsers, discovery files and the sitemap.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESEARCH_FIELDS } from "../../snapshot/records.ts";
import { type BuiltSite, buildSite } from "./build-site.ts";
import { listFiles, page, readText, servedFile } from "./dist-files.ts";
import {
  BASE_URL,
  BUILD_NOW,
  DATA_AS_OF,
  FILLER_COUNT,
  FORBIDDEN_URLS,
  fixtureSnapshot,
  PAST_PAPER,
  SECCONF_CAMERA,
  SECCONF_PAPER,
  TESTCONF_ABSTRACT,
  TESTCONF_PAPER,
} from "./fixture.ts";

const ENV = { BUILD_NOW, PUBLIC_BASE_URL: BASE_URL };
/** What a reader reads: the page's text without its tags (every date is a `<time>`, kept on one line on a phone). */
const readable = (html: string) => html.replace(/<[^>]*>/g, "");

let site: BuiltSite;
/** A second build from a changed snapshot (an added venue, rows in another order, a later generation time). */
let rebuilt: BuiltSite;

beforeAll(async () => {
  site = await buildSite("main", fixtureSnapshot(), ENV);
  rebuilt = await buildSite(
    "changed",
    fixtureSnapshot({ changed: true, generatedAt: "2099-01-09T18:00:00Z" }),
    ENV,
  );
  console.log(`fixture site built in ${site.seconds.toFixed(1)} s and ${rebuilt.seconds.toFixed(1)} s`);
});

afterAll(async () => {
  for (const built of [site, rebuilt]) if (built) await rm(built.root, { recursive: true, force: true });
});

const fixture = fixtureSnapshot();

describe("venue pages", () => {
  it("exist as HTML and Markdown for every conference and journal", () => {
    for (const row of fixture.conferences) {
      expect(servedFile(site.dist, `/conference/${row.id}`), `conference ${row.id}`).toMatch(
        /conference\/\d+\.html$/,
      );
      expect(page(site.dist, `/conference/${row.id}.md`)).toContain(`# ${row.short_name} — ${row.full_name}`);
    }
    for (const row of fixture.journals) {
      expect(servedFile(site.dist, `/journal/${row.id}`), `journal ${row.id}`).toMatch(/journal\/\d+\.html$/);
      expect(page(site.dist, `/journal/${row.id}.md`)).toContain(row.full_name);
    }
  });

  it("show the ranks side by side with the CORE history", () => {
    const html = page(site.dist, "/conference/101");
    const ranks = html.slice(
      html.indexOf('aria-label="Ranks"'),
      html.indexOf("</ul>", html.indexOf('aria-label="Ranks"')),
    );
    expect(ranks).toMatch(/CCF<\/span>\s*<span class="tier">A<\/span>/);
    expect(ranks).toMatch(/CORE<\/span>\s*<span class="tier">A\*<\/span>/);
    expect(ranks).toMatch(/QUALIS<\/span>\s*<span class="tier">A1<\/span>/);
    expect(html).toMatch(/CORE history[\s\S]*CORE2018[\s\S]*CORE2023[\s\S]*ICORE2026/);

    const md = page(site.dist, "/conference/101.md");
    expect(md).toContain("| A (CCF2022) | A* (ICORE2026) | A1 (QUALIS2017-2020) |");
    expect(md).toMatch(/\| CORE2018 \| A \|\n\| CORE2023 \| A\* \|\n\| ICORE2026 \| A\* \|/);
  });

  it("show each typed deadline as published, in UTC, and with its anchor", () => {
    const html = page(site.dist, "/conference/101");
    for (const [d, anchor] of [
      [TESTCONF_ABSTRACT, "deadline-2099-abstract-1"],
      [TESTCONF_PAPER, "deadline-2099-paper-1"],
    ] as const) {
      const row = html.slice(
        html.indexOf(`id="${anchor}"`),
        html.indexOf("</tr>", html.indexOf(`id="${anchor}"`)),
      );
      expect(row).toContain(`${d.date} ${d.time} ${d.timezone}`);
      expect(row).toContain(`<time datetime="${d.utc}">`);
      expect(row).toContain(`${d.utc?.slice(0, 10)} ${d.utc?.slice(11, 16)} UTC`);
    }
    expect(html).toContain('id="deadline-2099-notification-1"');
    const notification = html.slice(
      html.indexOf('id="deadline-2099-notification-1"'),
      html.indexOf("</tr>", html.indexOf('id="deadline-2099-notification-1"')),
    );
    expect(notification).toContain('<time datetime="2099-02-25">2099-02-25</time>');
    expect(readable(notification)).toContain("2099-02-25 (time not stated)");

    const md = page(site.dist, "/conference/101.md");
    expect(md).toContain("| 2099 | Abstract | 2099-01-15 23:59:59 AoE | 2099-01-16 11:59 UTC |");
    expect(md).toContain("| 2099 | Paper | 2099-01-20 23:59:59 UTC-8 | 2099-01-21 07:59 UTC |");
    expect(md).toContain("| 2099 | Notification | 2099-02-25 (time not stated) | — |");
    // The past edition is history, not a current deadline; every date names its source and that source's data date.
    expect(md).toContain(
      `| 2098 | May 1-4, 2098 | Porto, Portugal | Paper ${PAST_PAPER.date} 23:59:59 AoE (source: ccfddl/ccf-deadlines, data of ${DATA_AS_OF}) |`,
    );
  });

  it("head the page with the outlook's next submission deadline, never a notification or a past conference", () => {
    const box = (id: string) => {
      const html = page(site.dist, `/conference/${id}`);
      return html.slice(
        html.indexOf('class="next-call"'),
        html.indexOf("</section>", html.indexOf('class="next-call"')),
      );
    };
    const open = box("101");
    expect(open).toContain("state-open");
    expect(open).toMatch(
      /class="next-when"><span class="deadline" data-deadline="2099-01-16T11:59:59Z"><strong>Abstract<\/strong>/,
    );
    expect(readable(open)).toContain("Conference 2099: 10 May 2099 – 13 May 2099 · Lisbon, Portugal");
    expect(readable(open)).toContain("Other dates of this cycle: Notification 2099-02-25");
    expect(open.slice(0, open.indexOf("Other dates"))).not.toContain("Notification");
    const estimated = box("104");
    expect(readable(estimated)).toMatch(
      /Paper submission[\s\S]*estimated[\s\S]*around \d+ Feb 2099 \(window/,
    );
    // Its 2098 conference (1 Jul 2098, Vienna) took place: never shown as the cycle's conference.
    expect(estimated).not.toContain("Jul 2098");
    expect(estimated).not.toMatch(/vienna/i);
    expect(estimated).toContain("Dates of the 2099 conference not known yet");
    expect(box("103")).toContain("No submission deadline is known");

    const md = page(site.dist, "/conference/104.md");
    expect(md).toMatch(
      /- Next submission deadline: Paper submission, 2099 cycle: estimated, not yet announced, around \d+ Feb 2099/,
    );
    expect(page(site.dist, "/conference/101.md")).toContain(
      "- Next submission deadline: Abstract, 2099 cycle: 2099-01-15 23:59:59 AoE = 2099-01-16 11:59 UTC",
    );
  });

  it("chart the acceptance history and credit a cited rate to its importer", () => {
    const html = page(site.dist, "/conference/101");
    expect(html).toMatch(
      /<figure class="chart">\s*<svg[^>]*aria-label="Acceptance rate of TESTCONF by year"/,
    );
    const md = page(site.dist, "/conference/101.md");
    expect(md).toContain("| 2097 | main | 500 | 100 | 20.0 % | ccfddl/ccf-deadlines |");
    expect(md).toContain("| 2098 | main | 600 | 108 | 18.0 % | lixin4ever/Conference-Acceptance-Rate |");
  });

  it("break down cp_index by factor", () => {
    const md = page(site.dist, "/conference/101.md");
    expect(md).toContain("cp_index: 81.5 / 100, confidence 0.90, version cp-2; recognition 100 × 0.35");
    expect(md).toContain("longevity 50 × 0.15 (unknown, neutral)");
    expect(page(site.dist, "/conference/102.md")).toContain("cp_index: not scored");
  });

  it("show journal metrics attributed to SCImago and special issues without their pages", () => {
    const html = page(site.dist, "/journal/201");
    expect(html).toContain("SCImago Journal &amp; Country Rank");
    expect(html).toMatch(/<svg[^>]*aria-label="SJR of JTEST by year"/);
    const md = page(site.dist, "/journal/201.md");
    expect(md).toContain("| 2021 | 2.1 | Q1 | 42 | 3.4 |");
    expect(md).toContain("Metrics: SCImago Journal & Country Rank.");
    expect(md).toContain(
      "| Special Issue on Open Testing | 1 Mar 2099 | open | Ada Lovelace (Analytical Engines) |",
    );
    expect(md).toContain("| Special Issue on Past Testing | 1 Mar 2098 | closed | — |");
  });

  it("credit only the sources that contributed, and link the reference page where the venue has one", () => {
    const md101 = page(site.dist, "/conference/101.md");
    expect(md101).toContain("- Conference Partner (myhuiban.com): https://www.myhuiban.com/conference/9001");
    expect(md101).toContain("lixin4ever/Conference-Acceptance-Rate (MIT)");
    expect(md101).not.toContain("SCImago");
    expect(page(site.dist, "/conference/101")).toContain('href="https://www.myhuiban.com/conference/9001"');
    expect(page(site.dist, "/journal/201")).toContain('href="https://www.myhuiban.com/journal/7001"');

    const md102 = page(site.dist, "/conference/102.md");
    expect(md102).toContain("ccfddl/ccf-deadlines (MIT)");
    expect(md102).not.toContain("myhuiban.com");
    expect(md102).not.toContain("lixin4ever");
  });

  it("list related venues of the same field", () => {
    const md = page(site.dist, "/conference/101.md");
    expect(md).toContain(`[TWINCONF](${BASE_URL}/conference/104)`);
    expect(md).toContain(`[JTEST](${BASE_URL}/journal/201)`);
    expect(md).not.toContain("/conference/102)");
  });
});

describe("no official website anywhere", () => {
  it("appears in any file of the build", () => {
    const files = listFiles(site.dist);
    expect(files.length).toBeGreaterThan(2 * (fixture.conferences.length + fixture.journals.length));
    for (const file of files) {
      const text = readText(join(site.dist, file));
      for (const url of FORBIDDEN_URLS) {
        expect(text.includes(url.replace(/^https?:\/\//, "")), `${url} in ${file}`).toBe(false);
      }
    }
  });
});

/** A deadline's instant computed from its published zone, independently of the snapshot's `utc`. */
function instantFromZone(date: string, time: string, zone: string): string {
  const local = Date.parse(`${date}T${time}Z`);
  if (zone === "AoE") return new Date(local + 12 * 3600_000).toISOString();
  const offset = zone.match(/^UTC([+-])(\d{1,2})$/);
  if (offset) return new Date(local - Number(`${offset[1]}${offset[2]}`) * 3600_000).toISOString();
  // An IANA zone: its offset at that moment, read from Intl.
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(new Date(local))
    .find((p) => p.type === "timeZoneName")?.value;
  const [, sign = "+", hours = "0", minutes = "0"] = name?.match(/GMT([+-])(\d{2}):(\d{2})/) ?? [];
  return new Date(local - Number(`${sign}1`) * (Number(hours) * 60 + Number(minutes)) * 60_000).toISOString();
}

function calendar(dist: string, path: string) {
  const text = page(dist, path);
  const events = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
  return { text, events };
}

describe("iCalendar feeds", () => {
  it("hold one event per upcoming submission deadline, at the instant of its published zone, estimates tentative", () => {
    const { events } = calendar(site.dist, "/feeds/deadlines.ics");
    const byUid = new Map(events.map((e) => [e.uid, e]));
    // Submission deadlines only: TESTCONF's notification and SECCONF's camera-ready are not events.
    expect([...byUid.keys()].sort()).toEqual(
      [
        "101-2099-abstract-1@venue-directory",
        "101-2099-paper-1@venue-directory",
        "102-2099-paper-1@venue-directory",
        "104-2099-paper-1@venue-directory",
      ].sort(),
    );
    for (const [uid, d] of [
      ["101-2099-abstract-1@venue-directory", TESTCONF_ABSTRACT],
      ["101-2099-paper-1@venue-directory", TESTCONF_PAPER],
      ["102-2099-paper-1@venue-directory", SECCONF_PAPER],
    ] as const) {
      const event = byUid.get(uid);
      expect(event?.datetype, uid).toBe("date-time");
      expect(event?.start.toISOString().replace(".000", ""), uid).toBe(
        instantFromZone(d.date, d.time as string, d.timezone as string).replace(".000", ""),
      );
      expect(event?.dtstamp?.toISOString()).toBe("2099-01-09T06:00:00.000Z");
    }
    const estimate = byUid.get("104-2099-paper-1@venue-directory");
    expect(estimate?.datetype).toBe("date");
    expect(estimate?.status).toBe("TENTATIVE");
    expect(estimate?.summary).toContain("estimated");
    expect(estimate?.description).toMatch(/window \d+ Feb 2099 – \d+ Feb 2099/);
    expect(page(site.dist, "/feeds/deadlines.ics")).toContain("DTSTART;VALUE=DATE:20990214");
    expect(SECCONF_CAMERA.type).toBe("camera_ready");
  });

  it("are RFC 5545 text: CRLF line ends and lines folded at 75 octets", () => {
    const { text } = calendar(site.dist, "/feeds/deadlines.ics");
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    const lines = text.split("\r\n");
    for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    // Long descriptions were folded: continuation lines start with one space.
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    expect(lines.filter((l) => l.startsWith("DTSTAMP:")).length).toBe(
      lines.filter((l) => l === "BEGIN:VEVENT").length,
    );
  });

  it("exist per field and per rank tier, each holding only its venues", () => {
    for (const field of RESEARCH_FIELDS)
      expect(servedFile(site.dist, `/feeds/fields/${field}.ics`), field).not.toBeNull();
    const uids = (path: string) => calendar(site.dist, path).events.map((e) => e.uid.split("-")[0]);
    expect(new Set(uids("/feeds/fields/ai.ics"))).toEqual(new Set(["101", "104"]));
    expect(new Set(uids("/feeds/fields/security.ics"))).toEqual(new Set(["102"]));
    expect(uids("/feeds/fields/bio.ics")).toEqual([]);
    expect(new Set(uids("/feeds/ranks/ccf-a.ics"))).toEqual(new Set(["101", "104"]));
    expect(new Set(uids("/feeds/ranks/ccf-b.ics"))).toEqual(new Set(["102"]));
    expect(new Set(uids("/feeds/ranks/core-astar.ics"))).toEqual(new Set(["101"]));
    expect(new Set(uids("/feeds/ranks/qualis-b1.ics"))).toEqual(new Set(["102"]));
  });

  it("keep every UID and instant across builds of a changed snapshot", () => {
    const before = calendar(site.dist, "/feeds/deadlines.ics").events;
    const after = new Map(calendar(rebuilt.dist, "/feeds/deadlines.ics").events.map((e) => [e.uid, e]));
    expect(after.size).toBe(before.length + 1);
    expect(after.has("105-2099-paper-1@venue-directory")).toBe(true);
    for (const event of before) {
      expect(after.get(event.uid)?.start.getTime(), event.uid).toBe(event.start.getTime());
      expect(after.get(event.uid)?.summary).toBe(event.summary);
    }
  });
});

describe("RSS feed", () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === "item" || name === "category",
  });

  it("lists the submission deadlines due in the next 30 days, ranks in the titles, never a notification", () => {
    const rss = parser.parse(page(site.dist, "/feeds/deadlines.xml"));
    expect(rss.rss["@_version"]).toBe("2.0");
    const items: {
      title: string;
      link: string;
      guid: { "#text": string };
      pubDate: string;
      category: string[];
    }[] = rss.rss.channel.item;
    expect(items.map((i) => i.title)).toEqual([
      "TESTCONF 2099 — Abstract [CCF A · CORE A* · QUALIS A1]",
      "SECCONF 2099 — Paper submission [CCF B · QUALIS B1]",
    ]);
    expect(items.map((i) => i.link)).toEqual([
      `${BASE_URL}/conference/101#deadline-2099-abstract-1`,
      `${BASE_URL}/conference/102#deadline-2099-paper-1`,
    ]);
    for (const item of items) {
      expect(item.guid["#text"]).toBe(item.link);
      // The day the round was announced (a first build: its source's data date), not the build time.
      expect(new Date(item.pubDate).toISOString()).toBe("2099-01-05T00:00:00.000Z");
      expect(item.category).not.toContain("notification");
    }
  });
});

describe("home page", () => {
  it("links every feed from its head and lists the next submission deadlines", () => {
    const html = page(site.dist, "/");
    const alternates = [...html.matchAll(/<link rel="alternate" type="([^"]+)" href="([^"]+)"/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(alternates).toContainEqual(["application/rss+xml", "/feeds/deadlines.xml"]);
    expect(alternates).toContainEqual(["text/calendar", "/feeds/deadlines.ics"]);
    expect(alternates).toContainEqual(["text/calendar", "/feeds/fields/ai.ics"]);
    expect(alternates).toContainEqual(["text/calendar", "/feeds/ranks/core-astar.ics"]);
    for (const [, href] of alternates) expect(servedFile(site.dist, href as string), href).not.toBeNull();
    expect(html).toMatch(/data-deadline="2099-01-16T11:59:59Z"[\s\S]*data-deadline="2099-01-21T07:59:59Z"/);
    expect(html).not.toContain('data-deadline="2099-02-25'); // notifications are not submission deadlines
  });

  it("loads nothing from another host", () => {
    for (const path of ["/", "/conference/101", "/journal/201", "/statistics", "/api-docs"]) {
      const html = page(site.dist, path);
      const loaded = [
        ...html.matchAll(
          /<(?:script|img|iframe)[^>]*\ssrc="([^"]+)"|<link[^>]*rel="(?:stylesheet|preload|icon)"[^>]*href="([^"]+)"/g,
        ),
      ];
      for (const match of loaded) expect(match[1] ?? match[2], path).toMatch(/^\//);
    }
  });

  it("offers webcal subscriptions on the feeds page", () => {
    expect(page(site.dist, "/feeds")).toContain('href="webcal://venues.test/feeds/ranks/ccf-a.ics"');
  });
});

describe("ranking and statistics pages", () => {
  it("list the venues of each tier and the open calls", () => {
    expect(page(site.dist, "/rankings/ccf-a")).toMatch(
      /href="\/conference\/101"[\s\S]*href="\/conference\/104"[\s\S]*href="\/journal\/201"/,
    );
    const open = page(site.dist, "/rankings/open-calls");
    expect(open).toContain('href="/conference/101"');
    expect(open).not.toContain('href="/conference/103"'); // its submission date has passed
    expect(open).toContain("Special Issue on Open Testing");
    expect(open).not.toContain("Special Issue on Past Testing");
  });

  it("draw the statistics as SVG with the data as tables", () => {
    const html = page(site.dist, "/statistics");
    expect(html.match(/<figure class="chart">\s*<svg/g)?.length).toBe(7);
    // Fields by their names, never their codes.
    expect(html).toContain(`<td>Theoretical computer science</td><td class="num">${FILLER_COUNT}</td>`);
  });
});

describe("discovery files", () => {
  it("llms.txt describes the service with working links", () => {
    const text = page(site.dist, "/llms.txt");
    expect(text.startsWith("# Venue Directory\n\n> ")).toBe(true);
    for (const needle of [
      "POST, Streamable HTTP",
      "Authorization: Bearer",
      "claude mcp add",
      "mcpServers",
      '"servers"',
      "show_deadline_board is an MCP App",
      "ui://venue-directory/deadline-board.html",
    ]) {
      expect(text).toContain(needle);
    }
    const links = [...text.matchAll(/\]\((https?:[^)\s]+)\)/g)].map((m) => m[1] as string);
    expect(links.length).toBeGreaterThan(15);
    for (const link of links) {
      expect(link.startsWith(BASE_URL), link).toBe(true);
      const path = new URL(link).pathname;
      // API paths are served by the server, snapshot files from the snapshot; everything else from the build.
      if (!path.startsWith("/api/") && !path.startsWith("/snapshots/")) {
        expect(servedFile(site.dist, path), link).not.toBeNull();
      }
    }
    for (const path of [
      "/api/conferences",
      "/api/journals/rankings/{ranking}",
      "/api/statistics",
      "/api/login",
    ]) {
      expect(text).toContain(path);
    }
  });

  it("llms-full.txt adds every parameter and the authentication reference", () => {
    const full = page(site.dist, "/llms-full.txt");
    expect(full).toContain("`submission_date_start` (query");
    expect(full).toContain("### Authentication, quotas and errors");
    expect(full.length).toBeGreaterThan(page(site.dist, "/llms.txt").length);
  });

  it("auth.md is docs/auth.md", () => {
    expect(page(site.dist, "/auth.md")).toBe(readText(join(import.meta.dirname, "../../docs/auth.md")));
  });

  it("the API catalog is an RFC 9727 linkset", () => {
    const catalog = JSON.parse(page(site.dist, "/.well-known/api-catalog"));
    expect(catalog.linkset).toHaveLength(1);
    const [entry] = catalog.linkset;
    expect(entry.anchor).toBe(`${BASE_URL}/api`);
    expect(entry["service-desc"][0].href).toBe(`${BASE_URL}/api/openapi.json`);
    expect(entry["service-doc"][0].href).toBe(`${BASE_URL}/api-docs`);
    expect(entry.status[0].href).toBe(`${BASE_URL}/api/statistics`);
    expect(servedFile(site.dist, new URL(entry["service-doc"][0].href).pathname)).not.toBeNull();
  });

  it("the sitemap lists every page, each served by the build", () => {
    const parsed = new XMLParser({ isArray: (name) => name === "url" }).parse(
      page(site.dist, "/sitemap.xml"),
    );
    const urls: { loc: string; lastmod?: string }[] = parsed.urlset.url;
    const locs = urls.map((u) => u.loc);
    for (const row of fixture.conferences) expect(locs).toContain(`${BASE_URL}/conference/${row.id}`);
    for (const row of fixture.journals) expect(locs).toContain(`${BASE_URL}/journal/${row.id}`);
    expect(locs).toContain(`${BASE_URL}/`);
    for (const loc of locs) expect(servedFile(site.dist, new URL(loc).pathname), loc).not.toBeNull();
    for (const url of urls) if (url.lastmod) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(page(site.dist, "/robots.txt")).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
  });

  it("the download page lists every public snapshot file with its checksum", () => {
    const html = page(site.dist, "/download");
    const manifest = JSON.parse(readText(join(site.snapshotsDir, "latest", "manifest.json")));
    for (const file of manifest.files) {
      expect(html).toContain(`href="/snapshots/latest/${file.name}"`);
      expect(html).toContain(file.sha256);
    }
    expect(html).toContain("at most one request per second");
  });
});
