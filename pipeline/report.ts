/**
 * The build report: what each source contributed, where resolution hesitated, where sources disagreed and
 * which value won, and how our ranks compare with the reference service's.
 */
import { type ConferenceRow, RESEARCH_FIELDS } from "../snapshot/records.ts";
import type { SourceAge } from "../snapshot/source-age.ts";
import type { BacktestReport } from "./estimate/backtest-score.ts";
import { INFERRED_FIELDS_SOURCE } from "./fields/venue-fields.ts";
import type { Conflict } from "./merge/merge-conferences.ts";
import type { CategoryCoverage } from "./report-categories.ts";
import { type NameChange, type NameDefect, nameDefects } from "./resolve/names.ts";
import type { Ambiguity, HeldOut, MatchEvent, Resolution, SuspectedDuplicate } from "./resolve/resolution.ts";
import type { ImportResult, Rejection } from "./sources/observations.ts";

export interface SourceStats {
  source: string;
  read: number;
  observations: number;
  matched: number;
  new: number;
  unmatched: number;
  rejected: number;
}

export interface RankDisagreement {
  id: string;
  venue: string;
  system: "CCF" | "CORE";
  ours: { rank: string; source: string | null };
  reference: string;
}

export interface RankAgreement {
  compared: number;
  ccf_agree: number;
  core_agree: number;
  ccf_rate: number;
  core_rate: number;
  disagreements: RankDisagreement[];
}

export interface BuildReport {
  date: string;
  stages: { name: string; seconds: number; detail: string }[];
  sources: SourceStats[];
  rejected: Rejection[];
  ambiguities: Ambiguity[];
  resolution: ResolutionReport;
  conflicts: Conflict[];
  rank_agreement: RankAgreement;
  /** The outlook's estimates against the rounds that followed each cut-off (pipeline/estimate/backtest.ts). */
  backtest: BacktestReport;
  /** Each source's data date and fetch time; stale ones are warned about. */
  data_age: SourceAge[];
  counts: { conferences: number; journals: number; special_issues: number };
  /**
   * Venues with an official website (from any source; paid output only), and the journals' by site (publisher
   * journal pages named in special-issue calls, pipeline/importers/journal-pages.ts).
   */
  website_coverage: { conferences: number; journals: number; journals_by_site: Record<string, number> };
  /** Defects left in the published names, and the cleaning applied to them (pipeline/resolve/names.ts). */
  names: NameReport;
  /** Venues per research field, and how many of them carry it only by inference from their title. */
  field_coverage: FieldCoverage[];
  /** Venues per CCF category and CORE FoR code, from which list's rows, and ranked venues left without one. */
  category_coverage: CategoryCoverage;
}

export interface FieldCoverage {
  field: string;
  conferences: number;
  conferences_inferred: number;
  journals: number;
  journals_inferred: number;
}

export interface NameReport {
  /** Defects other than a missing acronym: the quality gate (test/pipeline/quality-baseline.json). */
  defects_total: number;
  defects: Partial<Record<NameDefect, { count: number; examples: string[] }>>;
  /** Cleaning and replacement decisions applied to published names, by rule. */
  decisions: Record<string, { count: number; examples: string[] }>;
}

const NAME_EXAMPLES = 10;

/** Name defects and cleaning decisions over every published venue. */
export function nameReport(
  venues: {
    kind: "conference" | "journal";
    short: string | null;
    full: string | null;
    changes: NameChange[];
  }[],
): NameReport {
  const defects: NameReport["defects"] = {};
  const decisions: NameReport["decisions"] = {};
  const note = (bucket: { count: number; examples: string[] }, example: string) => {
    bucket.count++;
    if (bucket.examples.length < NAME_EXAMPLES) bucket.examples.push(example);
  };
  let total = 0;
  for (const v of venues) {
    const label = `${v.short || "—"} / ${v.full ?? "—"}`;
    for (const d of nameDefects(v.short, v.full)) {
      if (d !== "missing acronym") total++;
      defects[d] = defects[d] ?? { count: 0, examples: [] };
      note(defects[d], label);
    }
    for (const c of v.changes) {
      const rule = `${v.kind} ${c.kind}`;
      decisions[rule] = decisions[rule] ?? { count: 0, examples: [] };
      note(decisions[rule], `${c.text} (${label})`);
    }
  }
  return { defects_total: total, defects, decisions };
}

/** How resolution decided: every decision counted by rule and sources, the weak ones listed, and suspects. */
export interface ResolutionReport {
  /** Decisions by rule alone ("conference joint"): each rule of docs/pipeline.md with how often it applied. */
  rules: Record<string, number>;
  decisions: Record<string, number>;
  listed: Resolution<unknown>["decisions"]["listed"];
  suspected_duplicates: { conferences: SuspectedDuplicate[]; journals: SuspectedDuplicate[] };
  /** Close pairs a curated list ranks as two venues (two distinct rows of it): for review, not suspects. */
  listed_apart: { conferences: SuspectedDuplicate[]; journals: SuspectedDuplicate[] };
  /** Rows merged nowhere because their acronym and title name two venues (pipeline/resolve/title-conflicts.ts). */
  held_out: HeldOut[];
  /** Rows of the sources that never found a venue (pwc, the acceptance lists) that joined none: left out whole. */
  unmatched: { source: string; key: string }[];
}

export function resolutionReport(conf: Resolution<unknown>, journal: Resolution<unknown>): ResolutionReport {
  const decisions: Record<string, number> = {};
  const rules: Record<string, number> = {};
  for (const [prefix, r] of [
    ["conference", conf],
    ["journal", journal],
  ] as const)
    for (const [k, n] of Object.entries(r.decisions.counts)) {
      decisions[`${prefix} ${k}`] = n;
      const rule = `${prefix} ${k.slice(0, k.lastIndexOf(" "))}`;
      rules[rule] = (rules[rule] ?? 0) + n;
    }
  return {
    rules,
    decisions,
    listed: [...conf.decisions.listed, ...journal.decisions.listed],
    suspected_duplicates: { conferences: conf.suspects, journals: journal.suspects },
    listed_apart: { conferences: conf.listedApart, journals: journal.listedApart },
    held_out: [...conf.heldOut, ...journal.heldOut],
    unmatched: [...conf.events, ...journal.events]
      .filter((e) => e.rule === "unmatched")
      .map(({ source, key }) => ({ source, key })),
  };
}

export function sourceStats(results: ImportResult[], events: MatchEvent[]): SourceStats[] {
  return results.map((r) => {
    const mine = events.filter((e) => e.source === r.source);
    const count = (pred: (e: MatchEvent) => boolean) => mine.filter(pred).length;
    return {
      source: r.source,
      read: r.read,
      observations: r.conferences.length + r.journals.length,
      matched: count((e) => e.rule !== "new" && e.rule !== "unmatched"),
      new: count((e) => e.rule === "new"),
      unmatched: count((e) => e.rule === "unmatched"),
      rejected: r.rejected.length,
    };
  });
}

/** Our CCF / CORE rank against the reference's, for venues the reference lists; each disagreement names both sources. */
export function rankAgreement(
  venues: {
    row: ConferenceRow;
    reference: { ccf: string; core: string } | null;
    ccfSource: string | null;
    coreSource: string | null;
  }[],
): RankAgreement {
  const compared = venues.filter((v) => v.reference !== null);
  const disagreements: RankDisagreement[] = [];
  const agree = { CCF: 0, CORE: 0 };
  for (const v of compared) {
    const ref = v.reference as { ccf: string; core: string };
    const claims = [
      { system: "CCF" as const, ours: v.row.ccf_rank, source: v.ccfSource, theirs: ref.ccf },
      { system: "CORE" as const, ours: v.row.core_rank, source: v.coreSource, theirs: ref.core },
    ];
    for (const c of claims) {
      if (c.ours === c.theirs) agree[c.system]++;
      else
        disagreements.push({
          id: v.row.id,
          venue: v.row.short_name || v.row.full_name,
          system: c.system,
          ours: { rank: c.ours, source: c.source },
          reference: c.theirs,
        });
    }
  }
  const n = compared.length || 1;
  return {
    compared: compared.length,
    ccf_agree: agree.CCF,
    core_agree: agree.CORE,
    ccf_rate: Math.round((agree.CCF / n) * 10000) / 10000,
    core_rate: Math.round((agree.CORE / n) * 10000) / 10000,
    disagreements,
  };
}

interface FieldedVenue {
  fields: readonly string[];
  sources: readonly { source: string }[];
}

/** Venues per research field, and those of them whose fields are inferred from the title (venue-fields.ts). */
export function fieldCoverage(conferences: FieldedVenue[], journals: FieldedVenue[]): FieldCoverage[] {
  const count = (venues: FieldedVenue[], field: string) => {
    const having = venues.filter((v) => v.fields.includes(field));
    const inferred = having.filter((v) => v.sources.some((s) => s.source === INFERRED_FIELDS_SOURCE));
    return { all: having.length, inferred: inferred.length };
  };
  return RESEARCH_FIELDS.map((field) => {
    const c = count(conferences, field);
    const j = count(journals, field);
    return {
      field,
      conferences: c.all,
      conferences_inferred: c.inferred,
      journals: j.all,
      journals_inferred: j.inferred,
    };
  });
}

/** How many of `urls` are on each host. */
export function countBySite(urls: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const url of urls) {
    const site = new URL(url).hostname;
    counts[site] = (counts[site] ?? 0) + 1;
  }
  return counts;
}
