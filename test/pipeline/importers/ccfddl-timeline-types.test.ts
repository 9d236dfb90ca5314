/**
 * ccfddl timelines that put a notification or the final version in a `deadline` entry (pipeline/importers/ccfddl.ts
 * timelineType), on the real upstream rows: read as paper deadlines they were submission rounds that never were
 * (FM 2024 had three "rounds", the backtest three real rounds no model could foresee), and registration deadlines
 * (an abstract step) read as a round's paper date, revision and side-track deadlines read as rounds.
 */
import { expect, it } from "vitest";
import { importCcfddl } from "../../../pipeline/importers/ccfddl.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

describeOnRealUpstream("ccfddl timeline entries that are not submissions", () => {
  const imported = importCcfddl(REAL_UPSTREAM);
  /** An edition's deadlines; `file` tells apart two series of one acronym (SE/fse.yml, SC/fse.yml). */
  const typesOf = async (acronym: string, year: number, file?: string) => {
    const series = (await imported).conferences.find(
      (c) => c.acronym === acronym && (file === undefined || c.key.startsWith(`${file}#`)),
    );
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

  it("reads a registration deadline as its round's abstract step, the submission a week later as its paper", async () => {
    expect(await typesOf("ASPLOS", 2024)).toEqual([
      ["abstract", "2023-04-14", "abstract (Spring Registration Deadline)"],
      ["paper", "2023-04-21", "paper (Spring Submission Deadline)"],
      ["abstract", "2023-08-04", "abstract (Summber Registration Deadline)"],
      ["paper", "2023-08-11", "paper (Summer Submission Deadline)"],
      ["abstract", "2023-11-24", "abstract (Fall Registration Deadline)"],
      ["paper", "2023-12-01", "paper (Fall Submission Deadline)"],
    ]);
    expect(await typesOf("FSE", 2023, "SE/fse.yml")).toEqual([
      ["abstract", "2023-01-26", "abstract (paper registration deadline)"],
      ["paper", "2023-02-02", "paper (full paper submission deadline)"],
    ]);
  });

  it("reads a revision deadline and a side track's deadline as other dates, not rounds a new paper can go to", async () => {
    expect(await typesOf("OOPSLA", 2022)).toEqual([
      ["paper", "2021-10-12", "paper (Submission Deadline Round 1)"],
      ["other", "2022-02-11", "other (Submission of Revisions Round 1)"],
      ["paper", "2022-04-15", "paper (Submission Deadline Round 2)"],
      ["other", "2022-08-15", "other (Submission of Revisions Round 2)"],
    ]);
    expect(await typesOf("ISSTA", 2022)).toEqual([
      ["paper", "2022-01-28", "paper (Technical Papers due)"],
      ["other", "2022-01-31", "other (Workshops Submission Deadline)"],
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
    expect(new Set(typed(/revis(ed|ions?)\b|resubmission/i))).toEqual(new Set(["other"]));
    // A track of papers and posters is the main one; a posters-only track is a side one.
    expect(new Set(typed(/papers and posters/i))).toEqual(new Set(["paper"]));
    expect(new Set(typed(/\(posters\)|poster-only|workshops submission/i))).toEqual(new Set(["other"]));
    // "Early Bird Registration" beside the camera-ready is the camera-ready; every other registration an abstract.
    expect(new Set(typed(/regist(er|ration)/i))).toEqual(new Set(["abstract", "camera_ready"]));
  });
});
