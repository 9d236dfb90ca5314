/**
 * The snapshot the writer tests write: two conferences (one with a CP index, one without), journals, a deadline and
 * its outlook, every bulk table, and a fresh snapshots folder per test.
 */
import { rm } from "node:fs/promises";
import { afterEach, beforeEach } from "vitest";
import { computeCpIndex } from "../../pipeline/merge/cp-index.ts";
import type { SnapshotContent } from "../../pipeline/write/content.ts";
import type { OutlookDeadline } from "../../snapshot/records.ts";
import * as make from "./rows.ts";
import { tempSnapshotsDir } from "./snapshot-fixture.ts";

export const DATE = "2026-08-22";
export const BASE_URL = "https://venues.example.org";

export const scored = make.conferenceRow({
  id: "101",
  full_name: 'Conference on "Quoted", Comma-Separated Things',
  fields: ["ai", "ml"],
  cp_index: computeCpIndex({
    ranks: { ccf: "B", core: "A", qualis: "A2" },
    acceptanceRate: 0.22,
    editionsCount: 12,
    views: 1200,
    trackers: null,
    facts: {
      submissionDate: true,
      notificationDate: true,
      conferenceDate: true,
      location: true,
      deadlines: false,
      fields: true,
      editionHistory: false,
    },
  }),
});
export const unscored = make.conferenceRow({
  id: "102",
  short_name: "BARE",
  submission_date: null,
  notification_date: null,
  conference_date: null,
  location: null,
  ccf_rank: "",
  core_rank: "",
  qualis_rank: "",
  is_extended: null,
  updated_at: null,
  fields: [],
  country: null,
  views: 0,
  acceptance_rate: null,
  editions_count: null,
  reference_id: null,
});
export const journals = [
  make.journalRow(),
  make.journalRow({ id: "202", short_name: null, issn: null, issns: [], sjr: null }),
];

export const DEADLINE = {
  type: "paper",
  label: "Paper submission",
  date: "2026-05-15",
  time: "23:59:59",
  timezone: "AoE",
  utc: "2026-05-16T11:59:59Z",
  source: "ccfddl",
} as const;

/** Details that fill every bulk table: an edition, an estimate, an acceptance figure, two rank claims, an alias. */
export const OUTLOOK_NEXT: OutlookDeadline = {
  type: "paper",
  cycle_year: 2027,
  round: 1,
  rounds: 1,
  estimated: true,
  date: "2027-05-14",
  time: null,
  timezone: "AoE",
  timezone_assumed: true,
  closes_at: "2027-05-29T11:59:59Z",
  status: "upcoming",
  source: null,
  earliest: "2027-05-01",
  latest: "2027-05-28",
  confidence: 0.7,
  based_on: [2025, 2026],
  changed_at: "2026-05-01",
};

export const BULK: Partial<SnapshotContent> = {
  conferenceDetails: [
    make.conferenceDetail({
      editions: [
        {
          year: 2026,
          start_date: "2026-09-01",
          end_date: "2026-09-04",
          date_text: "September 1-4, 2026",
          place: "Lisbon, Portugal",
          country: "Portugal",
          deadlines: [DEADLINE],
          sources: ["ccfddl"],
        },
      ],
      deadline_estimates: [
        {
          type: "paper",
          edition_year: 2027,
          date: "2027-05-14",
          earliest: "2027-05-01",
          latest: "2027-05-28",
          based_on: [2025, 2026],
          confidence: 0.7,
          rhythm: "yearly",
        },
      ],
      outlook: make.emptyOutlook({
        state: "closed",
        next: OUTLOOK_NEXT,
        deadlines: [
          {
            ...OUTLOOK_NEXT,
            cycle_year: 2026,
            estimated: false,
            date: "2026-05-15",
            time: "23:59:59",
            timezone_assumed: false,
            closes_at: "2026-05-16T11:59:59Z",
            status: "passed",
            source: "ccfddl",
            earliest: null,
            latest: null,
            confidence: null,
            based_on: [],
          },
          OUTLOOK_NEXT,
        ],
      }),
      acceptance: [
        { year: 2025, submitted: 400, accepted: 100, rate: 0.25, track: null, source: "openaccept" },
      ],
      rank_history: [{ system: "CCF", edition: "CCF2026", rank: "A", source: "ccf2026" }],
    }),
  ],
  journalDetails: [
    make.journalDetail({
      rank_history: [{ system: "CCF", edition: "CCF2026", rank: "B", source: "ccf2026" }],
    }),
  ],
  aliases: [{ kind: "conference", venue_id: "101", alias: "TC" }],
};

/** The builders' details (conference 101, journal 201) and source (make.sourceInfo()); the rest as below. */
export function content(overrides: Partial<SnapshotContent> = {}): SnapshotContent {
  return make.snapshotContent({
    date: DATE,
    generatedAt: `${DATE}T04:00:00Z`,
    baseUrl: `${BASE_URL}/`,
    conferences: [scored, unscored],
    journals,
    specialIssues: [make.specialIssueRow({ journal_id: "202" })],
    idRegistry: { conferences: { "ccfddl:SE/testconf.yml#TESTCONF": "101" } },
    report: { json: { warnings: [] }, markdown: "# Build report\n\nNo warnings.\n" },
    terms: "Free use with attribution: link each venue's detail_page.",
    ...overrides,
  });
}

/** A fresh snapshots folder for each test of the file, removed after it; the getter names the current one. */
export function snapshotsRootPerTest(): () => string {
  let root = "";
  beforeEach(async () => {
    root = await tempSnapshotsDir();
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });
  return () => root;
}
