/**
 * The deadline audit (`npm run audit:deadlines`, docs/pipeline.md "The deadline audit"): every deadline every
 * tracker publishes (ccfddl, hf, pwc, mpc) and the reference service's dates, read with the build's own importers,
 * compared per venue-edition with what a snapshot publishes. Each is matched (on the venue the entry names, in
 * its edition, same type and date, and in the outlook when the outlook shows that cycle), missing with a reason
 * the build report lists (a plausibility rule, a field conflict, a held-out or ambiguous row, a rejected record),
 * missing without one, or on another venue than the one the entry names. The last two are faults.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SubmissionOutlook } from "../../snapshot/records/outlook.ts";
import type { Deadline, Edition } from "../../snapshot/records.ts";
import { importCcfddl } from "../importers/ccfddl.ts";
import { importHf } from "../importers/hf.ts";
import { importMpc } from "../importers/mpc.ts";
import { importPwc } from "../importers/pwc.ts";
import { importReference } from "../importers/reference.ts";
import type { Conflict } from "../merge/merge-conferences.ts";
import { cleanText } from "../normalize/normalize.ts";
import type { ConferenceObservation, Importer, ImportResult } from "../sources/observations.ts";

export const AUDITED_SOURCES = ["ccfddl", "hf", "pwc", "mpc", "reference"] as const;
export type AuditedSource = (typeof AUDITED_SOURCES)[number];
const IMPORTERS: Record<AuditedSource, Importer> = {
  ccfddl: importCcfddl,
  hf: importHf,
  pwc: importPwc,
  mpc: importMpc,
  reference: importReference,
};

export type Verdict = "matched" | "explained" | "unexplained" | "elsewhere";

/** One published deadline and what the snapshot made of it. */
export interface AuditEntry {
  source: AuditedSource;
  /** The observation's key (`DB/sigmod.yml#SIGMOD`, `conference/133`), or the rejected record. */
  key: string;
  /** The venue the entry names, as the source spells it. */
  named: string;
  year: number | null;
  type: string;
  date: string;
  /** The snapshot venue the entry went to (null: none). */
  venue_id: string | null;
  venue: string | null;
  verdict: Verdict;
  /** For `explained`, the report's rule; for the faults, what is wrong. */
  reason: string;
}

export interface TrackerTally {
  source: AuditedSource;
  entries: number;
  matched: number;
  /** Missing with a listed reason, by the report's rule name. */
  explained: Record<string, number>;
  unexplained: number;
  elsewhere: number;
}

export interface DeadlineAudit {
  tallies: TrackerTally[];
  entries: AuditEntry[];
  /** No real round missing without a reason, no entry on another venue. */
  ok: boolean;
}

// The parts of the snapshot the audit reads (snapshot/records.ts has the full schemas).
interface VenueRow {
  id: string;
  short_name: string | null;
  full_name: string | null;
}
interface DetailRow {
  id: string;
  editions: Edition[];
  outlook: SubmissionOutlook | null;
}
interface ReportParts {
  conflicts: Conflict[];
  rejected: { file: string; record: string; reason: string }[];
  ambiguities: { source: string; key: string; reason: string }[];
  resolution: {
    held_out: { rule: string; row: { source: string; key: string } }[];
    unmatched: { source: string; key: string }[];
  };
}

/** The snapshot as the audit needs it, indexed. */
export interface AuditedSnapshot {
  venueOfKey: Map<string, string>;
  venues: Map<string, VenueRow>;
  details: Map<string, DetailRow>;
  /** Normalised names a venue answers to: short and full name, aliases. */
  names: Map<string, Set<string>>;
  report: ReportParts;
}

const readJson = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), "utf8"));

/** Names compared without case, accents and punctuation: "ECML/PKDD" = "ECML-PKDD". */
export const nameKey = (name: string | null | undefined) =>
  (cleanText(name) ?? "")
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

export function readAuditedSnapshot(snapshotDir: string): AuditedSnapshot {
  const ids = readJson(snapshotDir, "ids.json") as {
    conferences: { entries: Record<string, { keys: string[] }> };
  };
  const venueOfKey = new Map<string, string>();
  for (const [id, entry] of Object.entries(ids.conferences.entries))
    for (const key of entry.keys) venueOfKey.set(key, id);
  const rows = (readJson(snapshotDir, "conferences.json") as { conferences: VenueRow[] }).conferences;
  const venues = new Map(rows.map((r) => [r.id, r]));
  const details = new Map(
    (readJson(snapshotDir, "details.json") as { conferences: DetailRow[] }).conferences.map((d) => [d.id, d]),
  );
  const names = new Map<string, Set<string>>();
  const addNames = (id: string, name: string | null) => {
    for (const n of nameVariants(name)) names.set(id, (names.get(id) ?? new Set()).add(n));
  };
  for (const r of rows) {
    addNames(r.id, r.short_name);
    addNames(r.id, r.full_name);
  }
  const aliases = (
    readJson(snapshotDir, "aliases.json") as {
      aliases: { kind: string; venue_id: string; alias: string }[];
    }
  ).aliases;
  for (const a of aliases) if (a.kind === "conference") addNames(a.venue_id, a.alias);
  return { venueOfKey, venues, details, names, report: readJson(snapshotDir, "build-report.json") };
}

/** A deadline as one source published it for one edition (null year: the reference names none). */
interface Published {
  year: number | null;
  deadline: Pick<Deadline, "type" | "date">;
}

/** The reference's one row: its submission and notification dates, placed by no edition. */
function publishedOf(o: ConferenceObservation): Published[] {
  if (o.source === "reference") {
    const state = o.reference;
    return [
      ...(state?.submission_date ? [{ type: "paper", date: state.submission_date }] : []),
      ...(state?.notification_date ? [{ type: "notification", date: state.notification_date }] : []),
    ]
      .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.date))
      .map((deadline) => ({ year: null, deadline: deadline as Published["deadline"] }));
  }
  return o.editions.flatMap((e) => e.deadlines.map((deadline) => ({ year: e.year, deadline })));
}

const isSubmission = (type: string) => type === "paper" || type === "abstract";

/** The report's rule for a conflict: a plausibility rule by name, else the conflict's reason as it opens. */
function conflictRule(c: Conflict): string {
  const source = String(c.chosen.source);
  if (source.startsWith("plausibility rule ")) return source;
  return `field conflict: ${c.why.split(/[;:(]/)[0]?.trim()}`;
}

/** The report's listed reason for a date the venue does not publish, or null. */
function listedReason(snap: AuditedSnapshot, venue: VenueRow, source: string, p: Published): string | null {
  const venueNames = new Set([venue.short_name, venue.full_name].filter(Boolean));
  const field = (year: number) => `${year} ${p.deadline.type} deadline`;
  const fits = (c: Conflict) =>
    venueNames.has(c.venue) &&
    (p.year === null ? c.field.endsWith(` ${p.deadline.type} deadline`) : c.field === field(p.year)) &&
    c.others.some((o) => o.source === source && String(o.value).split(", ").includes(p.deadline.date));
  const conflict = snap.report.conflicts.find(fits);
  return conflict ? conflictRule(conflict) : null;
}

/** Whether the venue publishes the date: in the entry's edition (any, for the reference), and in the outlook. */
function publishes(detail: DetailRow | undefined, p: Published): { edition: boolean; outlook: boolean } {
  const same = (d: { type: string; date: string }) =>
    d.type === p.deadline.type && d.date === p.deadline.date;
  const editions = (detail?.editions ?? []).filter((e) => p.year === null || e.year === p.year);
  const edition = editions.some((e) => e.deadlines.some(same));
  const shown = (detail?.outlook?.deadlines ?? []).filter(
    (d) => !d.estimated && (p.year === null || d.cycle_year === p.year),
  );
  // The outlook holds submission rounds of the cycles it shows: only those are owed to it.
  const owed = isSubmission(p.deadline.type) && shown.length > 0 && (p.year !== null || shown.some(same));
  return { edition, outlook: !owed || shown.some(same) };
}

/** A society before the name ("IEEE CEC") and a track after it ("EMNLP (Industry Track)") name the same venue. */
const SOCIETY = /^(ACM|IEEE|IACR|USENIX|IFIP|AAAI|SIAM|ISCA)\s+/i;
const nameVariants = (name: string | null | undefined): string[] => {
  const plain = (name ?? "").replace(/\s*\([^)]*\)\s*$/, "");
  return [name ?? "", plain, plain.replace(SOCIETY, "")].map(nameKey).filter(Boolean);
};

/** The venue the entry names is the one it went to: its acronym or title is one of that venue's names. */
function namesVenue(snap: AuditedSnapshot, o: ConferenceObservation, venueId: string): boolean {
  const names = snap.names.get(venueId) ?? new Set();
  return [o.acronym, o.title].flatMap(nameVariants).some((n) => names.has(n));
}

function auditObservation(snap: AuditedSnapshot, o: ConferenceObservation): AuditEntry[] {
  const source = o.source as AuditedSource;
  const venueId = snap.venueOfKey.get(`${source}:${o.key}`) ?? null;
  const venue = venueId ? (snap.venues.get(venueId) ?? null) : null;
  const base = {
    source,
    key: o.key,
    named: o.acronym ?? o.title ?? o.key,
    venue_id: venueId,
    venue: venue?.short_name ?? venue?.full_name ?? null,
  };
  const held = snap.report.resolution.held_out.find((h) => h.row.source === source && h.row.key === o.key);
  const ambiguous = snap.report.ambiguities.find((a) => a.source === source && a.key === o.key);
  const unmatched = snap.report.resolution.unmatched.some((u) => u.source === source && u.key === o.key);
  const elsewhere = venueId !== null && !namesVenue(snap, o, venueId);
  return publishedOf(o).map((p): AuditEntry => {
    const entry = { ...base, year: p.year, type: p.deadline.type, date: p.deadline.date };
    if (!venue) {
      if (held) return { ...entry, verdict: "explained", reason: `held out: ${held.rule}` };
      if (ambiguous) return { ...entry, verdict: "explained", reason: "ambiguous match" };
      if (unmatched)
        return { ...entry, verdict: "explained", reason: "unmatched (a source that never founds a venue)" };
      return { ...entry, verdict: "unexplained", reason: "the entry went to no venue" };
    }
    if (elsewhere)
      return {
        ...entry,
        verdict: "elsewhere",
        reason: `on ${base.venue}, which "${base.named}" does not name`,
      };
    const found = publishes(snap.details.get(venue.id), p);
    if (found.edition && found.outlook) return { ...entry, verdict: "matched", reason: "" };
    const listed = listedReason(snap, venue, source, p);
    if (listed) return { ...entry, verdict: "explained", reason: listed };
    return {
      ...entry,
      verdict: "unexplained",
      reason: found.edition ? "in its edition, missing from the outlook of that cycle" : "not in its edition",
    };
  });
}

/** Rejected records of the audited sources that named a deadline: listed in the report, so explained. */
function rejectedDeadlines(result: ImportResult): AuditEntry[] {
  return result.rejected
    .filter((r) => /deadline/.test(r.reason))
    .map((r) => ({
      source: result.source as AuditedSource,
      key: `${r.file} ${r.record}`,
      named: r.record,
      year: null,
      type: "unreadable",
      date: "",
      venue_id: null,
      venue: null,
      verdict: "explained",
      reason: "rejected record",
    }));
}

export function tally(entries: readonly AuditEntry[]): TrackerTally[] {
  return AUDITED_SOURCES.map((source) => {
    const mine = entries.filter((e) => e.source === source);
    const explained: Record<string, number> = {};
    for (const e of mine) if (e.verdict === "explained") explained[e.reason] = (explained[e.reason] ?? 0) + 1;
    return {
      source,
      entries: mine.length,
      matched: mine.filter((e) => e.verdict === "matched").length,
      explained,
      unexplained: mine.filter((e) => e.verdict === "unexplained").length,
      elsewhere: mine.filter((e) => e.verdict === "elsewhere").length,
    };
  });
}

/** Audits the snapshot in `snapshotDir` against the upstream files in `upstreamDir`. */
export async function auditDeadlines(upstreamDir: string, snapshotDir: string): Promise<DeadlineAudit> {
  const snap = readAuditedSnapshot(snapshotDir);
  const entries: AuditEntry[] = [];
  for (const source of AUDITED_SOURCES) {
    const result = await IMPORTERS[source](upstreamDir);
    for (const o of result.conferences) entries.push(...auditObservation(snap, o));
    entries.push(...rejectedDeadlines(result));
  }
  const tallies = tally(entries);
  return { tallies, entries, ok: tallies.every((t) => t.unexplained === 0 && t.elsewhere === 0) };
}

/** The audit as Markdown: one table of counts per tracker, the reasons, then every fault. */
export function auditReport(audit: DeadlineAudit): string {
  const lines = [
    "| tracker | entries | matched | missing, reason listed | missing, no reason | on another venue |",
    "|---|---|---|---|---|---|",
    ...audit.tallies.map((t) => {
      const explained = Object.values(t.explained).reduce((a, b) => a + b, 0);
      return `| ${t.source} | ${t.entries} | ${t.matched} | ${explained} | ${t.unexplained} | ${t.elsewhere} |`;
    }),
    "",
    "Missing with a listed reason, by the build report's rule:",
    "",
    "| tracker | rule | entries |",
    "|---|---|---|",
    ...audit.tallies.flatMap((t) =>
      Object.entries(t.explained)
        .sort(([, a], [, b]) => b - a)
        .map(([rule, n]) => `| ${t.source} | ${rule} | ${n} |`),
    ),
  ];
  const faults = audit.entries.filter((e) => e.verdict === "unexplained" || e.verdict === "elsewhere");
  if (faults.length > 0) {
    lines.push("", `Faults (${faults.length}):`, "");
    lines.push("| tracker | entry | edition | type | date | venue | what |", "|---|---|---|---|---|---|---|");
    for (const e of faults)
      lines.push(
        `| ${e.source} | ${e.key} | ${e.year ?? "—"} | ${e.type} | ${e.date} | ${e.venue ?? "—"} | ${e.reason} |`,
      );
  }
  return lines.join("\n");
}
