/**
 * hf dates typed `notification` that are no paper decision (pipeline/importers/hf.ts): an early decision (IJCAI
 * 2026's "Phase I notification", a summary reject), a side track's ("Tutorial/Workshop Decisions") or a date naming
 * no decision; read as notifications, the venue's notification date showed the early one. And a side track's
 * submissions (tutorial proposals, short papers beside full ones, an entry named for a track), read as rounds.
 */
import { expect, it } from "vitest";
import { importHf } from "../../../pipeline/importers/hf.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

describeOnRealUpstream("hf decisions and side tracks on the real list", async () => {
  const result = await importHf(REAL_UPSTREAM);
  const all = result.conferences.flatMap((c) =>
    c.editions.flatMap((e) => e.deadlines.map((d) => ({ acronym: c.acronym, year: e.year, ...d }))),
  );
  const steps = (acronym: string, year: number, type: string) =>
    all
      .filter((d) => d.acronym === acronym && d.year === year && d.type === type)
      .map((d) => `${d.date} ${d.label}`);

  it("keeps the paper decision the edition's notification, the early ones other dates with their label", () => {
    expect(steps("IJCAI", 2026, "notification")).toEqual(["2026-04-29 Paper notification"]);
    expect(steps("IJCAI", 2026, "other")).toContain("2026-03-04 Phase I notification");
    expect(steps("ECAI", 2026, "notification")).toEqual(["2026-04-29 Paper notification"]);
    expect(steps("ECAI", 2026, "other")).toContain("2026-03-04 Summary rejection notification");
    expect(steps("AAAI", 2026, "notification")).toEqual(["2025-11-08 Final acceptance/rejection notices"]);
  });

  it("reads a side track's decision as an other date (ECCV 2026: the Final Decisions are the paper's)", () => {
    expect(steps("ECCV", 2026, "notification")).toEqual(["2026-06-17 Final Decisions"]);
    expect(steps("ECCV", 2026, "other")).toEqual(
      expect.arrayContaining([
        "2026-04-12 Tutorial/Workshop Decisions",
        "2026-06-29 AI Art Acceptance Notification",
      ]),
    );
  });

  it("types every hf label that names an early, side or no decision other, on every real entry", () => {
    const notifications = all.filter((d) => d.type === "notification").map((d) => d.label);
    expect(notifications.length).toBeGreaterThan(80);
    const offending = notifications.filter(
      (label) =>
        /phase (1|i)\b|summary|preliminary|initial|first notif|conditional|tutorial|workshop|award|ai art|short papers/i.test(
          label,
        ) || !/notif|decision|accept|reject|notice|result/i.test(label),
    );
    expect(offending).toEqual([]);
    // Round decisions and the final ones stay.
    expect(notifications).toEqual(
      expect.arrayContaining([
        "Notification of acceptance (Round 1)",
        "Final Notification",
        "Final notification",
      ]),
    );
  });

  it("reads a side track's submission as an other date, never a round (proposals, short papers, posters)", () => {
    const submissions = all.filter((d) => d.type === "paper" || d.type === "abstract").map((d) => d.label);
    expect(
      submissions.filter((l) => /proposal|short papers|poster|volunteer|award|ai art|workshop/i.test(l)),
    ).toEqual([]);
    expect(steps("WSDM", 2026, "other")).toEqual(
      expect.arrayContaining([
        "2025-09-18 Abstract submission (short papers)",
        "2025-09-25 Paper submission (short papers)",
      ]),
    );
    expect(steps("WSDM", 2026, "paper")).toEqual(["2025-08-14 Paper submission (full papers)"]);
  });

  it("reads an entry named for a side track as that track's dates (EMNLP (Industry Track))", () => {
    expect(
      all.filter((d) => d.acronym === "EMNLP (Industry Track)").map((d) => `${d.type} ${d.label}`),
    ).toEqual([
      "other Industry Track: Paper submission deadline",
      "other Industry Track: Notification of acceptance",
      "other Industry Track: Camera-ready deadline",
    ]);
  });
});
