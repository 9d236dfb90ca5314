/**
 * Turns one resolved cluster of conference observations into the venue's public row and its detail data.
 * Every choice between disagreeing sources follows a fixed source priority; disagreements on dates, deadlines and
 * acceptance figures are reported as conflicts.
 */
import { daysBetween } from "../../runtime/clock.ts";
import type {
  AcceptanceRow,
  ConferenceDetailData,
  ConferenceRow,
  Deadline,
  Edition,
  RankHistoryEntry,
} from "../../snapshot/records.ts";
import { currentCcfRank, currentCoreRank, currentQualisRank } from "../../snapshot/records.ts";
import {
  deadlineEstimates,
  estimatedSubmissionDate,
  outlookRowFields,
  submissionOutlook,
} from "../estimate/outlook.ts";
import { inferredFieldsSource, venueFields } from "../fields/venue-fields.ts";
import { countryFromPlace } from "../normalize/countries.ts";
import { buildDeadline } from "../normalize/dates.ts";
import { placeInNormalCase } from "../normalize/normalize.ts";
import type { ChosenNames } from "../resolve/choose-names.ts";
import type { ConferenceObservation, SourceId } from "../sources/observations.ts";
import { byPriority, firstBy } from "../sources/priority.ts";
import { isPublishable } from "../sources/sources.ts";
import { type AcceptanceCorrection, crossCheckDisagreements, mergeAcceptance } from "./acceptance.ts";
import { consensusNames } from "./consensus-names.ts";
import { type CpIndexInput, computeCpIndex } from "./cp-index.ts";
import { editionDates } from "./edition-dates.ts";
import { currentEdition, roundNotification, rowEdition, submissionDate } from "./editions.ts";
import { ccfCategories, coreForCodes } from "./list-categories.ts";
import type { Misfiled } from "./misfiled-acceptance.ts";
import { dropImplausible } from "./plausibility.ts";
import { type RankCorrection, rankHistory } from "./rank-history.ts";
import { referenceRoundReason } from "./reference-rounds.ts";

export interface Conflict {
  venue: string;
  field: string;
  chosen: { value: unknown; source: string };
  others: { value: unknown; source: string }[];
  why: string;
}

export type ConferenceDraft = Omit<ConferenceRow, "id" | "updated_at"> & {
  /** The source's own last-change date (reference `updated_at`), carried over when nothing else changed. */
  sourceUpdatedAt: string | null;
};
export type ConferenceDetailDraft = Omit<ConferenceDetailData, "id">;

// Who names a venue after the two CCF lists. The reference precedes CORE: CORE's acronyms are often generic ("AI"
// for AJCAI, "IC" for ICOMP) and its titles carry notes on former names.
const NAMES_AFTER_CCF: SourceId[] = [
  "ccfddl",
  "reference",
  "icore",
  "core",
  "qualis",
  "hf",
  "pwc",
  "core_portal",
  "lixin",
];
// Acronym spelling and fallback: the 2026 list spells some acronyms its own way ("INTER-SPEECH"), so the 2022
// spelling of the same acronym wins where both exist. The pair itself comes from the first row in TITLE_PRIORITY.
export const NAME_PRIORITY: SourceId[] = ["ccf", "ccf2026", ...NAMES_AFTER_CCF];
// The pair of names comes from one row in this order: the current CCF list first.
export const TITLE_PRIORITY: SourceId[] = ["ccf2026", "ccf", ...NAMES_AFTER_CCF];
const TRACKER_PRIORITY: SourceId[] = ["ccfddl", "hf", "pwc", "mpc"];
/** Every source that gives a conference's official website, in the order its link wins (paid output only). */
const WEBSITE_PRIORITY: SourceId[] = [...TRACKER_PRIORITY, "openaccept"];

// The current ranks and the claims behind them: one rule for the build and every surface that names a rank's
// source (snapshot/records/current-ranks.ts).
function ccfRank(ranks: RankHistoryEntry[]): { rank: ConferenceRow["ccf_rank"]; edition: string | null } {
  const current = currentCcfRank(ranks);
  return { rank: current.tier, edition: current.claim?.edition ?? null };
}

function coreRank(ranks: RankHistoryEntry[]): { rank: ConferenceRow["core_rank"]; edition: string | null } {
  const current = currentCoreRank(ranks);
  return { rank: current.tier, edition: current.claim?.edition ?? null };
}

function qualisRank(ranks: RankHistoryEntry[]): ConferenceRow["qualis_rank"] {
  return currentQualisRank(ranks).tier;
}

/** Two deadlines of one type this far apart are two rounds, not two spellings of one (the round model's gap). */
const DISTINCT_ROUND_DAYS = 30;

/**
 * Trackers whose deadlines of one edition are its submission rounds (ccfddl's timeline, mpc's list); hf and pwc
 * also list tracks (WSDM's short papers, SIGGRAPH's programs) as deadlines of their own.
 */
const ROUND_TRACKERS: ReadonlySet<string> = new Set(["ccfddl", "mpc"]);

const apart = (a: Deadline, b: Deadline) => Math.abs(daysBetween(a.date, b.date)) >= DISTINCT_ROUND_DAYS;

/**
 * The deadlines of a type a later tracker adds as rounds of their own: when it lists more rounds than those already
 * taken, one deadline per round (a round tracker, all of its deadlines of the type far apart, so tracks and per-track
 * dates never pass for rounds), those far from every deadline taken. A round it dates otherwise
 * (mpc's SIGMOD round three, a month after ccfddl's) stays one round. SIGKDD's second 2027 round is mpc's alone.
 */
function roundsOnlyIn(mine: Deadline[], prior: Deadline[]): Deadline[] {
  if (mine.length <= prior.length || !mine.every((d) => ROUND_TRACKERS.has(d.source))) return [];
  const oneARound = mine.every((d, i) => mine.every((o, j) => i === j || apart(d, o)));
  return oneARound
    ? mine.filter((d) => prior.every((p) => apart(d, p))).slice(0, mine.length - prior.length)
    : [];
}

/** Two statements of one day's deadline more than a minute apart ("23:59:59" and "23:59" are one instant). */
const otherInstant = (a: Deadline, b: Deadline) =>
  a.utc !== null && b.utc !== null && Math.abs(Date.parse(a.utc) - Date.parse(b.utc)) > 60_000;

/** "2026-02-25 23:59:59 UTC+0": a deadline as its source states it. */
const instantText = (d: Deadline) => [d.date, d.time, d.timezone].filter((x) => x).join(" ");

/**
 * Deadlines of one edition from several trackers, fused by round: per type, the first tracker that has the type
 * gives its deadlines; a later tracker adds the rounds the earlier ones lack (roundsOnlyIn) and otherwise loses, a
 * disagreement reported as a conflict (another day; or the same day at another instant).
 */
function mergeDeadlines(venue: string, year: number, lists: Deadline[][], conflicts: Conflict[]): Deadline[] {
  const out: Deadline[] = [];
  const taken = new Map<string, Deadline[]>();
  for (const list of lists) {
    const types = new Set(list.map((d) => d.type));
    for (const type of types) {
      const mine = list.filter((d) => d.type === type);
      const prior = taken.get(type);
      if (!prior) {
        taken.set(type, mine);
        out.push(...mine);
        continue;
      }
      const added = roundsOnlyIn(mine, prior);
      prior.push(...added);
      out.push(...added);
      const differs = mine.some((d) => !prior.some((p) => p.date === d.date));
      const sameDayElsewhen = mine.filter((d) => prior.some((p) => p.date === d.date && otherInstant(p, d)));
      // The same day at another instant (INTERSPEECH 2026: ccfddl's 23:59 UTC, hf's AoE): said, not silently lost.
      if (sameDayElsewhen.length > 0) {
        conflicts.push({
          venue,
          field: `${year} ${type} deadline time`,
          chosen: { value: prior.map(instantText).join(", "), source: prior[0]?.source ?? "" },
          others: sameDayElsewhen.map((d) => ({ value: instantText(d), source: d.source })),
          why: "tracker priority ccfddl > hf > pwc > mpc (newest commit first): the same day at another time or zone",
        });
      }
      if (differs) {
        conflicts.push({
          venue,
          field: `${year} ${type} deadline`,
          chosen: { value: prior.map((p) => p.date).join(", "), source: prior[0]?.source ?? "" },
          others: mine.map((d) => ({ value: d.date, source: d.source })),
          why: "tracker priority ccfddl > hf > pwc > mpc (newest commit first); a later tracker adds only rounds the others lack",
        });
      }
    }
  }
  return out.sort((a, b) => (a.utc ?? a.date).localeCompare(b.utc ?? b.date));
}

function mergeEditions(venue: string, members: ConferenceObservation[], conflicts: Conflict[]): Edition[] {
  const byYear = new Map<number, Edition[]>();
  for (const o of byPriority(members, TRACKER_PRIORITY)) {
    if (!TRACKER_PRIORITY.includes(o.source)) continue;
    for (const e of o.editions) byYear.set(e.year, [...(byYear.get(e.year) ?? []), e]);
  }
  return [...byYear.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, eds]) => ({
      year,
      ...editionDates(eds),
      place: placeInNormalCase(eds.find((e) => e.place)?.place ?? null),
      country: eds.find((e) => e.country)?.country ?? null,
      deadlines: mergeDeadlines(
        venue,
        year,
        eds.map((e) => e.deadlines),
        conflicts,
      ),
      sources: [...new Set(eds.flatMap((e) => e.sources))],
    }));
}

/**
 * The reference snapshot describes one edition (its current one). Fold it into the tracker editions: fill
 * what the trackers lack, report where they disagree, or add the edition when the trackers do not have it.
 */
function foldReferenceEdition(
  venue: string,
  editions: Edition[],
  ref: ConferenceObservation,
  conflicts: Conflict[],
) {
  const state = ref.reference;
  if (!state) return;
  const anchor = state.conference_date ?? state.submission_date;
  if (!anchor) return;
  const year = Number(anchor.slice(0, 4));
  const refDeadlines = [
    ...(state.submission_date ? referenceDeadline("paper", state.submission_date) : []),
    ...(state.notification_date ? referenceDeadline("notification", state.notification_date) : []),
  ];
  const existing = editions.find((e) => e.year === year);
  if (!existing) {
    editions.push({
      year,
      start_date: state.conference_date,
      end_date: null,
      date_text: null,
      place: placeInNormalCase(state.location),
      country: countryFromPlace(state.location),
      deadlines: refDeadlines,
      sources: ["reference"],
    });
    editions.sort((a, b) => a.year - b.year);
    return;
  }
  existing.sources = [...new Set([...existing.sources, "reference"])];
  existing.start_date ??= state.conference_date;
  existing.place ??= placeInNormalCase(state.location);
  existing.country ??= countryFromPlace(state.location);
  for (const d of refDeadlines) {
    const same = existing.deadlines.filter((x) => x.type === d.type);
    if (same.length === 0) existing.deadlines.push(d);
    else if (!same.some((x) => x.date === d.date)) {
      // Another round of the edition rather than another date of the trackers' round (reference-rounds.ts).
      const anotherRound = referenceRoundReason(editions, existing, d, state.conference_date);
      if (anotherRound) existing.deadlines.push(d);
      conflicts.push({
        venue,
        field: `${year} ${d.type} deadline`,
        chosen: {
          value: [...same.map((x) => x.date), ...(anotherRound ? [d.date] : [])].join(", "),
          source: anotherRound ? `${same[0]?.source ?? ""} and reference` : (same[0]?.source ?? ""),
        },
        others: [{ value: d.date, source: "reference" }],
        why:
          anotherRound ??
          (same[0]?.source === "reference"
            ? "two reference rows of one venue: the row updated last gives the date"
            : "trackers publish the exact time and zone; the reference gives a date only"),
      });
    }
  }
  if (state.conference_date && existing.start_date !== state.conference_date) {
    conflicts.push({
      venue,
      field: `${year} conference start`,
      chosen: { value: existing.start_date, source: existing.sources[0] ?? "" },
      others: [{ value: state.conference_date, source: "reference" }],
      why:
        existing.sources[0] === "reference"
          ? "two reference rows of one venue: the row updated last gives the date"
          : "tracker editions take precedence over the reference snapshot",
    });
  }
  existing.deadlines.sort((a, b) => (a.utc ?? a.date).localeCompare(b.utc ?? b.date));
}

/** The venue's reference rows, the one updated last first: its dates take an edition both rows describe. */
function referenceRowsNewestFirst(members: readonly ConferenceObservation[]): ConferenceObservation[] {
  const updated = (o: ConferenceObservation) => o.reference?.updated_at ?? "";
  return members.filter((o) => o.source === "reference").sort((a, b) => updated(b).localeCompare(updated(a)));
}

/** The reference publishes bare dates with no zone: kept as such, with no invented instant. */
function referenceDeadline(type: "paper" | "notification", date: string): Deadline[] {
  const label = type === "paper" ? "Submission deadline" : "Notification";
  const d = buildDeadline({ type, label, when: date, timezone: null, source: "reference" });
  return d ? [d] : [];
}

/** The latest main-track row with a rate: the rate rankings use, and its year. */
function latestMainRate(rows: AcceptanceRow[]): AcceptanceRow | null {
  const main = rows.filter((r) => r.track === null && r.rate !== null);
  return main[main.length - 1] ?? null;
}

/** Main-track submissions of the latest year that states them (cp_index community size). */
function latestMainSubmissions(rows: AcceptanceRow[]): number | null {
  const main = rows.filter((r) => r.track === null && r.submitted !== null && r.submitted > 0);
  return main[main.length - 1]?.submitted ?? null;
}

const percentOf = (r: AcceptanceRow) => (r.rate === null ? "no rate" : `${(r.rate * 100).toFixed(1)} %`);
const figure = (r: AcceptanceRow) => `${r.accepted ?? "?"}/${r.submitted ?? "?"} (${percentOf(r)})`;

/** An acceptance row a rule dropped or replaced, as the build report lists it (acceptance.ts). */
const acceptanceConflict = (venue: string, c: AcceptanceCorrection): Conflict => ({
  venue,
  field: `${c.year}${c.track ? ` ${c.track}` : ""} acceptance`,
  chosen: {
    value: c.replacement ? figure(c.replacement) : "dropped",
    source: c.replacement
      ? `${c.replacement.source} by acceptance rule ${c.rule}`
      : `acceptance rule ${c.rule}`,
  },
  others: [{ value: figure(c.dropped), source: c.dropped.source }],
  why: `${c.rule}: ${c.why}`,
});

/** A rank claim kept out of the venue's history, as the build report lists it (rank-history.ts). */
const rankConflict = (venue: string, c: RankCorrection): Conflict => ({
  venue,
  field: `${c.dropped.system} ${c.dropped.edition} rank`,
  chosen: {
    value: c.kept ? c.kept.rank : "dropped",
    source: `${c.kept ? `${c.kept.source} by ` : ""}rank-history rule ${c.rule}`,
  },
  others: [{ value: `${c.dropped.rank} (${c.row})`, source: c.dropped.source }],
  why: `${c.rule}: ${c.why}`,
});

/** Date of the newest data behind the venue's deadlines: the newest of the dates of the sources that gave them. */
function deadlineDataDate(
  editions: Edition[],
  sourceDates: ReadonlyMap<string, string | null>,
): string | null {
  const dates = editions.flatMap((e) => e.deadlines.flatMap((d) => sourceDates.get(d.source) ?? []));
  return dates.sort().at(-1) ?? null;
}

export function mergeConference(
  members: ConferenceObservation[],
  nowIso: string,
  conflicts: Conflict[],
  /** Each source's data date (SourceInfo.date), for the outlook's `data_as_of`. */
  sourceDates: ReadonlyMap<string, string | null>,
  /** Acceptance rows that belong to another venue of the same acronym (misfiled-acceptance.ts). */
  misfiled: ReadonlyMap<AcceptanceRow, Misfiled> = new Map(),
): {
  draft: ConferenceDraft;
  detail: ConferenceDetailDraft;
  rankSources: { ccf: string | null; core: string | null };
  /** The source whose list rows gave the CCF categories (the build report counts them by it). */
  ccfCategorySource: SourceId | null;
  /** How the displayed names were chosen and cleaned, and the venue's other names (pipeline/resolve/names.ts). */
  names: ChosenNames;
} {
  // Names differ in spelling between every pair of lists, so they are chosen by priority, not reported: short
  // and full name together from one row (title priority; of the spellings of one name, the one most sources
  // give: consensus-names.ts), then cleaned (pipeline/resolve/names.ts).
  const names = consensusNames(members, TITLE_PRIORITY, NAME_PRIORITY);
  const shortName = names.short ?? "";
  const fullName = names.full ?? shortName;
  const venue = shortName || fullName;
  const history = rankHistory(members, shortName, fullName);
  for (const c of history.corrections) conflicts.push(rankConflict(venue, c));
  const ranks = history.ranks;
  const ref = members.find((o) => o.source === "reference") ?? null;

  const editions = mergeEditions(venue, members, conflicts);
  // Typos are dropped before the reference is folded in, so its value can take their place.
  const dropped = dropImplausible(editions);
  // Every reference row of the venue is folded, the one updated last first (a venue the reference lists twice,
  // ESEC and FSE, USENIX ATC and ACM SIGOPS ATC, would otherwise lose the second row's dates unreported).
  for (const row of referenceRowsNewestFirst(members)) foldReferenceEdition(venue, editions, row, conflicts);
  for (const x of [...dropped, ...dropImplausible(editions)]) {
    conflicts.push({
      venue,
      field: `${x.year} ${x.field}`,
      chosen: { value: x.corrected ?? "dropped", source: `plausibility rule ${x.rule}` },
      others: [{ value: x.value, source: x.source }],
      why: `${x.rule}: ${x.why}`,
    });
  }
  const current = currentEdition(editions, nowIso);
  const outlook = submissionOutlook({ editions, nowIso, dataAsOf: deadlineDataDate(editions, sourceDates) });
  const merged = mergeAcceptance(members, misfiled);
  for (const c of merged.corrections) conflicts.push(acceptanceConflict(venue, c));
  const acceptance = merged.rows;
  const latestRate = latestMainRate(acceptance);
  // Unlicensed figures only cross-check the published ones.
  for (const { published, other } of crossCheckDisagreements(members, acceptance)) {
    conflicts.push({
      venue,
      field: `${other.year} acceptance rate`,
      chosen: { value: published.rate, source: published.source },
      others: [{ value: other.rate, source: other.source }],
      why: `${other.source} states no licence: used to cross-check only`,
    });
  }
  const ccf = ccfRank(ranks);
  const core = coreRank(ranks);
  const fields = venueFields(
    members.filter((o) => isPublishable(o.source)),
    fullName,
  );
  const categories = ccfCategories(members, ccf.edition);
  const submission = current ? submissionDate(current, nowIso) : null;
  const row = {
    short_name: shortName,
    full_name: fullName,
    submission_date: submission,
    notification_date: current ? roundNotification(current, submission) : null,
    conference_date: current?.start_date ?? null,
    location: current?.place ?? null,
    ccf_rank: ccf.rank,
    core_rank: core.rank,
    qualis_rank: qualisRank(ranks),
    is_extended: current?.sources.includes("reference") ? (ref?.reference?.is_extended ?? null) : null,
    fields: fields.fields,
    ccf_category: categories.categories,
    core_for: coreForCodes(members, core.edition !== null),
    country: current?.country ?? countryFromPlace(current?.place ?? null),
    views: ref?.views ?? 0,
    acceptance_rate: latestRate?.rate ?? null,
    acceptance_rate_year: latestRate?.year ?? null,
    editions_count: ref?.editionsCount || null,
    reference_id: ref?.referenceId ?? null,
  };
  const cpInput: CpIndexInput = {
    ranks: { ccf: row.ccf_rank, core: row.core_rank, qualis: row.qualis_rank },
    acceptanceRate: row.acceptance_rate,
    editionsCount: row.editions_count,
    // Longevity and community from every source that knows them, not the reference's counts alone.
    editionYears: [...editions.map((e) => e.year), ...acceptance.map((a) => a.year)],
    listedIn: ranks.map((r) => r.edition),
    views: row.views,
    trackers: null,
    submissions: latestMainSubmissions(acceptance),
    facts: {
      submissionDate: row.submission_date !== null,
      notificationDate: row.notification_date !== null,
      conferenceDate: row.conference_date !== null,
      location: row.location !== null,
      deadlines: (current?.deadlines.length ?? 0) > 0,
      fields: row.fields.length > 0,
      editionHistory: editions.length > 1,
    },
  };
  const website = firstBy(members, WEBSITE_PRIORITY, (o) => o.website);
  return {
    rankSources: { ccf: ccf.edition, core: core.edition },
    ccfCategorySource: categories.source,
    names,
    draft: {
      ...row,
      cp_index: computeCpIndex(cpInput),
      estimated_submission_date: estimatedSubmissionDate(outlook),
      ...outlookRowFields(outlook),
      edition: rowEdition(editions, nowIso.slice(0, 10)),
      sourceUpdatedAt: ref?.reference?.updated_at ?? null,
    },
    detail: {
      website,
      cfp_text: null,
      deadlines: current?.deadlines ?? [],
      editions,
      deadline_estimates: deadlineEstimates(outlook),
      outlook,
      acceptance,
      rank_history: ranks,
      dblp: members.find((o) => o.dblp)?.dblp ?? null,
      core_id: members.find((o) => o.coreId)?.coreId ?? null,
      sources: [...members.map((o) => ({ source: o.source, key: o.key })), ...inferredFieldsSource(fields)],
    },
  };
}
