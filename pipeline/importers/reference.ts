/**
 * The reference service's published snapshot (conference-partner/*.json). Its eight lists are cuts of one
 * catalogue, so a venue appears in several of them; we emit one observation per reference id and take the
 * union of what its rows say (a list adds `clicked`, another `years`, a third the special-issue call).
 * The rows' `detail_page` is the reference's own page, never the venue's website: it is not imported.
 */
import { join } from "node:path";
import { z } from "zod";
import {
  CcfRank,
  IsoDate,
  type RankHistoryEntry,
  REFERENCE_EDITION_PREFIX,
  type SpecialIssue,
} from "../../snapshot/records.ts";
import { cleanNames, cleanText, NAMELESS_REASON, normalizeIssn } from "../normalize/normalize.ts";
import { readJsonFile } from "../sources/json-file.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type ImportResult,
  type JournalObservation,
  journalObservation,
  type Rejection,
  SourceError,
} from "../sources/observations.ts";

const DIR = "conference-partner";
const SOURCE = "reference";

const CONFERENCE_FILES = [
  "upcoming-deadlines.json",
  "ccf-conferences.json",
  "core-conferences.json",
  "qualis-conferences.json",
  "open-calls-by-rank.json",
];
const JOURNAL_FILES = ["ccf-journals.json", "top-impact-factor-journals.json", "journal-special-issues.json"];

const text = z.string().nullish();
const count = z.number().int().min(0).nullish();

/** What both lists give every venue. */
const ListedVenue = z.object({
  id: z.number().int(),
  short_name: text,
  full_name: text,
  updated_at: text,
  clicked: count,
});

const ConferenceItem = ListedVenue.extend({
  submission_date: text,
  notification_date: text,
  conference_date: text,
  location: text,
  ccf_rank: text,
  core_rank: text,
  qualis_rank: text,
  is_extended: z.boolean().nullish(),
  years: count,
});
type ConferenceItem = z.infer<typeof ConferenceItem>;

const JournalItem = ListedVenue.extend({
  impact_factor: text,
  publisher: text,
  issn: text,
  ccf_rank: CcfRank.nullish(),
  special_issue: z.object({ title: text, submission_date: text }).nullish(),
});
type JournalItem = z.infer<typeof JournalItem>;

/** A row with the list edition its rank values belong to ("reference-<date the file was generated>"). */
interface Sourced<T> {
  file: string;
  edition: string;
  item: T;
}

interface ListFile {
  file: string;
  edition: string;
  items: unknown[];
}

async function readList(upstreamDir: string, name: string, arrayKey: string): Promise<ListFile> {
  const file = `${DIR}/${name}`;
  const data = await readJsonFile(join(upstreamDir, DIR, name), file);
  const header = z.object({ generated_at: z.string() }).safeParse(data);
  const items = z.array(z.unknown()).safeParse((data as Record<string, unknown> | null)?.[arrayKey]);
  if (!header.success || !items.success) {
    throw new SourceError(file, "header", `expected generated_at and a "${arrayKey}" array`);
  }
  const generated = new Date(header.data.generated_at);
  if (Number.isNaN(generated.getTime())) {
    throw new SourceError(file, "header", `generated_at is not a timestamp: ${header.data.generated_at}`);
  }
  const edition = `${REFERENCE_EDITION_PREFIX}${generated.toISOString().slice(0, 10)}`;
  return { file, edition, items: items.data };
}

/** Validated rows of some lists, grouped by reference id in list order; invalid rows are rejected. */
async function readRows<T extends { id: number }>(
  upstreamDir: string,
  names: readonly string[],
  arrayKey: string,
  schema: z.ZodType<T>,
  rejected: Rejection[],
): Promise<{ read: number; byId: Map<number, Sourced<T>[]> }> {
  const byId = new Map<number, Sourced<T>[]>();
  let read = 0;
  for (const name of names) {
    const list = await readList(upstreamDir, name, arrayKey);
    list.items.forEach((raw, index) => {
      read++;
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const reason = `${issue?.path.join(".") || "row"}: ${issue?.message ?? "invalid"}`;
        rejected.push({ file: list.file, record: `${arrayKey}[${index}]`, reason });
        return;
      }
      const rows = byId.get(parsed.data.id) ?? [];
      rows.push({ file: list.file, edition: list.edition, item: parsed.data });
      byId.set(parsed.data.id, rows);
    });
  }
  return { read, byId };
}

/** The first value the rows state (lists agree; a list that lacks a fact leaves it blank or absent). */
function first<T, V>(rows: Sourced<T>[], get: (item: T) => V | null | undefined): V | null {
  for (const { item } of rows) {
    const value = get(item);
    if (value !== null && value !== undefined && value !== "") return value;
  }
  return null;
}

function rankClaims<T>(
  rows: Sourced<T>[],
  systems: readonly [RankHistoryEntry["system"], (item: T) => string | null | undefined][],
): RankHistoryEntry[] {
  const claims = new Map<string, RankHistoryEntry>();
  for (const { edition, item } of rows) {
    for (const [system, get] of systems) {
      const rank = cleanText(get(item));
      if (rank) claims.set(`${system}|${edition}|${rank}`, { system, edition, rank, source: SOURCE });
    }
  }
  return [...claims.values()];
}

/** The venue's short and full name from its first rows that give them, cleaned; null when it has none. */
function namesOf(rows: Sourced<{ short_name?: string | null; full_name?: string | null }>[]) {
  return cleanNames(
    first(rows, (r) => cleanText(r.short_name)),
    first(rows, (r) => cleanText(r.full_name)),
  );
}

function conferenceFrom(id: number, rows: Sourced<ConferenceItem>[]): ConferenceObservation | null {
  const names = namesOf(rows);
  if (!names) return null;
  return conferenceObservation({
    source: SOURCE,
    key: `conference/${id}`,
    file: rows[0]?.file ?? DIR,
    ...names,
    referenceId: id,
    ranks: rankClaims(rows, [
      ["CCF", (r) => r.ccf_rank],
      ["CORE", (r) => r.core_rank],
      ["QUALIS", (r) => r.qualis_rank],
    ]),
    reference: {
      submission_date: first(rows, (r) => cleanText(r.submission_date)),
      notification_date: first(rows, (r) => cleanText(r.notification_date)),
      conference_date: first(rows, (r) => cleanText(r.conference_date)),
      location: first(rows, (r) => cleanText(r.location)),
      is_extended: first(rows, (r) => r.is_extended),
      updated_at: first(rows, (r) => cleanText(r.updated_at)),
    },
    views: first(rows, (r) => r.clicked),
    editionsCount: first(rows, (r) => r.years),
  });
}

function specialIssuesOf(rows: Sourced<JournalItem>[]): SpecialIssue[] {
  const calls = new Map<string, SpecialIssue>();
  for (const { item } of rows) {
    const title = cleanText(item.special_issue?.title);
    if (!title) continue;
    const date = IsoDate.safeParse(cleanText(item.special_issue?.submission_date));
    const submission_date = date.success ? date.data : null;
    calls.set(`${title}|${submission_date}`, {
      title,
      submission_date,
      description: null,
      topics: [],
      editors: [],
      url: null,
      source: SOURCE,
    });
  }
  return [...calls.values()];
}

function journalFrom(id: number, rows: Sourced<JournalItem>[]): JournalObservation | null {
  const names = namesOf(rows);
  if (!names) return null;
  const issns = new Set(rows.map(({ item }) => normalizeIssn(item.issn)).filter((i) => i !== null));
  return journalObservation({
    source: SOURCE,
    key: `journal/${id}`,
    file: rows[0]?.file ?? DIR,
    // A journal known by its acronym only is still named by it.
    title: names.title ?? names.acronym ?? "",
    acronym: names.acronym,
    issns: [...issns],
    referenceId: id,
    publisher: first(rows, (r) => cleanText(r.publisher)),
    impactFactor: first(rows, (r) => cleanText(r.impact_factor)),
    ccfRank: first(rows, (r) => r.ccf_rank) ?? "",
    ranks: rankClaims(rows, [["CCF", (r) => r.ccf_rank]]),
    specialIssues: specialIssuesOf(rows),
    views: first(rows, (r) => r.clicked),
    updatedAt: first(rows, (r) => cleanText(r.updated_at)),
  });
}

/** Builds one observation per id; ids whose rows name the venue in no way are rejected. */
function build<T, O>(
  byId: Map<number, Sourced<T>[]>,
  kind: string,
  make: (id: number, rows: Sourced<T>[]) => O | null,
  rejected: Rejection[],
): O[] {
  const out: O[] = [];
  for (const id of [...byId.keys()].sort((a, b) => a - b)) {
    const rows = byId.get(id) ?? [];
    const observation = make(id, rows);
    if (observation) out.push(observation);
    else rejected.push({ file: rows[0]?.file ?? DIR, record: `${kind}/${id}`, reason: NAMELESS_REASON });
  }
  return out;
}

export async function importReference(upstreamDir: string): Promise<ImportResult> {
  const rejected: Rejection[] = [];
  const conferences = await readRows(upstreamDir, CONFERENCE_FILES, "conferences", ConferenceItem, rejected);
  const journals = await readRows(upstreamDir, JOURNAL_FILES, "journals", JournalItem, rejected);
  return {
    source: SOURCE,
    read: conferences.read + journals.read,
    conferences: build(conferences.byId, "conference", conferenceFrom, rejected),
    journals: build(journals.byId, "journal", journalFrom, rejected),
    rejected,
  };
}
