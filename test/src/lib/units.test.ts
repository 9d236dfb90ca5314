/** The site's pure helpers: build settings, deadline wording and timing, rank tiers, Markdown nesting. */
import { describe, expect, it } from "vitest";
import { deadlineLabel, isUpcoming, publishedTime } from "../../../src/lib/deadlines.ts";
import { demoteHeadings } from "../../../src/lib/discovery.ts";
import { RANK_TIERS } from "../../../src/lib/ranks.ts";
import { readSettings } from "../../../src/lib/settings.ts";
import { SECCONF_PAPER, TESTCONF_ABSTRACT, TESTCONF_NOTIFICATION } from "../fixture.ts";

describe("readSettings", () => {
  it("defaults to the local server and ./snapshots/latest", () => {
    const s = readSettings({});
    expect(s.baseUrl).toBe("http://localhost:4321");
    expect(s.snapshotDir).toMatch(/\/snapshots\/latest$/);
  });

  it("drops a trailing slash and pins the clock", () => {
    const s = readSettings({ PUBLIC_BASE_URL: "https://v.example/", BUILD_NOW: "2099-01-10T00:00:00Z" });
    expect(s.baseUrl).toBe("https://v.example");
    expect(s.buildTime.toISOString()).toBe("2099-01-10T00:00:00.000Z");
  });

  it("names the variable at fault", () => {
    expect(() => readSettings({ PUBLIC_BASE_URL: "ftp://x" })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => readSettings({ BUILD_NOW: "soon" })).toThrow(/BUILD_NOW/);
  });
});

describe("deadlines", () => {
  it("are shown as published, with the zone or a note that none was given", () => {
    expect(publishedTime(TESTCONF_ABSTRACT)).toBe("2099-01-15 23:59:59 AoE");
    expect(publishedTime(SECCONF_PAPER)).toBe("2099-01-30 12:00 Europe/Berlin");
    expect(publishedTime(TESTCONF_NOTIFICATION)).toBe("2099-02-25 (time not stated)");
    expect(publishedTime({ ...SECCONF_PAPER, timezone: null })).toBe("2099-01-30 12:00 (zone not stated)");
  });

  it("use the published label only when it says more than the type", () => {
    expect(deadlineLabel(TESTCONF_ABSTRACT)).toBe("Abstract");
    expect(deadlineLabel({ ...TESTCONF_ABSTRACT, type: "camera_ready", label: "camera ready" })).toBe(
      "Camera ready",
    );
    expect(deadlineLabel({ ...TESTCONF_ABSTRACT, label: "Abstract registration (mandatory)" })).toBe(
      "Abstract registration (mandatory)",
    );
  });

  it("pass at their exact instant, or at the end of the day without one", () => {
    expect(isUpcoming(TESTCONF_ABSTRACT, new Date("2099-01-16T11:59:59Z"))).toBe(true);
    expect(isUpcoming(TESTCONF_ABSTRACT, new Date("2099-01-16T12:00:00Z"))).toBe(false);
    expect(isUpcoming(TESTCONF_NOTIFICATION, new Date("2099-02-25T23:00:00Z"))).toBe(true);
    expect(isUpcoming(TESTCONF_NOTIFICATION, new Date("2099-02-26T00:00:00Z"))).toBe(false);
  });
});

describe("rank tiers", () => {
  it("have one unique slug per system and tier", () => {
    const slugs = RANK_TIERS.map((t) => t.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toEqual(expect.arrayContaining(["ccf-a", "core-astar", "core-a", "qualis-a1", "qualis-c"]));
    expect(slugs.every((s) => /^[a-z0-9-]+$/.test(s))).toBe(true);
  });
});

describe("demoteHeadings", () => {
  it("nests headings but leaves fenced code alone", () => {
    const md = "# Title\n\n## Part\n\n```sh\n# a shell comment\n```\n";
    expect(demoteHeadings(md, 2)).toBe("### Title\n\n#### Part\n\n```sh\n# a shell comment\n```\n");
  });
});
