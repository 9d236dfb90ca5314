/**
 * An edition's start, end and date text from the trackers that describe it: on NeurIPS 2026's real rows (ccfddl's
 * one-day text, hf's and mpc's range), and the rule's edges.
 */
import { expect, it } from "vitest";
import { importCcfddl } from "../../../pipeline/importers/ccfddl.ts";
import { importHf } from "../../../pipeline/importers/hf.ts";
import { importMpc } from "../../../pipeline/importers/mpc.ts";
import { type EditionDates, editionDates } from "../../../pipeline/merge/edition-dates.ts";
import { describeOnRealUpstream, REAL_UPSTREAM } from "../../helpers/upstream-builds.ts";

const dates = (start: string | null, end: string | null, text: string | null = null): EditionDates => ({
  start_date: start,
  end_date: end,
  date_text: text,
});

describeOnRealUpstream("an edition's dates on the real tracker rows", () => {
  it("keeps NeurIPS 2026's end from hf and mpc although ccfddl, first in priority, gives one day", async () => {
    // Tracker priority order (pipeline/merge/merge-conferences.ts): ccfddl, hf, pwc, mpc.
    const rows = [];
    for (const load of [importCcfddl, importHf, importMpc]) {
      const series = (await load(REAL_UPSTREAM)).conferences.find((o) => o.acronym === "NeurIPS");
      const edition = series?.editions.find((e) => e.year === 2026);
      if (edition) rows.push(edition);
    }
    expect(rows.map((e) => [e.start_date, e.end_date, e.date_text])).toEqual([
      ["2026-12-06", "2026-12-06", "December 6, 2026"],
      ["2026-12-06", "2026-12-12", "December 6-12, 2026"],
      ["2026-12-06", "2026-12-12", "December 06-12"],
    ]);
    expect(editionDates(rows)).toEqual(dates("2026-12-06", "2026-12-12", "December 6-12, 2026"));
  });
});

it("takes a one-day end when no source agreeing on the start gives a range", () => {
  expect(editionDates([dates("2026-05-04", "2026-05-04", "May 4, 2026"), dates("2026-05-04", null)])).toEqual(
    dates("2026-05-04", "2026-05-04", "May 4, 2026"),
  );
});

it("takes the first range by priority among the sources that agree on the start", () => {
  expect(
    editionDates([
      dates("2026-05-04", null, "May 2026"),
      dates("2026-05-04", "2026-05-08", "May 4-8"),
      dates("2026-05-04", "2026-05-09", "May 4-9"),
    ]),
  ).toEqual(dates("2026-05-04", "2026-05-08", "May 4-8"));
});

it("never lends a source's end to another source's start", () => {
  // The second tracker starts the edition a day later: its end belongs to its own start.
  expect(editionDates([dates("2026-05-04", null), dates("2026-05-05", "2026-05-08", "May 5-8")])).toEqual(
    dates("2026-05-04", null, null),
  );
});

it("keeps a text with no dates only while no source dates the edition", () => {
  expect(editionDates([dates(null, null, "TBA"), dates(null, null, "Summer")])).toEqual(
    dates(null, null, "TBA"),
  );
  // "TBA" beside 26-29 July read as a contradiction: the text of the source whose dates are shown is taken.
  expect(editionDates([dates(null, null, "TBA"), dates("2027-07-26", "2027-07-29", "July 26-29")])).toEqual(
    dates("2027-07-26", "2027-07-29", "July 26-29"),
  );
  expect(editionDates([])).toEqual(dates(null, null, null));
});
