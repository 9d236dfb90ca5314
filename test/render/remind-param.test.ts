/**
 * The `remind` parameter of every `.ics` feed: whole days 0–60, at most 5 distinct, deduplicated and sorted
 * furthest first (one spelling per list, so one cache entry and one ETag); anything else refused with a message
 * naming the allowed form; absent or empty means no reminders.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REMINDER_CHOICES, remindDays, withRemind } from "../../render/remind-param.ts";

describe("remindDays", () => {
  it("reads a list, repeated parameters too, deduplicated and furthest first", () => {
    expect(remindDays(["7,1"])).toEqual({ days: [7, 1] });
    expect(remindDays(["1,7,7"])).toEqual({ days: [7, 1] });
    expect(remindDays(["1", "7"])).toEqual({ days: [7, 1] });
    expect(remindDays([" 0 , 60 "])).toEqual({ days: [60, 0] });
    expect(remindDays(["07"])).toEqual({ days: [7] });
  });

  it("means no reminders when absent or empty", () => {
    expect(remindDays([])).toEqual({ days: [] });
    expect(remindDays([""])).toEqual({ days: [] });
  });

  it("refuses anything but up to 5 whole days 0–60, naming the allowed form", () => {
    for (const bad of ["61", "-1", "1.5", "abc", "7,", ",7", "7,,1", "1e1", "+7", "100", "1,2,3,4,5,6"]) {
      const answer = remindDays([bad]);
      expect(answer, bad).toHaveProperty("invalid");
      expect((answer as { invalid: string }).invalid).toContain(
        "up to 5 whole numbers of days before the deadline, each 0 to 60, comma-separated (e.g. remind=7,1)",
      );
    }
  });

  it("accepts every list of at most 5 distinct days 0–60 in any order and spelling, as one sorted list", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(4)),
        (days, repeats) => {
          const given = [...days, ...repeats.map((i) => days[i % days.length] as number)];
          const answer = remindDays([given.join(",")]);
          expect(answer).toEqual({ days: [...days].sort((a, b) => b - a) });
        },
      ),
    );
  });

  it("refuses six distinct days or more", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 6, maxLength: 20 }),
        (days) => {
          expect(remindDays([days.join(",")])).toHaveProperty("invalid");
        },
      ),
    );
  });
});

describe("withRemind", () => {
  it("adds the choice to an address with or without a query, and nothing for none", () => {
    expect(withRemind("/conference/101.ics", [7, 1])).toBe("/conference/101.ics?remind=7,1");
    expect(withRemind("https://x.test/deadlines.ics?field=ai", [1])).toBe(
      "https://x.test/deadlines.ics?field=ai&remind=1",
    );
    expect(withRemind("/conference/101.ics", [])).toBe("/conference/101.ics");
  });

  it("offers none, 1 day, 7 days, 7 and 1 days, each a list remindDays reads back as it is", () => {
    expect(REMINDER_CHOICES).toEqual([[], [1], [7], [7, 1]]);
    for (const days of REMINDER_CHOICES) {
      expect(remindDays([days.join(",")])).toEqual({ days });
    }
  });
});
