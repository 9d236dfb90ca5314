/**
 * The daily changes file (`changes.json`) and its Atom feed (`changes.atom`), so a mirror can follow the catalogue
 * without diffing whole snapshots.
 *
 * What is compared: the public rows of conferences and journals (the columns of conferences.json / journals.json)
 * of this build against those of the previous snapshot, the newest dated snapshot folder older than this build's
 * date. A same-day rebuild is therefore compared with yesterday's snapshot again (its changes file replaces the
 * day's), not with the build of the morning.
 *   - added: an id this build has and the previous snapshot had not;
 *   - merged: an id the previous snapshot had, gone now, that the id registry (ids.json `merged`) records as merged
 *     into a surviving id;
 *   - removed: an id the previous snapshot had, gone now with no heir (retired in the registry, never reused);
 *   - changed: per venue, every public field whose value differs, with the previous and the current value.
 * Not compared (VOLATILE_FIELDS): `updated_at` (follows from a change, it is not one), `views` (an all-time
 * counter that moves without the venue changing), `detail_page` (derived from PUBLIC_BASE_URL), `data_as_of` and
 * `stale` (they follow the sources' sync dates, not the venue). `cp_index`
 * counts as changed when its score, confidence or version changes, not when only its breakdown moves (the
 * community factor follows `views`); when reported, both whole objects are given. A column the previous snapshot
 * did not have yet is not reported as a change of every venue. Special issues have no id and are not listed.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { CHANGES_FEED, CHANGES_FILE, MANIFEST } from "../../snapshot/files.ts";
import { recordLines } from "./record-file.ts";

/** Public fields never reported as changes (see the file comment). */
export const VOLATILE_FIELDS = ["updated_at", "views", "detail_page", "data_as_of", "stale"] as const;
/** Of cp_index, only these members make a change (the breakdown follows `views`). */
const CP_INDEX_MEMBERS = ["score", "confidence", "version"] as const;

export type VenueKind = "conference" | "journal";
type Row = Record<string, unknown>;

export interface AddedVenue {
  kind: VenueKind;
  id: string;
  short_name: string | null;
  full_name: string | null;
  detail_page: string | null;
}

export interface MergedVenue {
  kind: VenueKind;
  /** The id that is gone. */
  id: string;
  /** The surviving id it was merged into (its detail page answers for both). */
  into: string;
  /** Names of the merged record as the previous snapshot had them. */
  short_name: string | null;
  full_name: string | null;
}

export interface RemovedVenue {
  kind: VenueKind;
  id: string;
  short_name: string | null;
  full_name: string | null;
}

export interface FieldChange {
  field: string;
  previous: unknown;
  current: unknown;
}

export interface ChangedVenue {
  kind: VenueKind;
  id: string;
  /** Current names. */
  short_name: string | null;
  full_name: string | null;
  detail_page: string | null;
  fields: FieldChange[];
}

export interface ChangeCounts {
  added: number;
  merged: number;
  removed: number;
  changed: number;
}

export interface Changes {
  /** This build's date. */
  date: string;
  generated_at: string;
  /** Date of the snapshot compared against; null on a first build. */
  previous_snapshot: string | null;
  first_build: boolean;
  ignored_fields: string[];
  counts: ChangeCounts;
  added: AddedVenue[];
  merged: MergedVenue[];
  removed: RemovedVenue[];
  changed: ChangedVenue[];
}

/** A previous snapshot's public rows: id → the row's JSON text as published (parsed only when it differs). */
export interface PreviousSnapshot {
  date: string;
  conferences: Map<string, string>;
  journals: Map<string, string>;
}

const DATED_DIR = /^\d{4}-\d{2}-\d{2}$/;

/** Dated snapshot folders in `snapshotsDir`, oldest first. */
async function datedFolders(snapshotsDir: string): Promise<string[]> {
  const entries = await readdir(snapshotsDir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && DATED_DIR.test(e.name))
    .map((e) => e.name)
    .sort();
}

/** The rows of one public JSON table file by id, as their JSON text (record-file.ts reads it line by line). */
async function readRowLines(path: string): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  for await (const { row, text } of recordLines(path)) rows.set(String(row.id), text);
  return rows;
}

/**
 * The newest complete snapshot (it has its manifest) dated before `date`, or null when there is none (a first
 * build, or only today's).
 */
export async function readPreviousSnapshot(
  snapshotsDir: string,
  date: string,
): Promise<PreviousSnapshot | null> {
  const older = (await datedFolders(snapshotsDir)).filter((name) => name < date).reverse();
  for (const name of older) {
    const dir = join(snapshotsDir, name);
    const files = [MANIFEST, "conferences.json", "journals.json"];
    if (!files.every((f) => existsSync(join(dir, f)))) continue;
    return {
      date: name,
      conferences: await readRowLines(join(dir, "conferences.json")),
      journals: await readRowLines(join(dir, "journals.json")),
    };
  }
  return null;
}

/** The `merged` maps (retired id → surviving id) of an id registry as ids.json holds it; empty when absent. */
export function mergedIds(registry: unknown): Record<"conferences" | "journals", Record<string, string>> {
  const of = (kind: string): Record<string, string> => {
    const merged = (registry as Record<string, { merged?: unknown } | undefined> | null)?.[kind]?.merged;
    if (!merged || typeof merged !== "object") return {};
    return Object.fromEntries(
      Object.entries(merged as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === "string",
      ),
    );
  };
  return { conferences: of("conferences"), journals: of("journals") };
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** Ids are decimal strings: shorter is smaller. */
const byId = (a: { id: string }, b: { id: string }) =>
  a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function comparable(field: string, value: unknown): string {
  if (field === "cp_index" && value && typeof value === "object") {
    const cp = value as Record<string, unknown>;
    return JSON.stringify(CP_INDEX_MEMBERS.map((m) => cp[m] ?? null));
  }
  return JSON.stringify(value ?? null);
}

const IGNORED: ReadonlySet<string> = new Set(VOLATILE_FIELDS);

/** The public fields of a venue that differ between two versions of its row. */
export function fieldChanges(previous: Row, current: Row): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(current)) {
    if (IGNORED.has(field) || !(field in previous)) continue;
    if (comparable(field, previous[field]) !== comparable(field, current[field])) {
      changes.push({ field, previous: previous[field] ?? null, current: current[field] ?? null });
    }
  }
  return changes;
}

/**
 * Compares this build's public rows (with detail_page) with the previous snapshot's. `merged` is this build's
 * registry map (retired id → survivor); it is kept for good, so it also names merges made by an earlier
 * same-day build.
 */
export function computeChanges(options: {
  date: string;
  generatedAt: string;
  previous: PreviousSnapshot | null;
  current: Record<"conferences" | "journals", Iterable<Row>>;
  merged: Record<"conferences" | "journals", Record<string, string>>;
}): Changes {
  const { previous } = options;
  const added: AddedVenue[] = [];
  const merged: MergedVenue[] = [];
  const removed: RemovedVenue[] = [];
  const changed: ChangedVenue[] = [];
  if (previous) {
    const kinds = [
      ["conferences", "conference"],
      ["journals", "journal"],
    ] as const;
    for (const [table, kind] of kinds) {
      const before = previous[table];
      const seen = new Set<string>();
      for (const row of options.current[table]) {
        const id = String(row.id);
        seen.add(id);
        const was = before.get(id);
        if (was === undefined) {
          added.push({
            kind,
            id,
            short_name: text(row.short_name),
            full_name: text(row.full_name),
            detail_page: text(row.detail_page),
          });
          continue;
        }
        // Same text as published: nothing changed, not even a volatile field.
        if (was === JSON.stringify(row)) continue;
        const fields = fieldChanges(JSON.parse(was) as Row, row);
        if (fields.length > 0) {
          changed.push({
            kind,
            id,
            short_name: text(row.short_name),
            full_name: text(row.full_name),
            detail_page: text(row.detail_page),
            fields,
          });
        }
      }
      for (const [id, was] of before) {
        if (seen.has(id)) continue;
        const row = JSON.parse(was) as Row;
        const names = { short_name: text(row.short_name), full_name: text(row.full_name) };
        const into = options.merged[table][id];
        if (into !== undefined) merged.push({ kind, id, into, ...names });
        else removed.push({ kind, id, ...names });
      }
    }
  }
  // Conferences before journals (the order they were pushed in), then by id.
  const order = <T extends { kind: VenueKind; id: string }>(list: T[]) =>
    list.sort((a, b) => (a.kind === b.kind ? byId(a, b) : a.kind === "conference" ? -1 : 1));
  return {
    date: options.date,
    generated_at: options.generatedAt,
    previous_snapshot: previous?.date ?? null,
    first_build: previous === null,
    ignored_fields: [...VOLATILE_FIELDS],
    counts: { added: added.length, merged: merged.length, removed: removed.length, changed: changed.length },
    added: order(added),
    merged: order(merged),
    removed: order(removed),
    changed: order(changed),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Atom feed

/** What one feed entry says about one day's changes file. */
export interface FeedDay {
  date: string;
  generated_at: string;
  previous_snapshot: string | null;
  first_build: boolean;
  counts: ChangeCounts;
  /** A few names per list, for the summary. */
  examples: Record<keyof ChangeCounts, string[]>;
}

const EXAMPLES = 5;

export function feedDay(changes: Changes): FeedDay {
  // Journals often have no short name.
  const name = (v: { kind: VenueKind; id: string; short_name: string | null; full_name: string | null }) =>
    `${v.kind} ${v.short_name ?? v.full_name ?? v.id}`;
  return {
    date: changes.date,
    generated_at: changes.generated_at,
    previous_snapshot: changes.previous_snapshot,
    first_build: changes.first_build,
    counts: changes.counts,
    examples: {
      added: changes.added.slice(0, EXAMPLES).map(name),
      merged: changes.merged.slice(0, EXAMPLES).map((v) => `${name(v)} into ${v.into}`),
      removed: changes.removed.slice(0, EXAMPLES).map(name),
      changed: changes.changed
        .slice(0, EXAMPLES)
        .map((v) => `${name(v)} (${v.fields.map((f) => f.field).join(", ")})`),
    },
  };
}

/**
 * The days of the changes files kept in `snapshotsDir` after `cutoff` (exclusive) and before `date` (exclusive),
 * oldest first. A folder without a readable changes file (written before this feature) is left out.
 */
export async function keptFeedDays(snapshotsDir: string, cutoff: string, date: string): Promise<FeedDay[]> {
  const days: FeedDay[] = [];
  for (const name of await datedFolders(snapshotsDir)) {
    if (name <= cutoff || name >= date) continue;
    const file = join(snapshotsDir, name, CHANGES_FILE);
    try {
      days.push(feedDay(JSON.parse(await readFile(file, "utf8")) as Changes));
    } catch {
      // Missing or unreadable: that day has no entry.
    }
  }
  return days;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const xml = (value: string) => value.replace(/[&<>"]/g, (c) => XML_ESCAPES[c] ?? c);

function summary(day: FeedDay): string {
  if (day.first_build) return `First build: no earlier snapshot to compare with, so no changes are listed.`;
  const part = (key: keyof ChangeCounts, label: string) => {
    const count = day.counts[key];
    if (count === 0) return `${label}: none.`;
    const shown = day.examples[key];
    const more = count > shown.length ? `, and ${count - shown.length} more` : "";
    return `${label} ${count}: ${shown.join("; ")}${more}.`;
  };
  return [
    `Since the snapshot of ${day.previous_snapshot}.`,
    part("added", "Added"),
    part("merged", "Merged"),
    part("removed", "Removed"),
    part("changed", "Changed"),
  ].join(" ");
}

const title = (day: FeedDay) =>
  day.first_build
    ? `Changes of ${day.date}: first build`
    : `Changes of ${day.date}: ${day.counts.added} added, ${day.counts.merged} merged, ` +
      `${day.counts.removed} removed, ${day.counts.changed} changed`;

/**
 * The Atom feed of the daily changes files: one entry per day (newest first) linking that day's changes.json in
 * its dated snapshot folder. Ids are tag: URIs of the site's host and the day, so an entry keeps its id when a
 * same-day rebuild replaces it.
 */
export function changesFeed(options: {
  baseUrl: string;
  generatedAt: string;
  days: readonly FeedDay[];
}): string {
  const base = options.baseUrl.replace(/\/+$/, "");
  const host = new URL(base).hostname;
  const days = [...options.days].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const entries = days.map((day) => {
    const url = `${base}/snapshots/${day.date}/${CHANGES_FILE}`;
    return [
      "  <entry>",
      `    <id>tag:${xml(host)},${day.date}:venue-directory/changes</id>`,
      `    <title>${xml(title(day))}</title>`,
      `    <updated>${xml(day.generated_at)}</updated>`,
      `    <link rel="alternate" type="application/json" href="${xml(url)}"/>`,
      `    <summary type="text">${xml(summary(day))}</summary>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>tag:${xml(host)},2026:venue-directory/changes</id>`,
    "  <title>Venue Directory: daily changes</title>",
    "  <subtitle>Venues added, merged, removed and changed in each daily snapshot, with previous values.</subtitle>",
    `  <updated>${xml(options.generatedAt)}</updated>`,
    `  <author><name>Venue Directory</name><uri>${xml(base)}</uri></author>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(`${base}/snapshots/latest/${CHANGES_FEED}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(`${base}/snapshots/`)}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
