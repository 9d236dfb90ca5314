/**
 * Builders of small, valid snapshot records for tests. Each fills every field with a plausible default, applies
 * the overrides and parses the result with the record's zod schema, so a test never starts from an invalid row
 * by accident (build an invalid one explicitly with a spread and a cast).
 */
import type { z } from "zod";
import type { SnapshotContent } from "../../pipeline/write/content.ts";
import {
  ConferenceDetailData,
  ConferenceRow,
  JournalDetailData,
  JournalRow,
  OutlookDeadline,
  SourceInfo,
  SpecialIssue,
  SpecialIssueRow,
  SubmissionOutlook,
  unknownOutlook,
} from "../../snapshot/records.ts";

/**
 * The builder of one kind of record: `defaults`, then the test's overrides, parsed with the record's schema (which
 * copies, so no two records share an array or object).
 */
function recordBuilder<T extends object, In extends object>(schema: z.ZodType<T, In>, defaults: NoInfer<In>) {
  return (overrides: Partial<T> = {}): T => schema.parse({ ...defaults, ...overrides });
}

export const conferenceRow = recordBuilder(ConferenceRow, {
  id: "101",
  short_name: "TESTCONF",
  full_name: "International Conference on Testing",
  submission_date: "2026-09-15",
  notification_date: "2026-11-20",
  conference_date: "2027-02-10",
  location: "Lisbon, Portugal",
  ccf_rank: "B",
  core_rank: "A",
  qualis_rank: "A2",
  is_extended: false,
  cp_index: null,
  estimated_submission_date: null,
  updated_at: "2026-08-01",
  fields: ["se"],
  country: "Portugal",
  views: 1200,
  acceptance_rate: 0.22,
  editions_count: 12,
  reference_id: 9001,
  next_submission_date: "2026-09-15",
  next_submission_closes_at: "2026-09-16T11:59:59Z",
  next_submission_estimated: false,
  outlook_state: "open",
  data_as_of: "2026-08-01",
  stale: false,
});

/** One submission deadline of an outlook: by default an announced date-only AoE paper deadline, upcoming. */
export const outlookDeadline = recordBuilder(OutlookDeadline, {
  type: "paper",
  cycle_year: 2027,
  round: 1,
  rounds: 1,
  estimated: false,
  date: "2026-12-05",
  time: null,
  timezone: "AoE",
  timezone_assumed: true,
  closes_at: "2026-12-06T11:59:59Z",
  status: "upcoming",
  source: "ccfddl",
  earliest: null,
  latest: null,
  confidence: null,
  based_on: [],
  changed_at: "2026-11-20",
});

/** An outlook with nothing known (the default of a detail record; tests that need rounds give their own). */
export const emptyOutlook = recordBuilder(SubmissionOutlook, unknownOutlook("2026-08-01"));

export const journalRow = recordBuilder(JournalRow, {
  id: "201",
  short_name: "JTEST",
  full_name: "Journal of Testing",
  impact_factor: "3.1",
  publisher: "Test Press",
  issn: "1234-5678",
  ccf_rank: "C",
  updated_at: "2026-07-15",
  issns: ["1234-5678", "8765-4321"],
  fields: ["se", "pl"],
  sjr: 1.25,
  sjr_quartile: "Q1",
  h_index: 42,
  cites_per_doc_2y: 3.4,
  sjr_year: 2021,
  views: 800,
  reference_id: 7001,
});

export const specialIssueRow = recordBuilder(SpecialIssueRow, {
  journal_id: "201",
  title: "Special Issue on Property-Based Testing",
  submission_date: "2026-12-01",
  source: "special_issues",
});

/** A journal's call as an importer gives it: only the title and the source known unless `overrides` say more. */
export function specialIssueCall(
  overrides: Pick<SpecialIssue, "title" | "source"> & Partial<SpecialIssue>,
): SpecialIssue {
  return SpecialIssue.parse({
    submission_date: null,
    description: null,
    topics: [],
    editors: [],
    url: null,
    ...overrides,
  });
}

export const conferenceDetail = recordBuilder(ConferenceDetailData, {
  id: "101",
  website: "https://testconf.example.org",
  cfp_text: null,
  deadlines: [],
  editions: [],
  deadline_estimates: [],
  outlook: emptyOutlook(),
  acceptance: [],
  rank_history: [],
  dblp: "conf/testconf",
  core_id: null,
  sources: [{ source: "ccfddl", key: "SE/testconf.yml#TESTCONF" }],
});

export const journalDetail = recordBuilder(JournalDetailData, {
  id: "201",
  website: null,
  cfp_text: null,
  special_issues: [],
  metrics: [],
  rank_history: [],
  dblp: null,
  sources: [{ source: "scimago", key: "12345" }],
});

export const sourceInfo = recordBuilder(SourceInfo, {
  id: "ccfddl",
  name: "ccfddl/ccf-deadlines",
  repo: "https://github.com/ccfddl/ccf-deadlines",
  commit: "5f8dce347bc17783bc6cd50509e07cc0196863b4",
  license: "MIT",
  attribution: "CCFDDL contributors",
});

/** A whole snapshot to write: one record of each kind and short texts; tests override what they look at. */
export function snapshotContent(overrides: Partial<SnapshotContent> = {}): SnapshotContent {
  return {
    date: "2026-08-22",
    generatedAt: "2026-08-22T04:00:00Z",
    baseUrl: "https://venues.example.org/",
    conferences: [conferenceRow()],
    journals: [journalRow()],
    specialIssues: [specialIssueRow()],
    conferenceDetails: [conferenceDetail()],
    journalDetails: [journalDetail()],
    idRegistry: {},
    report: { json: {}, markdown: "# Build report\n" },
    sources: [sourceInfo()],
    terms: "Free use with attribution.",
    ...overrides,
  };
}
