/**
 * What one upstream source says about one venue, before entity resolution. Every importer turns its
 * source's own format into these; resolution and merging never look at a source's raw format.
 */

import type { z } from "zod";
import type {
  AcceptanceRow,
  CcfCategory,
  CcfRank,
  CoreForCode,
  Edition,
  JournalMetricYear,
  RankHistoryEntry,
  ResearchField,
  SpecialIssue,
} from "../../snapshot/records.ts";

export type SourceId =
  | "reference" // conference-partner: the reference service's published snapshot
  | "ccfddl"
  | "hf"
  | "pwc"
  | "ccf" // ccf-list: CCF 2022 recommended list
  | "core" // core-history: CORE 2014-2023 editions
  | "icore" // scholar-utility-belt core_icore2026.csv
  | "core_portal" // scholar-utility-belt core_portal_ranks.csv
  | "qualis"
  | "csconferences"
  | "lixin"
  | "scimago"
  | "special_issues"
  | "ccf2026" // ccf-list-2026: CCF 2026 recommended list (the current CCF ranks)
  | "openaccept" // OpenAccept acceptance figures (CC BY-SA 4.0), websites, dblp links
  | "mpc"; // mpc-deadlines: security, cryptography and theory deadlines

/** Snapshot of the reference service's current row for a conference (dates as it publishes them). */
export interface ReferenceConferenceState {
  submission_date: string | null;
  notification_date: string | null;
  conference_date: string | null;
  location: string | null;
  is_extended: boolean | null;
  updated_at: string | null;
}

export interface ConferenceObservation {
  source: SourceId;
  /** Unique within the source, stable across runs (e.g. "AI/aaai.yml#AAAI", "CORE2023#2172"). */
  key: string;
  /** The file the record came from, relative to the upstream dir, for error messages and the report. */
  file: string;
  acronym: string | null;
  title: string | null;
  /** dblp key normalised to "conf/<name>" (e.g. "conf/aaai"), null when unknown. */
  dblp: string | null;
  /** Further dblp keys a list row gives the venue (CCF 2026's second dblp paths): for matching only. */
  otherDblp?: string[];
  /** CORE portal id, stable across CORE editions. */
  coreId: string | null;
  /** The reference service's integer id. */
  referenceId: number | null;
  /** Every rank claim this source makes, with its list edition. Unranked claims are omitted. */
  ranks: RankHistoryEntry[];
  fields: ResearchField[];
  /** Fields a broad source code suggests, kept only where a finer source agrees (pipeline/fields/venue-fields.ts). */
  tentativeFields: ResearchField[];
  /** The CCF categories this source files the venue under (a CCF list row's, ccfddl's `sub`). */
  ccfCategories: CcfCategory[];
  /** CORE's field-of-research codes for the venue (core-history, 2020 vocabulary). */
  forCodes: CoreForCode[];
  editions: Edition[];
  acceptance: AcceptanceRow[];
  /** The venue's official website (series or latest edition link): paid output only. */
  website: string | null;
  /** Reference snapshot only: its current row. */
  reference: ReferenceConferenceState | null;
  /** All-time page views (reference `clicked`). */
  views: number | null;
  /** Editions held (reference `years`). */
  editionsCount: number | null;
}

export interface JournalObservation {
  source: SourceId;
  key: string;
  file: string;
  title: string;
  acronym: string | null;
  /** Normalised "XXXX-XXXX" (upper-case X check digit); dummy 0000-0000 dropped. */
  issns: string[];
  /** dblp key normalised to "journals/<name>". */
  dblp: string | null;
  /** Further dblp keys a list row gives the journal (CCF 2026's second dblp paths): for matching only. */
  otherDblp?: string[];
  referenceId: number | null;
  publisher: string | null;
  /** As published (reference snapshot), kept as a string. */
  impactFactor: string | null;
  ccfRank: z.infer<typeof CcfRank>;
  ranks: RankHistoryEntry[];
  fields: ResearchField[];
  /** Fields a broad source code suggests, kept only where a finer source agrees (pipeline/fields/venue-fields.ts). */
  tentativeFields: ResearchField[];
  /** The CCF categories this source files the journal under (a CCF list row's). */
  ccfCategories: CcfCategory[];
  metrics: z.infer<typeof JournalMetricYear>[];
  specialIssues: SpecialIssue[];
  views: number | null;
  updatedAt: string | null;
  website: string | null;
}

export interface Rejection {
  file: string;
  record: string;
  reason: string;
}

export interface ImportResult {
  source: SourceId;
  /** Records read from the source (rows, YAML entries...). */
  read: number;
  conferences: ConferenceObservation[];
  journals: JournalObservation[];
  /** Records skipped with a reason (kept in the build report). A malformed file throws SourceError instead. */
  rejected: Rejection[];
}

/** A source file that cannot be read at all: the build fails, naming the file and the record. */
export class SourceError extends Error {
  constructor(
    readonly file: string,
    readonly record: string,
    message: string,
  ) {
    super(`${file}: ${record}: ${message}`);
    this.name = "SourceError";
  }
}

export type Importer = (upstreamDir: string) => Promise<ImportResult>;

/** Defaults for the optional parts of an observation, so importers state only what their source has. */
export function conferenceObservation(
  base: Pick<ConferenceObservation, "source" | "key" | "file" | "acronym" | "title"> &
    Partial<ConferenceObservation>,
): ConferenceObservation {
  return {
    dblp: null,
    coreId: null,
    referenceId: null,
    ranks: [],
    fields: [],
    tentativeFields: [],
    ccfCategories: [],
    forCodes: [],
    editions: [],
    acceptance: [],
    website: null,
    reference: null,
    views: null,
    editionsCount: null,
    ...base,
  };
}

export function journalObservation(
  base: Pick<JournalObservation, "source" | "key" | "file" | "title"> & Partial<JournalObservation>,
): JournalObservation {
  return {
    acronym: null,
    issns: [],
    dblp: null,
    referenceId: null,
    publisher: null,
    impactFactor: null,
    ccfRank: "",
    ranks: [],
    fields: [],
    tentativeFields: [],
    ccfCategories: [],
    metrics: [],
    specialIssues: [],
    views: null,
    updatedAt: null,
    website: null,
    ...base,
  };
}
