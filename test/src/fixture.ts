/**
 * A small snapshot for the site tests: a few conferences and journals with every kind of fact a page shows
 * (typed deadlines in AoE, a UTC offset and an IANA zone, a date-only deadline, past editions, acceptance
 * history, rank history, special issues), official websites that must never be printed, and enough filler
 * conferences in one field to need a second page of search results. Dates sit in 2099 with the build clock
 * pinned just before them, so feeds, countdowns and the browser agree whenever the tests run.
 */
import type { z } from "zod";
import { stampChanges } from "../../pipeline/estimate/changed-at.ts";
import { outlookRowFields, submissionOutlook } from "../../pipeline/estimate/outlook.ts";
import type { SnapshotContent } from "../../pipeline/write/content.ts";
import type {
  ConferenceDetailData,
  ConferenceRow,
  Deadline,
  JournalDetailData,
  JournalRow,
  SourceInfo,
  SpecialIssueRow,
} from "../../snapshot/records.ts";
import * as make from "../helpers/rows.ts";

export const BUILD_NOW = "2099-01-10T00:00:00Z";
/** The date the fixture's deadline data is from (the outlooks' `data_as_of`). */
export const DATA_AS_OF = "2099-01-05";
export const BASE_URL = "https://venues.test";

/** Every URL a free page must never print: official websites, special-issue pages, a cited venue site. */
export const FORBIDDEN_URLS = [
  "https://testconf.example.org",
  "https://secconf.example.net",
  "https://jtest.example.com",
  "https://jtest.example.com/si-open",
  "https://testconf-2023.example.org/accepted",
];

/** A typed deadline as published, with the instant the snapshot builder computed for it. */
function deadline(
  type: Deadline["type"],
  date: string,
  time: string | null,
  timezone: string | null,
  utc: string | null,
  label: string = type,
): Deadline {
  return { type, label, date, time, timezone, utc, source: "ccfddl" };
}

export const TESTCONF_ABSTRACT = deadline(
  "abstract",
  "2099-01-15",
  "23:59:59",
  "AoE",
  "2099-01-16T11:59:59Z",
);
export const TESTCONF_PAPER = deadline("paper", "2099-01-20", "23:59:59", "UTC-8", "2099-01-21T07:59:59Z");
/** Date only: no instant, an all-day event. */
export const TESTCONF_NOTIFICATION = deadline("notification", "2099-02-25", null, null, null, "Notification");
export const SECCONF_PAPER = deadline(
  "paper",
  "2099-01-30",
  "12:00:00",
  "Europe/Berlin",
  "2099-01-30T11:00:00Z",
);
/** Due after the RSS window (30 days from BUILD_NOW) but still upcoming. */
export const SECCONF_CAMERA = deadline(
  "camera_ready",
  "2099-03-20",
  "23:59:00",
  "UTC+8",
  "2099-03-20T15:59:00Z",
);
export const PAST_PAPER = deadline("paper", "2098-01-20", "23:59:59", "AoE", "2098-01-21T11:59:59Z");

const TESTCONF_DETAIL = make.conferenceDetail({
  id: "101",
  website: "https://testconf.example.org",
  deadlines: [TESTCONF_ABSTRACT, TESTCONF_PAPER, TESTCONF_NOTIFICATION],
  editions: [
    {
      year: 2098,
      start_date: "2098-05-01",
      end_date: "2098-05-04",
      date_text: "May 1-4, 2098",
      place: "Porto, Portugal",
      country: "Portugal",
      deadlines: [PAST_PAPER],
      sources: ["ccfddl"],
    },
    {
      year: 2099,
      start_date: "2099-05-10",
      end_date: "2099-05-13",
      date_text: "May 10-13, 2099",
      place: "Lisbon, Portugal",
      country: "Portugal",
      deadlines: [TESTCONF_ABSTRACT, TESTCONF_PAPER, TESTCONF_NOTIFICATION],
      sources: ["ccfddl"],
    },
  ],
  acceptance: [
    // ccfddl cites its own source in `source`, here the venue's site: it must be credited to ccfddl instead.
    {
      year: 2097,
      submitted: 500,
      accepted: 100,
      rate: 0.2,
      track: null,
      source: "https://testconf-2023.example.org/accepted",
    },
    { year: 2098, submitted: 600, accepted: 108, rate: 0.18, track: null, source: "lixin" },
  ],
  rank_history: [
    { system: "CCF", edition: "CCF2022", rank: "A", source: "ccf" },
    { system: "CORE", edition: "CORE2018", rank: "A", source: "core" },
    { system: "CORE", edition: "CORE2023", rank: "A*", source: "core" },
    { system: "CORE", edition: "ICORE2026", rank: "A*", source: "icore" },
    { system: "QUALIS", edition: "QUALIS2017-2020", rank: "A1", source: "qualis" },
  ],
  sources: [
    { source: "reference", key: "conference/9001" },
    { source: "ccfddl", key: "AI/testconf.yml#TESTCONF" },
    { source: "core", key: "CORE2023#123" },
    { source: "lixin", key: "TESTCONF" },
  ],
});

const SECCONF_DETAIL = make.conferenceDetail({
  id: "102",
  website: "https://secconf.example.net",
  deadlines: [SECCONF_PAPER, SECCONF_CAMERA],
  editions: [
    {
      year: 2099,
      start_date: null,
      end_date: null,
      date_text: "June 2099",
      place: "Berlin, Germany",
      country: "Germany",
      deadlines: [SECCONF_PAPER, SECCONF_CAMERA],
      sources: ["ccfddl"],
    },
  ],
  sources: [{ source: "ccfddl", key: "SC/secconf.yml#SECCONF" }],
});

/** Two past editions with a mid-February paper deadline and nothing announced for 2099: an estimated round. */
const TWINCONF_DETAIL = make.conferenceDetail({
  id: "104",
  website: null,
  deadlines: [],
  editions: [2097, 2098].map((year) => ({
    year,
    start_date: `${year}-07-01`,
    end_date: `${year}-07-04`,
    date_text: null,
    place: "VIENNA, AUSTRIA",
    country: "Austria",
    deadlines: [deadline("paper", `${year}-02-14`, "23:59:59", "AoE", `${year}-02-15T11:59:59Z`)],
    sources: ["ccfddl"],
  })),
  sources: [{ source: "ccfddl", key: "AI/twinconf.yml#TWINCONF" }],
});

/**
 * The outlook the pipeline computes for a detail at the build clock (pipeline/estimate/outlook.ts), dated as a
 * first build dates it: each deadline from its source's data (changed-at.ts).
 */
const withOutlook =
  (dataAsOf: string) =>
  (detail: ConferenceDetailData): ConferenceDetailData => ({
    ...detail,
    outlook: stampChanges(submissionOutlook({ editions: detail.editions, nowIso: BUILD_NOW, dataAsOf }), {
      previous: null,
      buildDate: BUILD_NOW.slice(0, 10),
      sourceDate: () => dataAsOf,
    }),
  });

/** Rows carry their detail's outlook fields; a venue without a detail has an unknown outlook. */
function withOutlookFields(rows: ConferenceRow[], details: readonly ConferenceDetailData[]): ConferenceRow[] {
  const byId = new Map(details.map((d) => [d.id, d.outlook]));
  return rows.map((row) => ({
    ...row,
    ...outlookRowFields(byId.get(row.id) ?? make.emptyOutlook({ as_of: BUILD_NOW.slice(0, 10) })),
  }));
}

const CP_INDEX: ConferenceRow["cp_index"] = {
  score: 81.5,
  confidence: 0.9,
  version: "cp-2",
  breakdown: [
    { name: "recognition", value: 100, weight: 0.35, known: true },
    { name: "selectivity", value: 80, weight: 0.25, known: true },
    { name: "longevity", value: 50, weight: 0.15, known: false },
    { name: "community", value: 60, weight: 0.15, known: true },
    { name: "completeness", value: 90, weight: 0.1, known: true },
  ],
};

/** Filler conferences in one field: more than one page (20 rows) of search results. */
export const FILLER_FIELD = "theory";
export const FILLER_COUNT = 22;

function conferences(): ConferenceRow[] {
  const fillers = Array.from({ length: FILLER_COUNT }, (_, i) =>
    make.conferenceRow({
      id: String(300 + i),
      short_name: `FILLER${String(i + 1).padStart(2, "0")}`,
      full_name: `Filler Symposium on Theory ${i + 1}`,
      ccf_rank: "",
      core_rank: "",
      qualis_rank: "",
      fields: [FILLER_FIELD],
      reference_id: null,
      acceptance_rate: null,
      submission_date: null,
    }),
  );
  return [
    make.conferenceRow({
      id: "101",
      short_name: "TESTCONF",
      full_name: "International Conference on Testing",
      submission_date: "2099-01-20",
      notification_date: "2099-02-25",
      conference_date: "2099-05-10",
      location: "Lisbon, Portugal",
      ccf_rank: "A",
      core_rank: "A*",
      qualis_rank: "A1",
      fields: ["ai", "ml"],
      cp_index: CP_INDEX,
      acceptance_rate: 0.18,
      reference_id: 9001,
    }),
    make.conferenceRow({
      id: "102",
      short_name: "SECCONF",
      full_name: "Symposium on Secure Things",
      submission_date: "2099-01-30",
      notification_date: null,
      conference_date: "2099-06-01",
      location: "Berlin, Germany",
      ccf_rank: "B",
      core_rank: "",
      qualis_rank: "B1",
      fields: ["security"],
      country: "Germany",
      reference_id: null,
      acceptance_rate: null,
    }),
    make.conferenceRow({
      id: "103",
      short_name: "OLDCONF",
      full_name: "Workshop Without Details",
      submission_date: "2098-03-01",
      ccf_rank: "C",
      core_rank: "C",
      qualis_rank: "",
      fields: [],
      reference_id: 9003,
      acceptance_rate: null,
    }),
    make.conferenceRow({
      id: "104",
      short_name: "TWINCONF",
      full_name: "Twin Conference on Learning",
      submission_date: null,
      ccf_rank: "A",
      core_rank: "A",
      qualis_rank: "A2",
      fields: ["ai"],
      reference_id: null,
    }),
    ...fillers,
  ];
}

function journals(): JournalRow[] {
  return [
    make.journalRow({
      id: "201",
      short_name: "JTEST",
      full_name: "Journal of Testing",
      ccf_rank: "A",
      fields: ["ai", "se"],
      sjr: 2.1,
      sjr_quartile: "Q1",
      reference_id: 7001,
    }),
    make.journalRow({
      id: "202",
      short_name: null,
      full_name: "Other Letters",
      ccf_rank: "",
      issn: "2345-6789",
      issns: ["2345-6789"],
      fields: ["se"],
      sjr: null,
      sjr_quartile: null,
      h_index: null,
      cites_per_doc_2y: null,
      sjr_year: null,
      reference_id: null,
    }),
  ];
}

const JTEST_DETAIL = make.journalDetail({
  id: "201",
  website: "https://jtest.example.com",
  special_issues: [
    {
      title: "Special Issue on Open Testing",
      submission_date: "2099-03-01",
      description: null,
      topics: ["fuzzing", "oracles"],
      editors: ["Ada Lovelace (Analytical Engines)"],
      url: "https://jtest.example.com/si-open",
      source: "special_issues",
    },
    {
      title: "Special Issue on Past Testing",
      submission_date: "2098-03-01",
      description: null,
      topics: [],
      editors: [],
      url: null,
      source: "special_issues",
    },
  ],
  metrics: [
    { year: 2019, sjr: 1.5, quartile: "Q1", h_index: 40, cites_per_doc_2y: 3.1 },
    { year: 2020, sjr: 1.8, quartile: "Q1", h_index: 41, cites_per_doc_2y: 3.3 },
    { year: 2021, sjr: 2.1, quartile: "Q1", h_index: 42, cites_per_doc_2y: 3.4 },
  ],
  rank_history: [{ system: "CCF", edition: "CCF2022", rank: "A", source: "ccf" }],
  sources: [
    { source: "reference", key: "journal/7001" },
    { source: "scimago", key: "scimago/1" },
    { source: "special_issues", key: "JTEST" },
  ],
});

/** JTEST's calls as the special-issue table lists them. */
function specialIssues(): SpecialIssueRow[] {
  return JTEST_DETAIL.special_issues.map(({ title, submission_date }) =>
    make.specialIssueRow({ journal_id: JTEST_DETAIL.id, title, submission_date }),
  );
}

/** The deadline tracker's data is of `dataAsOf` (the date the outlooks' `data_as_of` comes from). */
function sources(dataAsOf: string): z.infer<typeof SourceInfo>[] {
  const source = (id: string, name: string, license: string) =>
    make.sourceInfo({
      id,
      name,
      repo: `https://github.com/example/${id}`,
      license,
      attribution: `Data from ${name}.`,
    });
  return [
    source(
      "reference",
      "Conference Partner (myhuiban.com) published daily snapshot",
      "Free use with attribution",
    ),
    make.sourceInfo({ date: dataAsOf }),
    source("ccf", "CCF recommended list 2022", "MIT"),
    source("core", "CORE rankings 2014-2023", "MIT"),
    source("icore", "ICORE2026", "ISC"),
    source("qualis", "QUALIS CAPES 2017-2020", "MIT"),
    source("lixin", "lixin4ever/Conference-Acceptance-Rate", "MIT"),
    source("scimago", "SCImago Journal & Country Rank", "MIT; data © SCImago"),
    source("special_issues", "julianprester/calls-for-papers", "MIT"),
  ];
}

export interface FixtureOptions {
  /** Adds one more conference with its own deadline and reverses the row order (UID stability check). */
  changed?: boolean;
  generatedAt?: string;
  /** The date of the deadline data (outlooks' `data_as_of`, the tracker's data date); DATA_AS_OF by default. */
  dataAsOf?: string;
}

export function fixtureSnapshot(options: FixtureOptions = {}): SnapshotContent {
  const confs = conferences();
  const dataAsOf = options.dataAsOf ?? DATA_AS_OF;
  const details: ConferenceDetailData[] = [TESTCONF_DETAIL, SECCONF_DETAIL, TWINCONF_DETAIL].map(
    withOutlook(dataAsOf),
  );
  if (options.changed) {
    confs.push(
      make.conferenceRow({
        id: "105",
        short_name: "NEWCONF",
        full_name: "New Conference",
        fields: ["ai"],
        reference_id: null,
      }),
    );
    details.push(
      withOutlook(dataAsOf)(
        make.conferenceDetail({
          id: "105",
          website: null,
          deadlines: [],
          editions: [
            {
              year: 2099,
              start_date: null,
              end_date: null,
              date_text: null,
              place: null,
              country: null,
              deadlines: [deadline("paper", "2099-01-12", "23:59:59", "AoE", "2099-01-13T11:59:59Z")],
              sources: ["ccfddl"],
            },
          ],
        }),
      ),
    );
    confs.reverse();
    details.reverse();
  }
  const journalDetails: JournalDetailData[] = [JTEST_DETAIL];
  return {
    date: "2099-01-09",
    generatedAt: options.generatedAt ?? "2099-01-09T06:00:00Z",
    baseUrl: BASE_URL,
    conferences: withOutlookFields(confs, details),
    journals: journals(),
    specialIssues: specialIssues(),
    conferenceDetails: details,
    journalDetails,
    idRegistry: {},
    report: { json: {}, markdown: "# Build report\n" },
    sources: sources(dataAsOf),
    terms: "Free use with attribution; link each venue's page.",
  };
}
