import ical from "node-ical";
import { describe, expect, it } from "vitest";
import { ALL_DEADLINES_CALENDAR, calendarText, upcomingEstimates } from "../../src/lib/calendar.ts";
import { conferenceRow } from "../helpers/rows.ts";

describe("estimated deadlines in iCalendar", () => {
  const venue = conferenceRow({ id: "270", short_name: "SIGGRAPH", submission_date: "2026-01-22" });
  const estimate = {
    type: "paper" as const,
    edition_year: 2027,
    date: "2027-01-23",
    earliest: "2027-01-19",
    latest: "2027-01-27",
    based_on: [2024, 2025, 2026],
    confidence: 0.95,
    rhythm: "yearly" as const,
  };
  const past = { ...estimate, type: "abstract" as const, date: "2026-11-01" };

  it("are separate tentative events, labelled estimated, and only upcoming ones", () => {
    const entries = upcomingEstimates([venue], () => [past, estimate], new Date("2026-11-24T00:00:00Z"));
    expect(entries.map((e) => e.estimate.type)).toEqual(["paper"]);
    const text = calendarText(ALL_DEADLINES_CALENDAR, [], new Date("2026-11-24T00:00:00Z"), entries);
    const events = Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === "VEVENT");
    expect(events).toHaveLength(1);
    const [event] = events as ical.VEvent[];
    expect(event?.status).toBe("TENTATIVE");
    expect(String(event?.summary)).toBe("SIGGRAPH 2027 — paper deadline (estimated)");
    expect(String(event?.description)).toContain("not yet announced");
    expect(event?.start.toISOString().slice(0, 10)).toBe("2027-01-23");
  });
});
