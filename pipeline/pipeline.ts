/**
 * The nightly build: importers → entity resolution → merge → ids and change dates → validated, atomic
 * snapshot. Each stage prints what it did and its counts.
 */

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { IDS } from "../snapshot/files.ts";
import type {
  ConferenceDetailData,
  ConferenceRow,
  JournalDetailData,
  JournalRow,
  SpecialIssueRow,
  SubmissionOutlook,
} from "../snapshot/records.ts";
import { SOURCE_UNCHECKED_MAX_DAYS, type SourceAge, sourceAges } from "../snapshot/source-age.ts";
import { BACKTEST_CUTOFFS, backtestVenue } from "./estimate/backtest.ts";
import { backtestLogLine, backtestReport } from "./estimate/backtest-score.ts";
import { readPreviousChanges, stampChanges } from "./estimate/changed-at.ts";
import { MAX_CYCLES_AHEAD } from "./estimate/outlook.ts";
import { IMPORTERS } from "./importers/index.ts";
import { type Conflict, mergeConference } from "./merge/merge-conferences.ts";
import { mergeJournal } from "./merge/merge-journals.ts";
import { misfiledAcceptance } from "./merge/misfiled-acceptance.ts";
import {
  type BuildReport,
  countBySite,
  fieldCoverage,
  type NameReport,
  nameReport,
  rankAgreement,
  resolutionReport,
  sourceStats,
} from "./report.ts";
import { categoryCoverage } from "./report-categories.ts";
import { reportMarkdown } from "./report-markdown.ts";
import { describeConference, describeJournal } from "./resolve/describe.ts";
import {
  assignIds,
  contentHash,
  emptyRegistry,
  type IdRegistry,
  type KindRegistry,
  nextKindRegistry,
  type RegistryEntry,
  updatedAt,
} from "./resolve/ids.ts";
import type { NameChange } from "./resolve/names.ts";
import type { Cluster } from "./resolve/resolution.ts";
import { resolve } from "./resolve/resolve.ts";
import { venueAliases } from "./resolve/venue-aliases.ts";
import type { ConferenceObservation, ImportResult, SourceId } from "./sources/observations.ts";
import { byPriority } from "./sources/priority.ts";
import { sourceProvenance } from "./sync/provenance.ts";
import { resolveLatest } from "./write/publish.ts";
import { writeSnapshot } from "./write/write.ts";

export interface BuildOptions {
  upstreamDir: string;
  snapshotsDir: string;
  baseUrl: string;
  now: Date;
  log: (line: string) => void;
  /** SNAPSHOT_KEEP_DAYS: dated snapshots older than this are pruned after the write (default in write.ts). */
  keepDays?: number;
}

/** Resolution order: authoritative lists first, so trackers attach to the venues the lists define. */
const CONFERENCE_ORDER: SourceId[] = [
  "ccf2026",
  "ccf",
  "ccfddl",
  "reference",
  "icore",
  "core",
  "core_portal",
  "qualis",
  "hf",
  "pwc",
  "lixin",
  "csconferences",
  "openaccept",
];
const JOURNAL_ORDER: SourceId[] = ["reference", "scimago", "ccf2026", "ccf", "special_issues"];

export const TERMS =
  "Free use, commercial use included, with attribution: name Venue Directory and link the venue's detail_page. " +
  "Crawl at most one request per second; for bulk use this daily snapshot. Facts come from the sources listed in " +
  "the manifest, each under its own licence and attribution (rankings: CCF, CORE, QUALIS CAPES; metrics: SCImago " +
  "Journal & Country Rank; catalogue: Conference Partner (myhuiban.com)).";

function clusterKeys<O extends { source: string; key: string }>(c: Cluster<O>): string[] {
  return [...c.exactKeys, ...c.members.map((m) => `${m.source}:${m.key}`)];
}

function readPreviousRegistry(snapshotsDir: string): IdRegistry | null {
  const latest = resolveLatest(snapshotsDir);
  const file = latest ? join(latest, IDS) : null;
  if (!file || !existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as IdRegistry;
}

/**
 * What follows the clock (the outlook's as_of and its rounds' status) or the sources' sync dates rather than the
 * venue's data: left out of the change hash, so a passing day is not a change of every venue.
 */
const CLOCK_FIELDS = new Set(["outlook", "data_as_of", "stale", "edition"]);
/** A journal's calls carry their source's data date too (merge-journals.ts): left out the same way. */
const withoutCallDates = (calls: unknown) =>
  Array.isArray(calls) ? calls.map(({ data_as_of, stale, ...call }) => call) : calls;
const withoutClockFields = (record: object) =>
  Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => !CLOCK_FIELDS.has(key))
      .map(([key, value]) => [key, key === "special_issues" ? withoutCallDates(value) : value]),
  );

/** Ids, change dates and registry entries for one kind of venue. */
function identify<D extends { sourceUpdatedAt: string | null; reference_id: number | null }, X>(
  merged: { draft: D; detail: X; keys: string[] }[],
  previous: KindRegistry,
  hasPrevious: boolean,
  buildDate: string,
) {
  const ids = assignIds(
    merged.map((m) => ({ keys: m.keys, referenceId: m.draft.reference_id })),
    previous,
  );
  const entries: Record<string, RegistryEntry> = {};
  const out = merged.map((m, i) => {
    const id = ids[i] as string;
    const { sourceUpdatedAt, ...draft } = m.draft;
    const hash = contentHash({
      draft: withoutClockFields(draft),
      detail: withoutClockFields(m.detail as object),
    });
    const updated = updatedAt(previous.entries[id], hash, sourceUpdatedAt, buildDate, hasPrevious);
    entries[id] = { keys: m.keys, hash, updated_at: updated };
    return { id, sourceUpdatedAt, row: { id, ...draft, updated_at: updated }, detail: { id, ...m.detail } };
  });
  return { out, registry: nextKindRegistry(previous, entries) };
}

type Stage = <T>(name: string, run: () => Promise<T> | T, detail: (t: T) => string) => Promise<T>;

/** Every source imported and resolved into venues, with what the report keeps of the sources. */
async function importAndResolve(stage: Stage, upstreamDir: string) {
  const results: ImportResult[] = [];
  for (const [source, importer] of IMPORTERS) {
    results.push(
      await stage(
        `import ${source}`,
        () => importer(upstreamDir),
        (r) =>
          `${r.read} read, ${r.conferences.length} conferences, ${r.journals.length} journals, ${r.rejected.length} rejected`,
      ),
    );
  }

  const conferenceObs = byPriority(
    results.flatMap((r) => r.conferences),
    CONFERENCE_ORDER,
  );
  const journalObs = byPriority(
    results.flatMap((r) => r.journals),
    JOURNAL_ORDER,
  );
  const confRes = await stage(
    "resolve conferences",
    () => resolve(conferenceObs, describeConference),
    (r) =>
      `${conferenceObs.length} observations → ${r.clusters.length} venues, ${r.ambiguities.length} ambiguous, ${r.heldOut.length} held out`,
  );
  const journalRes = await stage(
    "resolve journals",
    () => resolve(journalObs, describeJournal, { acronymThreshold: 0.6 }),
    (r) =>
      `${journalObs.length} observations → ${r.clusters.length} journals, ${r.ambiguities.length} ambiguous, ${r.heldOut.length} held out`,
  );
  return {
    conferences: confRes.clusters,
    journals: journalRes.clusters,
    sources: sourceStats(results, [...confRes.events, ...journalRes.events]),
    rejected: results.flatMap((r) => r.rejected),
    ambiguities: [...confRes.ambiguities, ...journalRes.ambiguities],
    resolution: resolutionReport(confRes, journalRes),
  };
}

type Resolved = Awaited<ReturnType<typeof importAndResolve>>;

/** The reference row a venue is compared on: of two (a series and its joint edition), the one that ranks it. */
function referenceRow(members: readonly ConferenceObservation[]): ConferenceObservation | null {
  const rows = members.filter((m) => m.source === "reference");
  return rows.find((m) => m.ranks.some((r) => r.system === "CCF" || r.system === "CORE")) ?? rows[0] ?? null;
}

/**
 * One record per venue. Of its observations, only the reference service's row is kept (for the rank
 * comparison); the rest can be let go once this returns.
 */
async function mergeVenues(
  stage: Stage,
  resolved: Resolved,
  nowIso: string,
  conflicts: Conflict[],
  sourceDates: ReadonlyMap<string, string | null>,
) {
  const misfiled = misfiledAcceptance(resolved.conferences.map((c) => c.members));
  const conferences = await stage(
    "merge conferences",
    () =>
      resolved.conferences.map((c) => ({
        ...mergeConference(c.members, nowIso, conflicts, sourceDates, misfiled),
        keys: clusterKeys(c),
        reference: referenceRow(c.members),
      })),
    (m) => `${m.length} conferences, ${conflicts.length} conflicts so far`,
  );
  const journals = await stage(
    "merge journals",
    () =>
      resolved.journals.map((c) => ({
        ...mergeJournal(c.members, conflicts, { sourceDates, today: nowIso.slice(0, 10) }),
        keys: clusterKeys(c),
      })),
    (m) => `${m.length} journals, ${conflicts.length} conflicts in all`,
  );
  return { conferences, journals };
}

type Merged = Awaited<ReturnType<typeof mergeVenues>>;

/** The outlook's estimates per round, at each cut-off from the data as it stood then (pipeline/estimate/backtest.ts). */
const runBacktest = (merged: Merged): BuildReport["backtest"] =>
  backtestReport(
    merged.conferences.flatMap((c) =>
      backtestVenue(
        c.draft.short_name,
        c.detail.editions,
        BACKTEST_CUTOFFS,
        c.draft.ccf_rank === "A",
        c.detail.outlook.data_as_of,
      ),
    ),
    BACKTEST_CUTOFFS,
  );

/** Ids and change dates (against the previous build's registry), and how our ranks compare with the reference. */
async function identifyVenues(stage: Stage, merged: Merged, previous: IdRegistry | null, buildDate: string) {
  const prevRegistry = previous ?? emptyRegistry();
  const { confs, journals, registry } = await stage(
    "assign ids and change dates",
    () => {
      const c = identify(merged.conferences, prevRegistry.conferences, previous !== null, buildDate);
      const j = identify(merged.journals, prevRegistry.journals, previous !== null, buildDate);
      const next: IdRegistry = { version: 1, conferences: c.registry, journals: j.registry };
      return { confs: c.out, journals: j.out, registry: next };
    },
    (r) =>
      `${r.confs.length + r.journals.length} ids (previous build: ${previous ? "yes" : "none"}), ` +
      `${r.registry.conferences.retired.length + r.registry.journals.retired.length} retired`,
  );
  const agreement = rankAgreement(
    confs.map((c, i) => {
      const venue = merged.conferences[i];
      const ref = venue?.reference;
      const claim = (system: string) => ref?.ranks.find((r) => r.system === system)?.rank ?? "";
      return {
        row: c.row,
        reference: ref ? { ccf: claim("CCF"), core: claim("CORE") } : null,
        ccfSource: venue?.rankSources.ccf ?? null,
        coreSource: venue?.rankSources.core ?? null,
      };
    }),
  );
  return { confs, journals, registry, agreement };
}

/**
 * When each conference's outlook deadline was announced or last changed, against the snapshot in service
 * (changed-at.ts): an announced one from the reference service is dated by the venue's reference row, any
 * other by its source's data date.
 */
async function dateOutlookChanges(
  confs: { id: string; sourceUpdatedAt: string | null; detail: { outlook: SubmissionOutlook } }[],
  snapshotsDir: string,
  buildDate: string,
  sourceDates: ReadonlyMap<string, string | null>,
) {
  const previous = await readPreviousChanges(resolveLatest(snapshotsDir));
  let deadlines = 0;
  for (const c of confs) {
    c.detail.outlook = stampChanges(c.detail.outlook, {
      previous: previous && (previous.get(c.id) ?? new Map()),
      buildDate,
      sourceDate: (d) =>
        d.source === "reference" ? c.sourceUpdatedAt : (sourceDates.get(d.source ?? "") ?? null),
    });
    deadlines += c.detail.outlook.deadlines.length;
  }
  return { deadlines, previous: previous !== null };
}

/** The stage runner of one build: each stage timed into `stages` and logged as it starts and ends. */
function timedStages(log: (line: string) => void) {
  const stages: BuildReport["stages"] = [];
  const stage: Stage = async (name, run, detail) => {
    const t0 = Date.now();
    log(`… ${name}`);
    const result = await run();
    const seconds = (Date.now() - t0) / 1000;
    stages.push({ name, seconds, detail: detail(result) });
    log(`✓ ${name} (${seconds.toFixed(1)} s): ${detail(result)}`);
    return result;
  };
  return { stages, stage };
}

type Identified = Awaited<ReturnType<typeof identifyVenues>>;

/** Names left defective and the cleaning applied (pipeline/resolve/names.ts), for the build report. */
function publishedNames({ confs, journals }: Identified, merged: Merged) {
  const ofKind = (
    kind: "conference" | "journal",
    venues: readonly { row: { short_name: string | null; full_name: string } }[],
    kept: readonly { names: { changes: NameChange[] } }[],
  ) =>
    venues.map((v, i) => ({
      kind,
      short: v.row.short_name,
      full: v.row.full_name,
      changes: kept[i]?.names.changes ?? [],
    }));
  return nameReport([
    ...ofKind("conference", confs, merged.conferences),
    ...ofKind("journal", journals, merged.journals),
  ]);
}

/** The snapshot's tables: the venues' rows and details, and the special-issue calls of the journals' details. */
function snapshotTables({ confs, journals }: Identified) {
  const specialIssues: SpecialIssueRow[] = journals.flatMap((j) =>
    j.detail.special_issues.map((si) => ({
      journal_id: j.id,
      title: si.title,
      submission_date: si.submission_date,
      source: si.source,
      data_as_of: si.data_as_of ?? null,
      stale: si.stale ?? false,
    })),
  );
  return {
    conferences: confs.map((c) => c.row) satisfies ConferenceRow[],
    conferenceDetails: confs.map((c) => c.detail) satisfies ConferenceDetailData[],
    journals: journals.map((j) => j.row) satisfies JournalRow[],
    journalDetails: journals.map((j) => j.detail) satisfies JournalDetailData[],
    specialIssues,
  };
}

/** Warns of each source whose data was not fetched lately. */
function warnStaleSources(log: (line: string) => void, dataAge: SourceAge[]) {
  for (const s of dataAge.filter((a) => a.stale)) {
    log(
      `  ⚠ ${s.id}: data of ${s.date}, not fetched in the last ${SOURCE_UNCHECKED_MAX_DAYS} days; run npm run sync`,
    );
  }
}

/** The build report: what each step found, then the counts and coverage of the tables written. */
function buildReport(
  found: Omit<BuildReport, "counts" | "website_coverage" | "names" | "field_coverage">,
  names: NameReport,
  tables: ReturnType<typeof snapshotTables>,
  { confs, journals }: Identified,
): BuildReport {
  return {
    ...found,
    counts: {
      conferences: tables.conferences.length,
      journals: tables.journals.length,
      special_issues: tables.specialIssues.length,
    },
    website_coverage: {
      conferences: tables.conferenceDetails.filter((d) => d.website).length,
      journals: tables.journalDetails.filter((d) => d.website).length,
      journals_by_site: countBySite(tables.journalDetails.flatMap((d) => (d.website ? [d.website] : []))),
    },
    names,
    field_coverage: fieldCoverage(
      confs.map((c) => ({ fields: c.row.fields, sources: c.detail.sources })),
      journals.map((j) => ({ fields: j.row.fields, sources: j.detail.sources })),
    ),
  };
}

export async function buildSnapshot(opts: BuildOptions): Promise<{ dir: string; report: BuildReport }> {
  const started = Date.now();
  const { stages, stage } = timedStages(opts.log);
  const nowIso = opts.now.toISOString().replace(/\.\d{3}Z$/, "Z");
  const buildDate = nowIso.slice(0, 10);

  // The observations, and then the merged records, are released as soon as the next step no longer needs
  // them: at 100 times today's catalogue, holding every step at once would not fit a default Node heap.
  let resolved: Resolved | null = await importAndResolve(stage, opts.upstreamDir);
  const { sources, rejected, ambiguities, resolution } = resolved;
  const conflicts: Conflict[] = [];
  const provenance = sourceProvenance(opts.upstreamDir);
  const sourceDates = new Map(provenance.map((s) => [s.id, s.date]));
  let merged: Merged | null = await mergeVenues(stage, resolved, nowIso, conflicts, sourceDates);
  resolved = null;
  const categories = categoryCoverage(
    merged.conferences.map((c) => ({
      ...c.draft,
      name: c.draft.short_name,
      ccfCategorySource: c.ccfCategorySource,
    })),
    merged.journals.map((j) => ({
      ...j.draft,
      name: j.draft.short_name ?? j.draft.full_name,
      ccfCategorySource: j.ccfCategorySource,
    })),
  );
  const backtest = runBacktest(merged);
  opts.log(`  ${backtestLogLine(backtest, BACKTEST_CUTOFFS, MAX_CYCLES_AHEAD)}`);
  const identified = await identifyVenues(stage, merged, readPreviousRegistry(opts.snapshotsDir), buildDate);
  const { confs, journals, registry, agreement } = identified;
  await stage(
    "date outlook changes",
    () => dateOutlookChanges(confs, opts.snapshotsDir, buildDate, sourceDates),
    (r) => `${r.deadlines} deadlines (previous snapshot: ${r.previous ? "yes" : "none"})`,
  );
  const aliases = [
    ...venueAliases("conference", confs, merged.conferences),
    ...venueAliases("journal", journals, merged.journals),
  ];
  const names = publishedNames(identified, merged);
  merged = null;

  const tables = snapshotTables(identified);
  opts.log(
    `  ranks vs reference on ${agreement.compared} venues: CCF ${(agreement.ccf_rate * 100).toFixed(2)} %, ` +
      `CORE ${(agreement.core_rate * 100).toFixed(2)} %`,
  );
  const dataAge = sourceAges(provenance, buildDate);
  warnStaleSources(opts.log, dataAge);

  const report = buildReport(
    {
      date: buildDate,
      stages,
      sources,
      rejected,
      ambiguities,
      resolution,
      conflicts,
      rank_agreement: agreement,
      backtest,
      data_age: dataAge,
      category_coverage: categories,
    },
    names,
    tables,
    identified,
  );

  const written = await stage(
    "write snapshot",
    () =>
      writeSnapshot(
        opts.snapshotsDir,
        {
          date: buildDate,
          generatedAt: nowIso,
          baseUrl: opts.baseUrl,
          conferences: tables.conferences,
          journals: tables.journals,
          specialIssues: tables.specialIssues,
          conferenceDetails: tables.conferenceDetails,
          journalDetails: tables.journalDetails,
          idRegistry: registry,
          aliases,
          report: { json: report, markdown: reportMarkdown(report) },
          sources: provenance,
          terms: TERMS,
        },
        { keepDays: opts.keepDays },
      ),
    (w) => `${w.dir} (${w.manifest.files.length} public files)`,
  );
  opts.log(`Build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { dir: written.dir, report };
}
