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
import { CCF_TIERS } from "../../snapshot/records.ts";
import {
  deadlineEstimates,
  estimatedSubmissionDate,
  outlookRowFields,
  submissionOutlook,
} from "../estimate/outlook.ts";
import { inferredFieldsSource, venueFields } from "../fields/venue-fields.ts";
import { countryFromPlace } from "../normalize/countries.ts";
import { buildDeadline } from "../normalize/dates.ts";
import { normalizeCoreRank, placeInNormalCase } from "../normalize/normalize.ts";
import { type ChosenNames, chooseNames } from "../resolve/choose-names.ts";
import type { ConferenceObservation, SourceId } from "../sources/observations.ts";
import { byPriority, firstBy } from "../sources/priority.ts";
import { isPublishable } from "../sources/sources.ts";
import { type CpIndexInput, computeCpIndex } from "./cp-index.ts";
import { currentEdition, rowEdition, submissionDate } from "./editions.ts";
import { ccfCategories, coreForCodes } from "./list-categories.ts";
import { dropImplausible } from "./plausibility.ts";

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
const NAME_PRIORITY: SourceId[] = ["ccf", "ccf2026", ...NAMES_AFTER_CCF];
// The pair of names comes from one row in this order: the current CCF list first.
const TITLE_PRIORITY: SourceId[] = ["ccf2026", "ccf", ...NAMES_AFTER_CCF];
const TRACKER_PRIORITY: SourceId[] = ["ccfddl", "hf", "pwc", "mpc"];
const ACCEPTANCE_PRIORITY: SourceId[] = ["ccfddl", "lixin", "openaccept"];
/** Every source that gives a conference's official website, in the order its link wins (paid output only). */
const WEBSITE_PRIORITY: SourceId[] = [...TRACKER_PRIORITY, "openaccept"];

/**
 * The CCF lists in the order their claim wins: the first with an A, B or C decides. CCF 2026 is current;
 * ccfddl and the reference service already follow it; the 2022 list only speaks for venues the others miss.
 */
const CCF_EDITIONS = ["CCF2026", "ccfddl", "reference", "CCF2022"];
/**
 * The current CORE rank is the newest edition's: ICORE2026, or CORE2023 for venues the ICORE2026 copy lacks.
 * A venue ranked only in older editions is unranked today; those ranks stay in its rank history.
 */
const CORE_EDITIONS = ["ICORE2026", "CORE2023"];

function ccfRank(ranks: RankHistoryEntry[]): { rank: ConferenceRow["ccf_rank"]; edition: string | null } {
  for (const edition of CCF_EDITIONS) {
    const claim = ranks.find((r) => r.system === "CCF" && r.edition.startsWith(edition));
    if (claim && (CCF_TIERS as readonly string[]).includes(claim.rank)) {
      return { rank: claim.rank as ConferenceRow["ccf_rank"], edition: claim.edition };
    }
  }
  return { rank: "", edition: null };
}

function coreRank(ranks: RankHistoryEntry[]): { rank: ConferenceRow["core_rank"]; edition: string | null } {
  for (const edition of CORE_EDITIONS) {
    const claim = ranks.find((r) => r.system === "CORE" && r.edition === edition);
    if (claim) return { rank: normalizeCoreRank(claim.rank), edition };
  }
  return { rank: "", edition: null };
}

function qualisRank(ranks: RankHistoryEntry[]): ConferenceRow["qualis_rank"] {
  const claim = ranks.find((r) => r.system === "QUALIS" && r.edition === "QUALIS2017-2020");
  return (claim?.rank ?? "") as ConferenceRow["qualis_rank"];
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

/**
 * Deadlines of one edition from several trackers, fused by round: per type, the first tracker that has the type
 * gives its deadlines; a later tracker adds the rounds the earlier ones lack (roundsOnlyIn) and otherwise loses, a
 * disagreement reported as a conflict.
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
      start_date: eds.find((e) => e.start_date)?.start_date ?? null,
      end_date: eds.find((e) => e.end_date)?.end_date ?? null,
      date_text: eds.find((e) => e.date_text)?.date_text ?? null,
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
      conflicts.push({
        venue,
        field: `${year} ${d.type} deadline`,
        chosen: { value: same.map((x) => x.date).join(", "), source: same[0]?.source ?? "" },
        others: [{ value: d.date, source: "reference" }],
        why:
          same[0]?.source === "reference"
            ? "two reference rows of one venue: the row updated last gives the date"
            : "trackers publish the exact time and zone; the reference gives a date only",
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

function mergeAcceptance(
  venue: string,
  members: ConferenceObservation[],
  conflicts: Conflict[],
): AcceptanceRow[] {
  const rows = new Map<string, AcceptanceRow>();
  for (const o of byPriority(members, ACCEPTANCE_PRIORITY)) {
    if (!isPublishable(o.source)) continue;
    for (const r of o.acceptance) {
      const key = `${r.year}|${r.track ?? ""}`;
      if (!rows.has(key)) rows.set(key, r);
    }
  }
  // Unlicensed figures only cross-check the published ones.
  for (const o of members.filter((m) => !isPublishable(m.source))) {
    for (const r of o.acceptance) {
      const published = rows.get(`${r.year}|`);
      if (published?.rate != null && r.rate != null && Math.abs(published.rate - r.rate) > 0.02) {
        conflicts.push({
          venue,
          field: `${r.year} acceptance rate`,
          chosen: { value: published.rate, source: published.source },
          others: [{ value: r.rate, source: o.source }],
          why: `${o.source} states no licence: used to cross-check only`,
        });
      }
    }
  }
  return [...rows.values()].sort((a, b) => a.year - b.year || (a.track ?? "").localeCompare(b.track ?? ""));
}

function latestMainRate(rows: AcceptanceRow[]): number | null {
  const main = rows.filter((r) => r.track === null && r.rate !== null);
  return main[main.length - 1]?.rate ?? null;
}

/** Main-track submissions of the latest year that states them (cp_index community size). */
function latestMainSubmissions(rows: AcceptanceRow[]): number | null {
  const main = rows.filter((r) => r.track === null && r.submitted !== null && r.submitted > 0);
  return main[main.length - 1]?.submitted ?? null;
}

function uniqueRanks(members: ConferenceObservation[]): RankHistoryEntry[] {
  const seen = new Set<string>();
  const out: RankHistoryEntry[] = [];
  for (const o of members) {
    if (!isPublishable(o.source)) continue;
    for (const r of o.ranks) {
      const k = `${r.system}|${r.edition}|${r.rank}`;
      if (!seen.has(k)) {
        seen.add(k);
        out.push(r);
      }
    }
  }
  return out;
}

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
  // and full name together from one row (title priority), then cleaned (pipeline/resolve/names.ts).
  const names = chooseNames(members, TITLE_PRIORITY, NAME_PRIORITY);
  const shortName = names.short ?? "";
  const fullName = names.full ?? shortName;
  const venue = shortName || fullName;
  const ranks = uniqueRanks(members);
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
      chosen: { value: "dropped", source: `plausibility rule ${x.rule}` },
      others: [{ value: x.value, source: x.source }],
      why: `${x.rule}: ${x.why}`,
    });
  }
  const current = currentEdition(editions, nowIso);
  const outlook = submissionOutlook({ editions, nowIso, dataAsOf: deadlineDataDate(editions, sourceDates) });
  const acceptance = mergeAcceptance(venue, members, conflicts);
  const ccf = ccfRank(ranks);
  const core = coreRank(ranks);
  const fields = venueFields(
    members.filter((o) => isPublishable(o.source)),
    fullName,
  );
  const categories = ccfCategories(members, ccf.edition);
  const row = {
    short_name: shortName,
    full_name: fullName,
    submission_date: current ? submissionDate(current, nowIso) : null,
    notification_date: current?.deadlines.find((d) => d.type === "notification")?.date ?? null,
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
    acceptance_rate: latestMainRate(acceptance),
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
