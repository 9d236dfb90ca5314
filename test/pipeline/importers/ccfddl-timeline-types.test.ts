/**
 * ccfddl timelines that put a notification or the final version in a `deadline` entry (pipeline/importers/ccfddl.ts
 * timelineType), on the real upstream rows: read as paper deadlines they were submission rounds that never were
 * (FM 2024 had three "rounds", the backtest three real rounds no model could foresee), and registration deadlines
 * (an abstract step) read as a round's paper date, revision and side-track deadlines read as rounds (WSDM 2027's
 * short papers were a second round, ACML's journal track a first).
 */
import { expect, it } from "vitest";
import { z } from "zod";
import { importCcfddl } from "../../../pipeline/importers/ccfddl.ts";
import { loadYamlTable } from "../../../pipeline/sources/yaml.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

/** An edition as the reviewed table lists it: its deadlines as [type, date, label], in order. */
const Edition = z.strictObject({
  acronym: z.string(),
  year: z.number().int(),
  file: z.string().optional(),
  deadlines: z.array(z.tuple([z.string(), z.string(), z.string()])),
});
type Edition = z.infer<typeof Edition>;

/** What the real timelines of some editions read as, reviewed by hand (ccfddl-timeline-types.yaml). */
const EXPECTED = loadYamlTable(
  new URL("./ccfddl-timeline-types.yaml", import.meta.url),
  z.strictObject({
    notification_and_final_version: z.array(Edition),
    registration_as_abstract: z.array(Edition),
    revision_and_side_track_as_other: z.array(Edition),
    side_track_as_other: z.array(Edition),
    main_call_kept: z.array(Edition),
  }),
);

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

  /** Each edition of `editions` reads as the reviewed table says. */
  const expectEditions = async (editions: Edition[]) => {
    for (const { acronym, year, file, deadlines } of editions) {
      expect(await typesOf(acronym, year, file), `${acronym} ${year}`).toEqual(deadlines);
    }
  };

  it("reads FM 2024's notification and final version as such, its abstract and paper as submissions", async () => {
    await expectEditions(EXPECTED.notification_and_final_version);
  });

  it("reads a registration deadline as its round's abstract step, the submission a week later as its paper", async () => {
    await expectEditions(EXPECTED.registration_as_abstract);
  });

  it("reads a revision deadline and a side track's deadline as other dates, not rounds a new paper can go to", async () => {
    await expectEditions(EXPECTED.revision_and_side_track_as_other);
  });

  it("reads a side track's steps as other dates: short papers, journal, industry, special-session tracks", async () => {
    await expectEditions(EXPECTED.side_track_as_other);
  });

  it("keeps the main call a round whatever side kinds it names, and named tracks with no main call beside them", async () => {
    await expectEditions(EXPECTED.main_call_kept);
  });

  it("types every step naming a side track other, on every real timeline", async () => {
    const all = (await imported).conferences.flatMap((c) => c.editions.flatMap((e) => e.deadlines));
    const typed = (pattern: RegExp) => new Set(all.filter((d) => pattern.test(d.label)).map((d) => d.type));
    // Each class is in the data, and no step of it is a round.
    for (const side of [
      /\(short paper\)/i,
      /\(industry track\)|\(demo \/ industry/i,
      /special session/i,
      /encore|highlight/i,
      /\(journal (track|paper)\)/i,
    ]) {
      expect(typed(side), String(side)).toEqual(new Set(["other"]));
    }
    // The main call naming side kinds stays a round.
    expect(typed(/full and short|long, short|research \/ industry/i)).toEqual(new Set(["paper", "abstract"]));
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
