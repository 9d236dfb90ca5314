import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  buildDeadline,
  deadlineType,
  editionDates,
  isPlaceholderDate,
  parseDateRange,
  parseLocalDateTime,
  toUtcInstant,
  zoneRule,
} from "../../../pipeline/normalize/dates.ts";
import { itMaps } from "../../helpers/maps.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

describe("parseDateRange", () => {
  it.each([
    ["February 22 - March 1, 2022", "2022-02-22", "2022-03-01"],
    ["January 20 - 27, 2026", "2026-01-20", "2026-01-27"],
    ["April 6-9, 2027", "2027-04-06", "2027-04-09"],
    ["Dec. 5-9, 2025", "2025-12-05", "2025-12-09"],
    ["July 28 - August 1 2025", "2025-07-28", "2025-08-01"],
    ["May 03, 2027", "2027-05-03", "2027-05-03"],
    ["29 June - 3 July, 2026", "2026-06-29", "2026-07-03"],
    ["January 31 - 4 February, 2026", "2026-01-31", "2026-02-04"],
    ["August 30 - Septemper 1, 2024", "2024-08-30", "2024-09-01"],
    ["Sept 26-29, 2023", "2023-09-26", "2023-09-29"],
    ["September 29 to October 2, 2026", "2026-09-29", "2026-10-02"],
    ["August 24\u201326, 2026", "2026-08-24", "2026-08-26"],
    ["March, 30 - April 3, 2026", "2026-03-30", "2026-04-03"],
    ["February 07-10 , 2022", "2022-02-07", "2022-02-10"],
    ["FEBRUARY 20-23, 2023", "2023-02-20", "2023-02-23"],
    ["Feb 25-Mar 01, 2023", "2023-02-25", "2023-03-01"],
    ["December 28, 2026 - January 2, 2027", "2026-12-28", "2027-01-02"],
    ["December 28 - January 2, 2027", "2026-12-28", "2027-01-02"],
  ])("%s", (text, start, end) => {
    expect(parseDateRange(text)).toEqual({ start, end });
  });

  it("takes the year from the edition when the text has none", () => {
    expect(parseDateRange("November 30 - December 3", 2026)).toEqual({
      start: "2026-11-30",
      end: "2026-12-03",
    });
    expect(parseDateRange("December 28 - January 2", 2027)).toEqual({
      start: "2026-12-28",
      end: "2027-01-02",
    });
    expect(parseDateRange("April 6-9", null)).toEqual({ start: null, end: null });
  });

  it("prefers the year written in the text over the hint", () => {
    expect(parseDateRange("April 6-9, 2027", 2020)).toEqual({ start: "2027-04-06", end: "2027-04-09" });
  });

  it.each([
    "TBD",
    "TBA",
    "To be announced",
    "Extended",
    "Dec, 2025",
    "March-April, 2025",
    "2027",
    "August 2027 (exact dates TBD)",
    "February 30, 2024",
    "May 10-5, 2024",
    "June 1 - 2 - 3, 2024",
    "Sixth of June 2024",
    "",
  ])("gives no dates for %j", (text) => {
    expect(parseDateRange(text, 2025)).toEqual({ start: null, end: null });
  });

  it("gives no dates for a missing text", () => {
    expect(parseDateRange(null, 2025)).toEqual({ start: null, end: null });
  });
});

/** editionDates(text, start, end, year) answers the range [start, end]. */
const expectEdition = (args: Parameters<typeof editionDates>, [start, end]: [string, string]) =>
  expect(editionDates(...args)).toEqual({ start, end });

describe("editionDates", () => {
  it("uses structured start/end when they are in the edition year", () => {
    expectEdition(["September, 19-22, 2023", "2023-10-08", "2023-10-11", 2023], ["2023-10-08", "2023-10-11"]);
    expectEdition(["April 2024", "2024-04-01", "2024-04-01", 2024], ["2024-04-01", "2024-04-01"]);
  });

  it("falls back to the text when start/end are inverted or in another year", () => {
    expectEdition(
      ["December 9 - December 15, 2024", "2024-12-09", "2023-12-15", 2024],
      ["2024-12-09", "2024-12-15"],
    );
    expectEdition(["May 4-8, 2026", "2025-05-04", "2025-05-08", 2026], ["2026-05-04", "2026-05-08"]);
  });

  it("keeps the only candidate even outside the edition year, and nulls when there is none", () => {
    expectEdition([null, "2025-06-03", "2025-06-07", 2026], ["2025-06-03", "2025-06-07"]);
    expect(editionDates("TBD", undefined, 42, 2026)).toEqual({ start: null, end: null });
  });
});

describe("parseLocalDateTime", () => {
  it("reads the trackers' formats", () => {
    expect(parseLocalDateTime("2024-05-01 23:59:59")).toEqual({ date: "2024-05-01", time: "23:59:59" });
    expect(parseLocalDateTime("2022-3-31 23:59:59")).toEqual({ date: "2022-03-31", time: "23:59:59" });
    expect(parseLocalDateTime("2022-10-15 00:00")).toEqual({ date: "2022-10-15", time: "00:00:00" });
    expect(parseLocalDateTime(" 2025-04-04 ")).toEqual({ date: "2025-04-04", time: null });
    expect(parseLocalDateTime("2024-05-01 24:00:00")).toEqual({ date: "2024-05-01", time: "24:00:00" });
  });

  it.each(["2023-02-30 12:00", "2024-05-01 25:00", "2024-05-01 24:30", "TBD", "01/05/2024", "2024-05-01 9"])(
    "rejects %j",
    (text) => {
      expect(parseLocalDateTime(text)).toBeNull();
    },
  );
});

describe("toUtcInstant", () => {
  it.each([
    // AoE and UTC-12 are the same zone.
    ["2026-07-28", "23:59:59", "UTC-12", "2026-07-29T11:59:59Z"],
    ["2026-07-28", "23:59:59", "AoE", "2026-07-29T11:59:59Z"],
    ["2024-04-28", "23:59:59", "UTC+8", "2024-04-28T15:59:59Z"],
    ["2022-01-10", "23:59:59", "GMT+8", "2022-01-10T15:59:59Z"],
    ["2025-03-01", "12:00:00", "UTC+5:30", "2025-03-01T06:30:00Z"],
    ["2024-11-14", "23:59:00", "UTC-08", "2024-11-15T07:59:00Z"],
    ["2026-07-25", "23:59:59", "GMT+02", "2026-07-25T21:59:59Z"],
    ["2024-01-23", "22:00:00", "GMT", "2024-01-23T22:00:00Z"],
    ["2024-01-23", "22:00:00", "UTC+0", "2024-01-23T22:00:00Z"],
    // PT follows daylight saving: UTC-8 in winter, UTC-7 in summer.
    ["2025-01-17", "17:00:00", "PT", "2025-01-18T01:00:00Z"],
    ["2025-07-10", "17:00:00", "PT", "2025-07-11T00:00:00Z"],
    ["2024-03-01", "23:59:59", "America/Los_Angeles", "2024-03-02T07:59:59Z"],
    ["2022-05-19", "13:00:00", "America/Los_Angeles", "2022-05-19T20:00:00Z"],
    // On the days the clocks change, the local noon is on the new offset.
    ["2025-03-09", "12:00:00", "America/Los_Angeles", "2025-03-09T19:00:00Z"],
    ["2025-11-02", "12:00:00", "America/Los_Angeles", "2025-11-02T20:00:00Z"],
    // PST and PDT name one offset each, whatever the season.
    ["2025-06-06", "23:59:59", "PST", "2025-06-07T07:59:59Z"],
    ["2022-06-10", "23:59:00", "PDT", "2022-06-11T06:59:00Z"],
    ["2022-03-07", "21:59:00", "CET", "2022-03-07T20:59:00Z"],
    ["2025-07-01", "12:00:00", "Europe/London", "2025-07-01T11:00:00Z"],
    ["2025-01-15", "12:00:00", "Europe/London", "2025-01-15T12:00:00Z"],
    ["2024-01-01", "00:00:00", "Asia/Seoul", "2023-12-31T15:00:00Z"],
    ["2026-06-15", "23:59:59", "Pacific/Honolulu", "2026-06-16T09:59:59Z"],
    ["2024-05-01", "24:00:00", "UTC", "2024-05-02T00:00:00Z"],
  ])("%s %s %s", (date, time, zone, utc) => {
    expect(toUtcInstant(date, time, zone)).toBe(utc);
  });

  it("reads a date without a time as the end of that local day", () => {
    expect(toUtcInstant("2025-04-04", null, "AoE")).toBe("2025-04-05T11:59:59Z");
    expect(toUtcInstant("2025-07-01", null, "PT")).toBe("2025-07-02T06:59:59Z");
  });

  it("gives no instant for a missing or unknown zone", () => {
    expect(toUtcInstant("2025-04-04", "12:00:00", null)).toBeNull();
    expect(toUtcInstant("2025-04-04", "12:00:00", "Mars/Olympus_Mons")).toBeNull();
    expect(toUtcInstant("2025-04-04", "12:00:00", "CST")).toBeNull();
    expect(toUtcInstant("2025-04-04", "12:00:00", "UTC+15")).toBeNull();
    expect(toUtcInstant("2025-02-30", "12:00:00", "UTC")).toBeNull();
  });
});

describe("zoneRule", () => {
  it("tells fixed offsets from named zones", () => {
    expect(zoneRule("AoE")).toEqual({ kind: "offset", minutes: -720 });
    expect(zoneRule("utc-3")).toEqual({ kind: "offset", minutes: -180 });
    expect(zoneRule("UTC+05:45")).toEqual({ kind: "offset", minutes: 345 });
    expect(zoneRule("PT")).toEqual({ kind: "iana", name: "America/Los_Angeles" });
    expect(zoneRule("America/New_York")).toEqual({ kind: "iana", name: "America/New_York" });
    expect(zoneRule("EST5EDT")).toBeNull();
  });
});

describe("deadline records", () => {
  itMaps(
    deadlineType,
    [
      ["abstract", "abstract"],
      ["paper", "paper"],
      ["submission", "paper"],
      ["supplementary", "supplementary"],
      ["rebuttal_start", "rebuttal"],
      ["rebuttal_and_revision", "rebuttal"],
      ["author_response", "rebuttal"],
      ["notification", "notification"],
      ["first-notification", "notification"],
      ["camera_ready", "camera_ready"],
      ["camera-ready", "camera_ready"],
      ["registration", "registration"],
      ["reviewer_registration", "other"],
      ["review_release", "other"],
      ["commitment_deadline", "other"],
    ],
    "types %s as %s",
  );

  it("builds a record with the zone as published and the exact instant", () => {
    expect(
      buildDeadline({
        type: "paper",
        label: "Paper submission deadline",
        when: "2026-07-28 23:59:59",
        timezone: " UTC-12 ",
        source: "ccfddl",
      }),
    ).toEqual({
      type: "paper",
      label: "Paper submission deadline",
      date: "2026-07-28",
      time: "23:59:59",
      timezone: "UTC-12",
      utc: "2026-07-29T11:59:59Z",
      source: "ccfddl",
    });
  });

  it("keeps an unknown zone's text and leaves the instant unset", () => {
    const deadline = buildDeadline({
      type: "paper",
      label: "paper",
      when: "2025-01-01",
      timezone: "IST",
      source: "x",
    });
    expect(deadline).toMatchObject({ date: "2025-01-01", time: null, timezone: "IST", utc: null });
  });

  it("refuses a date that is not one, and tells placeholders apart", () => {
    expect(
      buildDeadline({ type: "paper", label: "paper", when: "TBD", timezone: "AoE", source: "x" }),
    ).toBeNull();
    for (const text of ["TBD", "tba", "", "To be announced", "N/A"])
      expect(isPlaceholderDate(text)).toBe(true);
    for (const text of ["2025-01-01", "soon"]) expect(isPlaceholderDate(text)).toBe(false);
  });
});

/** Every zone string the three trackers publish, read straight from their YAML. */
function publishedZones(): Set<string> {
  const zones = new Set<string>();
  const add = (value: unknown) => typeof value === "string" && zones.add(value);
  const yamlList = (file: string): Record<string, unknown>[] => parse(readFileSync(file, "utf8")) ?? [];
  const ccfddl = join(REAL_UPSTREAM, "ccfddl/conference");
  for (const sub of readdirSync(ccfddl, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(join(ccfddl, sub.name)).filter((f) => f.endsWith(".yml"))) {
      for (const series of yamlList(join(ccfddl, sub.name, file))) {
        for (const conf of (series.confs as Record<string, unknown>[]) ?? []) add(conf.timezone);
      }
    }
  }
  const hf = join(REAL_UPSTREAM, "hf-ai-deadlines/data/conferences");
  for (const file of readdirSync(hf)) {
    for (const entry of yamlList(join(hf, file))) {
      add(entry.timezone);
      for (const deadline of (entry.deadlines as Record<string, unknown>[]) ?? []) add(deadline.timezone);
    }
  }
  for (const entry of yamlList(join(REAL_UPSTREAM, "pwc-ai-deadlines/conferences.yml"))) add(entry.timezone);
  return zones;
}

describeOnRealUpstream("zones in the real tracker data", () => {
  it("converts every zone published", () => {
    const zones = [...publishedZones()].sort();
    expect(zones).toEqual(
      [
        ...["AoE", "CET", "GMT", "GMT+1", "GMT+2", "GMT+02", "GMT+8", "PDT", "PST", "PT"],
        ...["UTC", "UTC+0", "UTC+02", "UTC+1", "UTC+10", "UTC+2", "UTC+3", "UTC+7", "UTC+8", "UTC+9"],
        ...["UTC-10", "UTC-11", "UTC-12", "UTC-3", "UTC-4", "UTC-5", "UTC-6", "UTC-7", "UTC-8", "UTC-08"],
        ...["America/Los_Angeles", "America/New_York", "Asia/Seoul", "Europe/London", "Europe/Luxembourg"],
        ...["Europe/Paris", "Pacific/Honolulu"],
      ].sort(),
    );
    expect(zones.filter((zone) => zoneRule(zone) === null)).toEqual([]);
  });
});
