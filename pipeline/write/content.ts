/** What the snapshot writer is given (SnapshotContent), and its validation before anything touches the disk. */
import { z } from "zod";
import {
  ConferenceDetailData,
  type ConferenceRow,
  IsoDate,
  JournalDetailData,
  type JournalRow,
  SourceInfo,
  type SpecialIssueRow,
} from "../../snapshot/records.ts";
import type { Row } from "./public-tables.ts";

type SourceInfoRecord = z.infer<typeof SourceInfo>;

export interface SnapshotContent {
  /** YYYY-MM-DD, the build date (UTC); names the snapshot directory. */
  date: string;
  /** ISO instant. */
  generatedAt: string;
  /** PUBLIC_BASE_URL, for detail_page in the public JSON/CSV. */
  baseUrl: string;
  conferences: ConferenceRow[];
  journals: JournalRow[];
  specialIssues: SpecialIssueRow[];
  conferenceDetails: ConferenceDetailData[];
  journalDetails: JournalDetailData[];
  /** Written as ids.json (internal). */
  idRegistry: unknown;
  /** Names a venue is also known by (pipeline/resolve/aliases.yaml), written as aliases.parquet for search. */
  aliases?: { kind: "conference" | "journal"; venue_id: string; alias: string }[];
  /** build-report.json + build-report.md (internal). */
  report: { json: unknown; markdown: string };
  sources: SourceInfoRecord[];
  /** Terms / attribution text for the manifest and the JSON headers. */
  terms: string;
}

/** Problems listed in a validation error before the rest are only counted. */
const PROBLEMS_SHOWN = 20;

/** A venue table as validation sees it: its schema, and how errors name a record. */
export interface ValidatedTable {
  name: string;
  schema: z.ZodType;
  label: (row: Row) => string;
}

export function describeId(id: unknown): string {
  return typeof id === "string" || typeof id === "number" ? String(id) : "(no id)";
}

const Envelope = z.object({
  date: IsoDate,
  generatedAt: z.iso.datetime(),
  baseUrl: z.url({ protocol: /^https?$/ }),
  sources: z.array(SourceInfo),
  terms: z.string().min(1),
  report: z.object({ markdown: z.string() }),
});

/** The venue tables, validated from the content (the bulk tables are derived from what is validated). */
export type DatasetName = "conferences" | "journals" | "special-issues";

/**
 * A validated detail record kept as its details.json line: the text is all the writer needs, and a parsed copy
 * of every detail would double the build's memory (details are the bulk of a snapshot).
 */
export interface DetailLine {
  id: string;
  json: string;
}

export interface ValidContent {
  rows: Record<DatasetName, Row[]>;
  conferenceDetails: DetailLine[];
  journalDetails: DetailLine[];
}

/** Parses every record against its schema and checks that ids are unique and references resolve. */
export function validateContent(content: SnapshotContent, tables: readonly ValidatedTable[]): ValidContent {
  const problems: string[] = [];
  const envelope = Envelope.safeParse(content);
  if (!envelope.success) problems.push(...issues("snapshot", envelope.error));
  if (content.idRegistry === undefined) problems.push("snapshot: idRegistry is missing");
  if (content.report?.json === undefined) problems.push("snapshot: report.json is missing");

  const parseAll = <T>(schema: z.ZodType<T>, records: readonly unknown[], label: (row: Row) => string): T[] =>
    records.flatMap((record) => {
      const parsed = schema.safeParse(record);
      if (parsed.success) return [parsed.data];
      problems.push(...issues(label((record ?? {}) as Row), parsed.error));
      return [];
    });

  const input: Record<DatasetName, readonly unknown[]> = {
    conferences: content.conferences,
    journals: content.journals,
    "special-issues": content.specialIssues,
  };
  const rows = Object.fromEntries(
    tables.map((d) => [d.name, parseAll(d.schema, input[d.name as DatasetName], d.label) as Row[]]),
  ) as Record<DatasetName, Row[]>;
  const detailLines = <T extends { id: string }>(
    schema: z.ZodType<T>,
    records: readonly unknown[],
    label: (row: Row) => string,
  ): DetailLine[] =>
    records.flatMap((record) => {
      const parsed = schema.safeParse(record);
      if (parsed.success) return [{ id: parsed.data.id, json: JSON.stringify(parsed.data) }];
      problems.push(...issues(label((record ?? {}) as Row), parsed.error));
      return [];
    });
  const conferenceDetails = detailLines(
    ConferenceDetailData,
    content.conferenceDetails,
    (r) => `conference detail ${describeId(r.id)}`,
  );
  const journalDetails = detailLines(
    JournalDetailData,
    content.journalDetails,
    (r) => `journal detail ${describeId(r.id)}`,
  );

  const conferenceIds = uniqueIds(rows.conferences, "conference", problems);
  const journalIds = uniqueIds(rows.journals, "journal", problems);
  uniqueIds(conferenceDetails, "conference detail", problems);
  uniqueIds(journalDetails, "journal detail", problems);
  for (const { id } of conferenceDetails) {
    if (!conferenceIds.has(id)) problems.push(`conference detail ${id}: no conference row has this id`);
  }
  for (const { id } of journalDetails) {
    if (!journalIds.has(id)) problems.push(`journal detail ${id}: no journal row has this id`);
  }
  for (const row of rows["special-issues"]) {
    const journalId = String(row.journal_id);
    if (!journalIds.has(journalId)) {
      problems.push(
        `special issue ${JSON.stringify(row.title)}: journal_id ${journalId} matches no journal row`,
      );
    }
  }

  if (problems.length > 0) {
    const shown = problems.slice(0, PROBLEMS_SHOWN).map((p) => `  - ${p}`);
    const more =
      problems.length > PROBLEMS_SHOWN ? [`  ... and ${problems.length - PROBLEMS_SHOWN} more`] : [];
    throw new Error(`snapshot rejected, ${problems.length} problem(s):\n${[...shown, ...more].join("\n")}`);
  }
  return { rows, conferenceDetails, journalDetails };
}

export function issues(label: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.length > 0 ? `field "${issue.path.join(".")}"` : "record";
    return `${label}: ${field}: ${issue.message}`;
  });
}

/** Ids of the records, reporting duplicates (two records under one id would share one detail_page). */
function uniqueIds(records: readonly { id?: unknown }[], kind: string, problems: string[]): Set<string> {
  const ids = new Set<string>();
  for (const record of records) {
    const id = String(record.id);
    if (ids.has(id)) problems.push(`${kind} ${id}: id appears more than once`);
    ids.add(id);
  }
  return ids;
}
