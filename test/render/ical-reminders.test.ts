/**
 * VALARMs added to a calendar's text: one per day asked for in each event, ACTION:DISPLAY, a description naming
 * the deadline (the event's summary), TRIGGER that many days before the start (node-ical reads them at the right
 * offsets); nothing else in the calendar changes, and without days the text is returned as it is.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { foldLines } from "../../render/ical-fold.ts";
import { withReminders } from "../../render/ical-reminders.ts";

const DAY_MS = 86_400_000;
const VALARM = /BEGIN:VALARM\r\n[\s\S]*?END:VALARM\r\n/g;

/** The milliseconds of a `-P<n>D` / `PT0S` trigger. */
function triggerMs(trigger: string): number {
  if (trigger === "PT0S") return 0;
  const days = /^-P(\d+)D$/.exec(trigger);
  if (!days) throw new Error(`unexpected trigger ${trigger}`);
  return -Number(days[1]) * DAY_MS;
}

/**
 * A served filtered feed (timed, all-day and tentative estimated events), saved by
 * test/functions/pages/calendar-reminders.test.ts's fixture, and one event whose long summary is folded and holds
 * escaped characters.
 */
const calendar = () => {
  const feed = readFileSync(
    join(import.meta.dirname, "../functions/pages/calendars-before/deadlines-filter.ics"),
    "utf8",
  );
  const long = foldLines(
    "SUMMARY:VERYLONGCONF 2099 — Paper submission (round 2 of 3)\\, estimated\\; with a title long enough to fold [CCF A · CORE A*]",
  );
  const event = `BEGIN:VEVENT\r\nUID:x@venue-directory\r\nDTSTAMP:20990109T060000Z\r\nDTSTART;VALUE=DATE:20990301\r\n${long}\r\nEND:VEVENT\r\n`;
  return feed.replace("END:VCALENDAR\r\n", `${event}END:VCALENDAR\r\n`);
};

describe("withReminders", () => {
  it("returns the calendar as it is without days", () => {
    const text = calendar();
    expect(withReminders(text, [])).toBe(text);
  });

  it("adds a display alarm per day to every event, at the right offset before its start", () => {
    const text = calendar();
    const reminded = withReminders(text, [7, 1, 0]);
    // Nothing but the alarms is added.
    expect(reminded.replace(VALARM, "")).toBe(text);
    const events = Object.values(ical.sync.parseICS(reminded)).filter(
      (c): c is VEvent => c?.type === "VEVENT",
    );
    expect(events.length).toBeGreaterThan(1);
    for (const event of events) {
      const alarms = (event as VEvent & { alarms?: Record<string, string>[] }).alarms ?? [];
      expect(alarms.map((a) => a.trigger)).toEqual(["-P7D", "-P1D", "PT0S"]);
      expect(alarms.map((a) => a.action)).toEqual(["DISPLAY", "DISPLAY", "DISPLAY"]);
      const offsets = alarms.map((a) => new Date(event.start.getTime() + triggerMs(a.trigger ?? "")));
      expect(offsets.map((at) => event.start.getTime() - at.getTime())).toEqual([7 * DAY_MS, DAY_MS, 0]);
      expect(alarms.map((a) => a.description)).toEqual([
        `${event.summary} — due in 7 days`,
        `${event.summary} — due in 1 day`,
        `${event.summary} — due today`,
      ]);
    }
  });

  it("keeps every line within 75 octets and CRLF-terminated", () => {
    const reminded = withReminders(calendar(), [60, 30, 14, 7, 1]);
    const lines = reminded.split("\r\n");
    expect(lines.at(-1)).toBe("");
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it("words the alarms in the feed's language", () => {
    const reminded = withReminders(calendar(), [7], "zh");
    const events = Object.values(ical.sync.parseICS(reminded)).filter(
      (c): c is VEvent => c?.type === "VEVENT",
    );
    const [alarm] = (events[0] as VEvent & { alarms: Record<string, string>[] }).alarms;
    expect(alarm?.description).toBe(`${events[0]?.summary} — 7 天后截止`);
  });
});
