/**
 * The pure parts of digests: the reader's period (day or ISO week in their zone), "closes in N days", what changed
 * against the last digest's record, and an exact instant written in the published zone, UTC and the reader's zone.
 */
import { describe, expect, it } from "vitest";
import {
  type DigestItem,
  digestChanges,
  recordOf,
} from "../../../../functions/pages/subscriptions/digest-changes.ts";
import { itemText } from "../../../../functions/pages/subscriptions/digest-mail.ts";
import { closesWithin } from "../../../../functions/pages/subscriptions/digest-run.ts";
import { isoWeek, isTimeZone, periodOf } from "../../../../functions/pages/subscriptions/periods.ts";
import type { OutlookDeadline } from "../../../../snapshot/records.ts";
import { outlookDeadline } from "../../../helpers/rows.ts";

function item(overrides: Partial<OutlookDeadline> = {}): DigestItem {
  return {
    venueId: "42",
    shortName: "CONF",
    fullName: "Conference",
    ranks: "CCF A",
    dataAsOf: "2026-11-20",
    deadline: outlookDeadline({
      time: "23:59:00",
      timezone_assumed: false,
      closes_at: "2026-12-06T11:59:00Z",
      ...overrides,
    }),
  };
}

describe("periods", () => {
  it("counts the reader's day and ISO week in their zone", () => {
    const at = new Date("2026-11-26T20:00:00Z");
    expect(periodOf(at, "UTC", "daily")).toBe("2026-11-26");
    expect(periodOf(at, "Asia/Shanghai", "daily")).toBe("2026-11-27");
    expect(periodOf(at, "UTC", "weekly")).toBe("2026-W48");
    expect(isoWeek("2027-01-01")).toBe("2026-W53");
    expect(isoWeek("2026-01-01")).toBe("2026-W01");
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});

describe("closes in N days", () => {
  it("picks the smallest choice the announced deadline closes within, never an estimate or a passed one", () => {
    const now = new Date("2026-12-03T12:00:00Z");
    expect(closesWithin(item(), [14, 7, 3, 1], now)).toBe(3);
    expect(closesWithin(item(), [14, 7], now)).toBe(7);
    expect(closesWithin(item(), [1], now)).toBeNull();
    expect(closesWithin(item({ estimated: true }), [14, 7, 3, 1], now)).toBeNull();
    expect(closesWithin(item(), [14], new Date("2026-12-07T00:00:00Z"))).toBeNull();
  });
});

describe("what changed", () => {
  it("says announced, estimate replaced, extended and moved earlier; nothing on a first digest", () => {
    const before = recordOf([
      item(),
      { ...item({ estimated: true, date: "2027-03-01", closes_at: "2027-03-02T11:59:59Z" }), venueId: "43" },
      { ...item(), venueId: "44" },
    ]);
    const now = [
      item({ date: "2026-12-08", closes_at: "2026-12-09T11:59:00Z" }),
      { ...item({ date: "2027-02-20", closes_at: "2027-02-21T11:59:00Z" }), venueId: "43" },
      { ...item({ date: "2026-12-01", closes_at: "2026-12-02T11:59:00Z" }), venueId: "44" },
      { ...item(), venueId: "45" },
      { ...item({ estimated: true }), venueId: "46" },
    ];
    expect(digestChanges(now, before).map((c) => [c.item.venueId, c.kind])).toEqual([
      ["42", "extended"],
      ["43", "estimate_replaced"],
      ["44", "moved_earlier"],
      ["45", "announced"],
    ]);
    expect(digestChanges(now, null)).toEqual([]);
    expect(digestChanges([item()], recordOf([item()]))).toEqual([]);
  });

  it("writes an exact instant as published, in UTC and in the reader's zone, and marks an estimate", () => {
    expect(itemText(item(), "Europe/Berlin")).toBe(
      "CONF (CCF A): Paper submission, 2027 cycle: 2026-12-05 23:59 AoE = 2026-12-06 11:59 UTC = 2026-12-06 12:59 (Europe/Berlin) your time",
    );
    expect(itemText(item({ estimated: true, time: null }), "Europe/Berlin")).toMatch(
      /^CONF \(CCF A\): \[ESTIMATE, not announced\] /,
    );
  });
});
