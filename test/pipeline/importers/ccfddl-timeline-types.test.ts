/**
 * ccfddl timelines that put a notification or the final version in a `deadline` entry (pipeline/importers/ccfddl.ts
 * timelineType), on the real upstream rows: read as paper deadlines they were submission rounds that never were
 * (FM 2024 had three "rounds", the backtest three real rounds no model could foresee).
 */
import { expect, it } from "vitest";
import { importCcfddl } from "../../../pipeline/importers/ccfddl.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

describeOnRealUpstream("ccfddl timeline entries that are not submissions", () => {
  const imported = importCcfddl(REAL_UPSTREAM);
  const typesOf = async (acronym: string, year: number) => {
    const series = (await imported).conferences.find((c) => c.acronym === acronym);
    return series?.editions
      .find((e) => e.year === year)
      ?.deadlines.map((d) => [d.type, d.date, d.label] as const);
  };

  it("reads FM 2024's notification and final version as such, its abstract and paper as submissions", async () => {
    expect(await typesOf("FM", 2024)).toEqual([
      ["abstract", "2024-04-15", "abstract (Abstract Submission)"],
      ["paper", "2024-04-19", "paper (Full Paper Submission)"],
      ["notification", "2024-06-10", "notification (Paper Notification)"],
      ["camera_ready", "2024-07-01", "camera_ready (Final Version)"],
    ]);
  });

  it("keeps every submission comment a submission: final paper submission, rounds notified by a date", async () => {
    const all = (await imported).conferences.flatMap((c) => c.editions.flatMap((e) => e.deadlines));
    const typed = (pattern: RegExp) => all.filter((d) => pattern.test(d.label)).map((d) => d.type);
    expect(typed(/final paper submission/i).length).toBeGreaterThan(0);
    expect(new Set(typed(/final paper submission/i))).toEqual(new Set(["paper"]));
    // "papers submitted by the June 20 deadline will be reviewed and notified by Aug 15": a round, not a notification.
    expect(new Set(typed(/will be reviewed and notified/i))).toEqual(new Set(["paper"]));
    expect(new Set(typed(/notification/i))).toEqual(new Set(["notification"]));
    expect(new Set(typed(/camera[- ]?ready|final version|final copy/i))).toEqual(new Set(["camera_ready"]));
  });
});
