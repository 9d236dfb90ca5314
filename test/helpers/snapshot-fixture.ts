/**
 * A small but complete snapshot for server and query tests, written through the real writer
 * (pipeline/write/write.ts). "Today" for these rows is FIXTURE_TODAY: some deadlines fall before it, one on it,
 * some after; ties in every ranking's sort key exist so the id tie-break is exercised.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { loadYamlTable } from "../../pipeline/sources/yaml.ts";
import type { SnapshotContent } from "../../pipeline/write/content.ts";
import { writeSnapshot } from "../../pipeline/write/write.ts";
import {
  ConferenceRow,
  type CpIndex,
  JournalRow,
  type OutlookDeadline,
  type SpecialIssueRow,
  type SubmissionOutlook,
} from "../../snapshot/records.ts";
import {
  conferenceDetail,
  conferenceRow,
  emptyOutlook,
  journalDetail,
  journalRow,
  snapshotContent,
  specialIssueRow,
} from "./rows.ts";

export const FIXTURE_TODAY = "2026-06-15";
export const FIXTURE_NOW = new Date(`${FIXTURE_TODAY}T12:00:00Z`);
export const FIXTURE_DATE = "2026-06-14";

function cpIndex(score: number): CpIndex {
  return {
    score,
    confidence: 0.8,
    version: "cp-2",
    breakdown: [
      { name: "recognition", value: score, weight: 0.4, known: true },
      { name: "selectivity", value: 50, weight: 0.2, known: false },
    ],
  };
}

type C = Partial<ConferenceRow>;

/** The outlook row fields as the pipeline derives them: the announced deadline while ahead, else the estimate. */
function nextSubmission(announced: string | null, estimated: string | null): C {
  const next = announced !== null && announced >= FIXTURE_TODAY ? announced : estimated;
  // End of the day in AoE (UTC-12): 11:59:59 UTC the next day.
  const closesAt = next
    ? new Date(Date.parse(`${next}T11:59:59Z`) + 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z")
    : null;
  return {
    next_submission_date: next,
    next_submission_closes_at: closesAt,
    next_submission_estimated: next === null ? null : next !== announced,
    outlook_state:
      next === null ? (announced ? "closed" : "unknown") : next === announced ? "open" : "closed",
    data_as_of: FIXTURE_DATE,
    stale: false,
  };
}

/** The venues as reviewed in fixture-venues.yaml: a row's own fields, the rest from rows.ts's defaults. */
const FixtureVenues = z.object({
  conferences: z.array(
    ConferenceRow.partial()
      .required({
        id: true,
        short_name: true,
        full_name: true,
        submission_date: true,
        conference_date: true,
        ccf_rank: true,
        core_rank: true,
        qualis_rank: true,
      })
      .extend({ cp_index: z.number().optional() })
      .strict(),
  ),
  journals: z.array(
    JournalRow.partial().required({ id: true, short_name: true, full_name: true, issns: true }).strict(),
  ),
});
const VENUES = loadYamlTable(new URL("./fixture-venues.yaml", import.meta.url), FixtureVenues);

export const FIXTURE_CONFERENCES: ConferenceRow[] = VENUES.conferences.map(({ cp_index, ...fields }) =>
  conferenceRow({
    notification_date: null,
    ...nextSubmission(fields.submission_date, fields.estimated_submission_date ?? null),
    ...fields,
    ...(cp_index === undefined ? {} : { cp_index: cpIndex(cp_index) }),
  }),
);

/** `issn` is the first of `issns`, as the build sets it (pipeline/merge/merge-journals.ts). */
export const FIXTURE_JOURNALS: JournalRow[] = VENUES.journals.map((fields) =>
  journalRow({ issn: fields.issns[0] ?? null, ...fields }),
);

export const FIXTURE_SPECIAL_ISSUES: SpecialIssueRow[] = [
  specialIssueRow({
    journal_id: "201",
    title: "Special Issue on Foundation Models",
    submission_date: "2026-08-01",
  }),
  specialIssueRow({
    journal_id: "201",
    title: "Special Issue on Causal Vision",
    submission_date: "2026-07-01",
  }),
  specialIssueRow({
    journal_id: "202",
    title: "Special Issue on Past Topics",
    submission_date: "2026-01-01",
  }),
  specialIssueRow({
    journal_id: "203",
    title: "Special Issue on Green Software",
    submission_date: FIXTURE_TODAY,
  }),
  specialIssueRow({
    journal_id: "205",
    title: "Special Issue on Neural Dynamics",
    submission_date: "2026-07-01",
  }),
];

const deadline = (type: "abstract" | "paper", date: string) => ({
  type,
  label: type === "paper" ? "Paper Submission Deadline" : "Abstract Deadline",
  date,
  time: "23:59:59",
  timezone: "AoE",
  // 23:59:59 AoE (UTC-12) is 11:59:59 UTC the next day.
  utc: new Date(`${date}T23:59:59-12:00`).toISOString().replace(".000Z", "Z"),
  source: "ccfddl",
});

const edition = (year: number, start: string) => ({
  year,
  start_date: start,
  end_date: start,
  date_text: null,
  place: "Somewhere",
  country: null,
  deadlines: [],
  sources: ["ccfddl"],
});

/** An announced fixture deadline as the outlook lists it (cycle 2026, AoE). */
const announcedDeadline = (
  d: ReturnType<typeof deadline>,
  round: number,
  rounds: number,
): OutlookDeadline => ({
  type: d.type,
  cycle_year: 2026,
  round,
  rounds,
  estimated: false,
  date: d.date,
  time: d.time,
  timezone: d.timezone,
  timezone_assumed: false,
  closes_at: d.utc,
  status: "upcoming",
  source: d.source,
  earliest: null,
  latest: null,
  confidence: null,
  based_on: [],
  changed_at: FIXTURE_DATE,
});

/** A fixture conference's outlook as its row states it: its next submission deadline as a paper deadline. */
function rowOutlook(c: ConferenceRow): SubmissionOutlook {
  const base = emptyOutlook({ as_of: FIXTURE_DATE, state: c.outlook_state, data_as_of: c.data_as_of });
  if (c.next_submission_date === null || c.next_submission_closes_at === null) return base;
  const estimated = c.next_submission_estimated === true;
  const next: OutlookDeadline = {
    ...announcedDeadline(deadline("paper", c.next_submission_date), 1, 1),
    cycle_year: Number(c.next_submission_date.slice(0, 4)) + 1,
    estimated,
    time: estimated ? null : "23:59:59",
    timezone_assumed: estimated,
    closes_at: c.next_submission_closes_at,
    source: estimated ? null : "ccfddl",
    earliest: estimated ? c.next_submission_date : null,
    latest: estimated ? c.next_submission_date : null,
    confidence: estimated ? 0.8 : null,
    based_on: estimated ? [2024, 2025] : [],
  };
  return { ...base, next, deadlines: [next] };
}

/** ICML: an announced round (abstract, then paper) and a second round only estimated. */
const ICML_OUTLOOK = emptyOutlook({
  as_of: FIXTURE_DATE,
  state: "open",
  next: announcedDeadline(deadline("abstract", "2026-06-24"), 1, 2),
  deadlines: [
    announcedDeadline(deadline("abstract", "2026-06-24"), 1, 2),
    announcedDeadline(deadline("paper", "2026-07-01"), 1, 2),
    {
      ...announcedDeadline(deadline("paper", "2026-11-20"), 2, 2),
      estimated: true,
      time: null,
      timezone_assumed: true,
      closes_at: "2026-11-26T11:59:59Z",
      source: null,
      earliest: "2026-11-15",
      latest: "2026-11-25",
      confidence: 0.7,
      based_on: [2024, 2025],
    },
  ],
  other_dates: [
    {
      type: "notification",
      label: "Notification",
      date: "2026-08-20",
      time: null,
      timezone: null,
      source: "ccfddl",
    },
  ],
  conference: { year: 2026, start_date: "2026-09-10", end_date: "2026-09-10", place: "Vancouver, Canada" },
  data_as_of: FIXTURE_DATE,
});

/** Every fixture conference has its detail: ICML's in full, the others with the outlook their row states. */
export const FIXTURE_CONFERENCE_DETAILS = FIXTURE_CONFERENCES.map((c) =>
  c.id === "101"
    ? conferenceDetail({
        id: "101",
        website: "https://icml.example.org",
        cfp_text: "ICML invites submissions on all topics of machine learning.",
        deadlines: [deadline("abstract", "2026-06-24"), deadline("paper", "2026-07-01")],
        editions: [edition(2024, "2024-07-21"), edition(2026, "2026-09-10"), edition(2025, "2025-07-13")],
        outlook: ICML_OUTLOOK,
        acceptance: [
          { year: 2023, submitted: 6538, accepted: 1827, rate: 0.279, track: null, source: "lixin" },
          { year: 2025, submitted: 12107, accepted: 3260, rate: 0.269, track: null, source: "lixin" },
        ],
        rank_history: [{ system: "CCF", edition: "CCF2022", rank: "A", source: "ccf" }],
      })
    : conferenceDetail({ id: c.id, website: null, dblp: null, sources: [], outlook: rowOutlook(c) }),
);

export const FIXTURE_JOURNAL_DETAILS = [
  journalDetail({
    id: "201",
    website: "https://tpami.example.org",
    cfp_text: "TPAMI publishes articles on computer vision and pattern analysis.",
    special_issues: [
      {
        title: "Special Issue on Foundation Models",
        submission_date: "2026-08-01",
        description: null,
        topics: ["foundation models"],
        editors: ["A. Editor"],
        url: "https://tpami.example.org/si/fm",
        source: "special_issues",
      },
      {
        title: "Special Issue on Old Things",
        submission_date: "2025-01-01",
        description: null,
        topics: [],
        editors: [],
        url: "https://tpami.example.org/si/old",
        source: "special_issues",
      },
      {
        title: "Special Issue on Causal Vision",
        submission_date: "2026-07-01",
        description: "Causality meets vision.",
        topics: ["causality"],
        editors: [],
        url: "https://tpami.example.org/si/cv",
        source: "special_issues",
      },
    ],
    metrics: [
      { year: 2022, sjr: 6.1, quartile: "Q1", h_index: 380, cites_per_doc_2y: 19.5 },
      { year: 2023, sjr: 6.4, quartile: "Q1", h_index: 400, cites_per_doc_2y: 21.0 },
    ],
  }),
];

/** The fixture rows and details, with the row builders' one source. */
export function fixtureContent(overrides: Partial<SnapshotContent> = {}): SnapshotContent {
  return snapshotContent({
    date: FIXTURE_DATE,
    generatedAt: `${FIXTURE_DATE}T03:00:00Z`,
    baseUrl: "http://localhost:4321",
    conferences: FIXTURE_CONFERENCES,
    journals: FIXTURE_JOURNALS,
    specialIssues: FIXTURE_SPECIAL_ISSUES,
    conferenceDetails: FIXTURE_CONFERENCE_DETAILS,
    journalDetails: FIXTURE_JOURNAL_DETAILS,
    idRegistry: { conferences: {}, journals: {} },
    report: { json: { fixture: true }, markdown: "# Fixture build\n" },
    terms: "Fixture data for tests.",
    ...overrides,
  });
}

/** A fresh temp folder to hold snapshots (and `latest`). */
export function tempSnapshotsDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "venue-snapshots-"));
}

/** Writes the fixture (with overrides) as a dated snapshot and points `latest` at it. */
export function writeFixtureSnapshot(snapshotsDir: string, overrides: Partial<SnapshotContent> = {}) {
  return writeSnapshot(snapshotsDir, fixtureContent(overrides));
}
