import { describe, expect, it } from "vitest";
import { currentEdition, roundNotification } from "../../../pipeline/merge/editions.ts";
import { deadline, edition } from "../../helpers/editions.ts";

describe("edition choice", () => {
  it("an announced edition without dates does not hide the last known deadline", () => {
    const eds = [edition(2025, ["2025-02-15"]), edition(2026, ["2026-01-05"]), edition(2027, [])];
    expect(currentEdition(eds, "2026-11-24T00:00:00Z")?.year).toBe(2026);
    const open = [...eds, edition(2028, ["2027-02-01"])];
    expect(currentEdition(open, "2026-11-24T00:00:00Z")?.year).toBe(2028);
  });
});

describe("the notification of the call a deadline belongs to", () => {
  /** An edition with paper rounds and notifications (a week-earlier abstract for each round when asked). */
  const withNotifications = (papers: string[], notifications: string[], abstracts: string[] = []) => {
    const e = edition(2027, papers, {}, abstracts);
    e.deadlines.push(...notifications.map((d) => deadline("notification", d, { source: "reference" })));
    return e;
  };

  it("is the first notification after the deadline, before the next round opens", () => {
    const e = withNotifications(["2026-02-04", "2026-04-15"], ["2026-03-16", "2026-05-25"], ["2026-04-13"]);
    expect(roundNotification(e, "2026-02-04")).toBe("2026-03-16");
    expect(roundNotification(e, "2026-04-15")).toBe("2026-05-25");
  });

  it("is none when the only notification is an earlier round's (SIGKDD: August's beside January's deadline)", () => {
    const e = withNotifications(["2026-07-26", "2027-01-28"], ["2026-11-14"], ["2026-07-19"]);
    expect(roundNotification(e, "2027-01-28")).toBeNull();
    expect(roundNotification(e, "2026-07-26")).toBe("2026-11-14");
  });

  it("is none when it comes after the next round opened: it cannot be told from that round's", () => {
    // VLDB: monthly rounds, one notification date months later.
    const e = withNotifications(["2026-12-01", "2027-01-01", "2027-02-01"], ["2027-04-15"]);
    expect(roundNotification(e, "2027-01-01")).toBeNull();
    expect(roundNotification(e, "2027-02-01")).toBe("2027-04-15");
  });

  it("is none on the deadline's own day (a date copied, not a decision)", () => {
    expect(roundNotification(withNotifications(["2026-09-30"], ["2026-09-30"]), "2026-09-30")).toBeNull();
  });

  it("stays the edition's first notification when no submission deadline is known", () => {
    expect(roundNotification(withNotifications([], ["2026-06-11", "2026-07-01"]), null)).toBe("2026-06-11");
  });
});
