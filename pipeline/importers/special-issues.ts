/**
 * julianprester/calls-for-papers (journal-special-issues/): special-issue calls of Information Systems
 * journals. `calls_all_history_union.json` gathers every call the repository ever listed, in two schemas:
 * the old one (`title, url, dueDate` as epoch milliseconds) and the current one (`slug`, `dates[]` with a
 * full-paper flag, `topics`, `description.paragraphs`, `editors`). `calls_HEAD.json` is the current list:
 * its copy of a call replaces the union's.
 *
 * The union keeps some calls twice, once per schema, under the same url or a moved one (IJIM's calls left
 * journals.elsevier.com for sciencedirect.com); one url (ISR's "calls-for-papers" page) holds several
 * different calls. So a call is identified by its journal and its title with the "Call for Papers: Special
 * Issue on" wording and punctuation removed; two versions with that identity are one call when they share
 * the url or do not state different full-paper deadlines (JAIS published "Innovation in Information
 * Infrastructures" twice, a month apart, under two urls).
 * The versions of one call are merged field by field, the current or most recently seen version first.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { SpecialIssue } from "../../snapshot/records.ts";
import { cleanText, normalizeTitle } from "../normalize/normalize.ts";
import { readJsonFile } from "../sources/json-file.ts";
import {
  type ImportResult,
  type JournalObservation,
  journalObservation,
  type Rejection,
  SourceError,
} from "../sources/observations.ts";
import { journalPageOf } from "./journal-pages.ts";

export const SPECIAL_ISSUES_DIR = "journal-special-issues";
const UNION_FILE = `${SPECIAL_ISSUES_DIR}/calls_all_history_union.json`;
const HEAD_FILE = `${SPECIAL_ISSUES_DIR}/calls_HEAD.json`;

const RawDate = z.object({
  date: z.string().nullish(),
  description: z.string().nullish(),
  is_full_paper_submission_deadline: z.boolean().nullish(),
});

const RawCall = z.object({
  journal: z.string(),
  abbreviation: z.string().nullish(),
  title: z.string().nullish(),
  metaTitle: z.string().nullish(),
  slug: z.string().nullish(),
  url: z.string().nullish(),
  dueDate: z.number().nullish(),
  dates: z.array(RawDate).nullish(),
  topics: z.array(z.string()).nullish(),
  description: z.object({ paragraphs: z.array(z.string()) }).nullish(),
  editors: z.array(z.object({ name: z.string(), affiliation: z.string().nullish() })).nullish(),
  _last_seen: z.string().nullish(),
});
type RawCall = z.infer<typeof RawCall>;

/** One version of a call, checked, with what identifies it. */
interface CallVersion {
  raw: RawCall;
  title: string;
  journalKey: string;
  titleKey: string;
  /** The deadline the version states outright (flagged date or old `dueDate`), for telling calls apart. */
  statedDeadline: string | null;
  current: boolean;
}

async function readJsonArray(upstreamDir: string, file: string): Promise<unknown[]> {
  const parsed = await readJsonFile(join(upstreamDir, file), file);
  if (!Array.isArray(parsed)) throw new SourceError(file, "file", "expected a JSON array of calls");
  return parsed;
}

/** "2025-10-31T12:00:00.000Z" → "2025-10-31"; null for anything without a leading calendar date. */
function isoDay(text: string | null | undefined): string | null {
  const day = text?.match(/^\d{4}-\d{2}-\d{2}/)?.[0];
  return day ?? null;
}

function dueDateDay(epochMs: number | null | undefined): string | null {
  return epochMs == null || !Number.isFinite(epochMs) ? null : new Date(epochMs).toISOString().slice(0, 10);
}

/** The earliest flagged full-paper date (later flagged ones are resubmission rounds), else the old `dueDate`. */
function statedDeadline(raw: RawCall): string | null {
  const flagged = (raw.dates ?? [])
    .filter((d) => d.is_full_paper_submission_deadline === true)
    .map((d) => isoDay(d.date))
    .filter((day) => day !== null)
    .sort();
  return flagged[0] ?? dueDateDay(raw.dueDate);
}

function latestDate(raw: RawCall): string | null {
  const days = (raw.dates ?? []).map((d) => isoDay(d.date)).filter((day) => day !== null);
  return days.sort().at(-1) ?? null;
}

/** Title as published, without the quotes some old entries wrap it in. */
function displayTitle(raw: RawCall): string | null {
  const title = cleanText(raw.title) ?? cleanText(raw.metaTitle);
  return title?.replace(/^["“'‘]\s*(.*?)\s*["”'’]$/u, "$1") ?? null;
}

/** The title's identity: boilerplate ("Call for Papers: Special Issue on") and punctuation removed. */
export function callTitleKey(title: string): string {
  const topic = title
    .replace(/^call for papers\b[^:]*:\s*/i, "")
    .replace(/^special (?:issue|section)(?: on)?\b\s*/i, "");
  return normalizeTitle(topic);
}

function toVersion(item: unknown, current: boolean): CallVersion | string {
  const parsed = RawCall.safeParse(item);
  if (!parsed.success) return `unexpected shape: ${z.prettifyError(parsed.error).replace(/\s+/g, " ")}`;
  const raw = parsed.data;
  const title = displayTitle(raw);
  const journal = cleanText(raw.journal);
  if (!journal) return "no journal";
  if (!title) return "no title";
  return {
    raw,
    title,
    journalKey: cleanText(raw.abbreviation)?.toLowerCase() ?? normalizeTitle(journal),
    titleKey: callTitleKey(title),
    statedDeadline: statedDeadline(raw),
    current,
  };
}

function recordName(item: unknown, index: number): string {
  const { slug, url } = (item ?? {}) as { slug?: unknown; url?: unknown };
  const name = typeof slug === "string" && slug ? slug : typeof url === "string" && url ? url : null;
  return name ?? `item ${index + 1}`;
}

/** Current versions first, then the most recently seen. */
function precedence(a: CallVersion, b: CallVersion): number {
  if (a.current !== b.current) return a.current ? -1 : 1;
  return Date.parse(b.raw._last_seen ?? "") - Date.parse(a.raw._last_seen ?? "") || 0;
}

/** Whether a version belongs to a call gathered so far (see the file comment). */
function sameCall(call: CallVersion[], version: CallVersion): boolean {
  const first = call[0] as CallVersion;
  if (first.journalKey !== version.journalKey || first.titleKey !== version.titleKey) return false;
  const url = cleanText(version.raw.url);
  // Same page, same title: one call even where an old entry's dueDate is off (JIT "Products of Theorizing").
  if (url && call.some((v) => cleanText(v.raw.url) === url)) return true;
  const stated = call.find((v) => v.statedDeadline)?.statedDeadline ?? null;
  return stated === null || version.statedDeadline === null || stated === version.statedDeadline;
}

/** Groups versions (already in precedence order) into calls. */
function groupCalls(versions: CallVersion[]): CallVersion[][] {
  const calls: CallVersion[][] = [];
  for (const version of versions) {
    const call = calls.find((c) => sameCall(c, version));
    if (call) call.push(version);
    else calls.push([version]);
  }
  return calls;
}

/** The first version that has a value for it. */
function firstOf<T>(versions: CallVersion[], get: (raw: RawCall) => T | null): T | null {
  for (const { raw } of versions) {
    const value = get(raw);
    if (value !== null) return value;
  }
  return null;
}

function nonEmpty<T>(items: T[]): T[] | null {
  return items.length > 0 ? items : null;
}

function descriptionOf(raw: RawCall): string | null {
  const paragraphs = (raw.description?.paragraphs ?? []).map(cleanText).filter((p) => p !== null);
  return nonEmpty(paragraphs)?.join("\n\n") ?? null;
}

function topicsOf(raw: RawCall): string[] | null {
  return nonEmpty((raw.topics ?? []).map(cleanText).filter((t) => t !== null));
}

/** Guest editors as "Name (Affiliation)". */
function editorsOf(raw: RawCall): string[] | null {
  const editors = (raw.editors ?? []).flatMap((editor) => {
    const name = cleanText(editor.name);
    const affiliation = cleanText(editor.affiliation);
    if (!name) return [];
    return [affiliation ? `${name} (${affiliation})` : name];
  });
  return nonEmpty(editors);
}

function specialIssueFrom(versions: CallVersion[]): SpecialIssue {
  const stated = versions.find((v) => v.statedDeadline)?.statedDeadline ?? null;
  return {
    title: (versions[0] as CallVersion).title,
    submission_date: stated ?? firstOf(versions, latestDate),
    description: firstOf(versions, descriptionOf),
    topics: firstOf(versions, topicsOf) ?? [],
    editors: firstOf(versions, editorsOf) ?? [],
    url: firstOf(versions, (raw) => cleanText(raw.url)),
    source: "special_issues",
  };
}

function bySubmissionDate(a: SpecialIssue, b: SpecialIssue): number {
  if (a.submission_date !== b.submission_date) {
    if (a.submission_date === null) return 1;
    if (b.submission_date === null) return -1;
    return a.submission_date.localeCompare(b.submission_date);
  }
  return a.title.localeCompare(b.title);
}

function slugOf(item: unknown): string | null {
  const slug = (item as { slug?: unknown } | null)?.slug;
  return typeof slug === "string" && slug ? slug : null;
}

interface SourceItem {
  item: unknown;
  current: boolean;
  file: string;
}

/** The union's entries with the current list's copy swapped in, plus calls listed since the union was made. */
function withCurrentCopies(union: unknown[], head: unknown[]): SourceItem[] {
  const headBySlug = new Map(head.flatMap((item) => (slugOf(item) ? [[slugOf(item), item] as const] : [])));
  const unionSlugs = new Set(union.map(slugOf));
  return [
    ...union.map((item) => {
      const copy = headBySlug.get(slugOf(item));
      return copy
        ? { item: copy, current: true, file: HEAD_FILE }
        : { item, current: false, file: UNION_FILE };
    }),
    ...head
      .filter((item) => !unionSlugs.has(slugOf(item)))
      .map((item) => ({ item, current: true, file: HEAD_FILE })),
  ];
}

export async function importSpecialIssues(upstreamDir: string): Promise<ImportResult> {
  // The union is a derived file no origin publishes: a folder synced from nothing has the current list alone.
  const union = existsSync(join(upstreamDir, UNION_FILE)) ? await readJsonArray(upstreamDir, UNION_FILE) : [];
  const items = withCurrentCopies(union, await readJsonArray(upstreamDir, HEAD_FILE));
  const rejected: Rejection[] = [];
  const versions: CallVersion[] = [];
  items.forEach(({ item, current, file }, index) => {
    const version = toVersion(item, current);
    if (typeof version === "string")
      rejected.push({ file, record: recordName(item, index), reason: version });
    else versions.push(version);
  });

  const byJournal = new Map<string, CallVersion[][]>();
  for (const call of groupCalls(versions.sort(precedence))) {
    const key = (call[0] as CallVersion).journalKey;
    byJournal.set(key, [...(byJournal.get(key) ?? []), call]);
  }
  const journals: JournalObservation[] = [...byJournal]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, calls]) => {
      const newest = calls.flat().sort(precedence)[0] as CallVersion;
      return journalObservation({
        source: "special_issues",
        key: `special_issues/${key}`,
        file: UNION_FILE,
        title: cleanText(newest.raw.journal) as string,
        acronym: cleanText(newest.raw.abbreviation)?.toUpperCase() ?? null,
        specialIssues: calls.map(specialIssueFrom).sort(bySubmissionDate),
        website: journalPageOf(calls.flat().map((v) => cleanText(v.raw.url))),
      });
    });
  return { source: "special_issues", read: items.length, conferences: [], journals, rejected };
}
