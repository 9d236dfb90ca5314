/**
 * Issue 42: journals and their special-issue calls say how old the data behind them is, as conference rows do
 * (`data_as_of`, `stale` past DATA_AS_OF_MAX_AGE_DAYS); a conference row names its next dated edition.
 */
import { describe, expect, it } from "vitest";
import { rowEdition } from "../../../pipeline/merge/editions.ts";
import { mergeJournal } from "../../../pipeline/merge/merge-journals.ts";
import {
  type JournalObservation,
  journalObservation,
  type SourceId,
} from "../../../pipeline/sources/observations.ts";
import type { Edition } from "../../../snapshot/records.ts";
import { DATA_AS_OF_MAX_AGE_DAYS } from "../../../snapshot/source-age.ts";
import { specialIssueCall } from "../../helpers/rows.ts";

const TODAY = "2026-12-07";
const SOURCE_DATES = new Map<string, string | null>([
  ["reference", "2026-11-30"],
  ["scimago", "2024-02-18"],
  ["special_issues", "2026-10-01"],
  ["ccf2026", null],
]);

const observation = (source: SourceId, extra: Partial<JournalObservation> = {}) =>
  journalObservation({ source, key: `${source}#1`, file: "x", title: "Journal of Data Age", ...extra });

const merged = (sources: SourceId[], today = TODAY) =>
  mergeJournal(
    sources.map((s) => observation(s)),
    [],
    { sourceDates: SOURCE_DATES, today },
  );

describe("a journal's data_as_of and stale", () => {
  it("is the newest data date of the sources behind it", () => {
    expect(merged(["scimago", "reference"]).draft).toMatchObject({ data_as_of: "2026-11-30", stale: false });
    expect(merged(["scimago"]).draft).toMatchObject({ data_as_of: "2024-02-18", stale: true });
  });

  it("is stale only past the one threshold the outlook uses", () => {
    // 2026-10-01 + 60 days is 2026-11-30: still fresh that day, stale the day after.
    expect(DATA_AS_OF_MAX_AGE_DAYS).toBe(60);
    expect(merged(["special_issues"], "2026-11-30").draft.stale).toBe(false);
    expect(merged(["special_issues"], "2026-12-01").draft.stale).toBe(true);
  });

  it("is null, and not called stale, when no source behind it is dated", () => {
    expect(merged(["ccf2026"]).draft).toMatchObject({ data_as_of: null, stale: false });
  });
});

describe("a special-issue call's data_as_of and stale", () => {
  it("is the data date of the source that gave the call, not the journal's newest", () => {
    const { detail, draft } = mergeJournal(
      [
        observation("reference", {
          specialIssues: [specialIssueCall({ title: "Call from the reference", source: "reference" })],
        }),
        observation("special_issues", {
          key: "special_issues#2",
          specialIssues: [specialIssueCall({ title: "Call from the tracker", source: "special_issues" })],
        }),
      ],
      [],
      { sourceDates: SOURCE_DATES, today: TODAY },
    );
    expect(draft.data_as_of).toBe("2026-11-30");
    const byTitle = Object.fromEntries(
      detail.special_issues.map((si) => [si.title, [si.data_as_of, si.stale]]),
    );
    expect(byTitle).toEqual({
      "Call from the reference": ["2026-11-30", false],
      "Call from the tracker": ["2026-10-01", true],
    });
  });
});

const edition = (year: number, start: string | null, end: string | null, place: string | null): Edition => ({
  year,
  start_date: start,
  end_date: end,
  date_text: null,
  place,
  country: null,
  deadlines: [],
  sources: ["ccfddl"],
});

describe("the row's edition", () => {
  const cvpr = [
    edition(2025, "2025-06-10", "2025-06-17", "Nashville"),
    edition(2027, "2027-06-19", "2027-06-26", "Seattle, USA"),
    edition(2026, "2026-06-03", "2026-06-07", "Denver"),
  ];

  it("is the next dated edition, even when a past one holds the row's deadline", () => {
    expect(rowEdition(cvpr, TODAY)).toEqual({
      year: 2027,
      start_date: "2027-06-19",
      end_date: "2027-06-26",
      place: "Seattle, USA",
      next: true,
    });
  });

  it("counts an edition under way as the next one, and one without an end date as lasting its first day", () => {
    expect(rowEdition(cvpr, "2027-06-26")?.year).toBe(2027);
    expect(rowEdition([edition(2026, TODAY, null, "Sydney")], TODAY)).toMatchObject({
      year: 2026,
      next: true,
    });
    expect(rowEdition([edition(2026, "2026-12-06", null, "Sydney")], TODAY)).toMatchObject({ next: false });
  });

  it("is the latest held, marked next=false, when no edition ahead is dated; null when none is dated", () => {
    const past = [cvpr[0] as Edition, cvpr[2] as Edition, edition(2027, null, null, "Seattle")];
    expect(rowEdition(past, TODAY)).toEqual({
      year: 2026,
      start_date: "2026-06-03",
      end_date: "2026-06-07",
      place: "Denver",
      next: false,
    });
    expect(rowEdition([edition(2027, null, null, "Seattle")], TODAY)).toBeNull();
    expect(rowEdition([], TODAY)).toBeNull();
  });
});
