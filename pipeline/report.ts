/**
 * The build report: what each source contributed, where resolution hesitated, where sources disagreed and
 * which value won, and how our ranks compare with the reference service's.
 */
import type { ConferenceRow } from "../snapshot/records.ts";
import type { SourceAge } from "../snapshot/source-age.ts";
import type { BacktestSummary } from "./estimate/estimates.ts";
import type { Conflict } from "./merge/merge-conferences.ts";
import { type NameChange, type NameDefect, nameDefects } from "./resolve/names.ts";
import type { Ambiguity, MatchEvent, Resolution, SuspectedDuplicate } from "./resolve/resolve.ts";
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
  /** Deadline estimates checked against real 2023–2026 deadlines: absolute error in days. */
  backtest: { years: number[]; all: BacktestSummary; ccf_a: BacktestSummary };
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
  decisions: Record<string, number>;
  listed: Resolution<unknown>["decisions"]["listed"];
  suspected_duplicates: { conferences: SuspectedDuplicate[]; journals: SuspectedDuplicate[] };
}

export function resolutionReport(conf: Resolution<unknown>, journal: Resolution<unknown>): ResolutionReport {
  const decisions: Record<string, number> = {};
  for (const [prefix, r] of [
    ["conference", conf],
    ["journal", journal],
  ] as const)
    for (const [k, n] of Object.entries(r.decisions.counts)) decisions[`${prefix} ${k}`] = n;
  return {
    decisions,
    listed: [...conf.decisions.listed, ...journal.decisions.listed],
    suspected_duplicates: { conferences: conf.suspects, journals: journal.suspects },
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

const table = (head: string[], rows: (string | number)[][]) =>
  [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");

const show = (v: unknown) =>
  v === null || v === undefined || v === "" ? "—" : String(v).replace(/\|/g, "/");

/** How many of `urls` are on each host. */
export function countBySite(urls: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const url of urls) {
    const site = new URL(url).hostname;
    counts[site] = (counts[site] ?? 0) + 1;
  }
  return counts;
}

/** "site count, site count", most first; "none" when empty. */
function bySite(counts: Record<string, number>): string {
  const sites = Object.entries(counts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return sites.length === 0 ? "none" : sites.map(([site, n]) => `${site} ${n}`).join(", ");
}

export function reportMarkdown(r: BuildReport): string {
  const a = r.rank_agreement;
  return [
    `# Build report ${r.date}`,
    "",
    `Conferences ${r.counts.conferences}, journals ${r.counts.journals}, special issues ${r.counts.special_issues}.`,
    "",
    `Official websites: ${r.website_coverage.conferences} of ${r.counts.conferences} conferences, ${r.website_coverage.journals} of ${r.counts.journals} journals (paid details only).`,
    `Journal websites by site (publisher journal pages named in special-issue calls): ${bySite(r.website_coverage.journals_by_site)}.`,
    "",
    "## Stages",
    table(
      ["stage", "seconds", "detail"],
      r.stages.map((s) => [s.name, s.seconds.toFixed(1), s.detail]),
    ),
    "",
    "## Data age",
    ...r.data_age
      .filter((s) => s.stale)
      .map(
        (s) =>
          `**Warning: ${s.id} (data of ${s.date}) was not fetched in the last 30 days; run \`npm run sync\`.**`,
      ),
    "",
    table(
      ["source", "commit", "data of", "age (days)", "fetched"],
      r.data_age.map((s) => [
        s.id,
        s.commit.slice(0, 12),
        show(s.date),
        show(s.age_days),
        show(s.fetched_at),
      ]),
    ),
    "",
    "## Sources",
    table(
      ["source", "read", "observations", "matched", "new", "unmatched", "rejected"],
      r.sources.map((s) => [s.source, s.read, s.observations, s.matched, s.new, s.unmatched, s.rejected]),
    ),
    "",
    `## Deadline estimates backtest (${r.backtest.years[0]}–${r.backtest.years.at(-1)}, absolute error in days)`,
    table(
      ["editions", "count", "median", "90th percentile"],
      [
        ["all", String(r.backtest.all.cases), show(r.backtest.all.median), show(r.backtest.all.p90)],
        ["CCF-A", String(r.backtest.ccf_a.cases), show(r.backtest.ccf_a.median), show(r.backtest.ccf_a.p90)],
      ],
    ),
    "",
    "## Ranks against the reference service",
    `${a.compared} venues compared: CCF agrees on ${(a.ccf_rate * 100).toFixed(2)} %, CORE on ${(a.core_rate * 100).toFixed(2)} %.`,
    "",
    table(
      ["id", "venue", "system", "ours", "our source", "reference"],
      a.disagreements.map((d) => [
        d.id,
        show(d.venue),
        d.system,
        show(d.ours.rank),
        show(d.ours.source),
        show(d.reference),
      ]),
    ),
    "",
    "## Resolution decisions",
    "Every union applied, by rule and the two rows' sources (cannot-link: a pair kept apart because both rows",
    "are distinct rows of one curated list). See docs/pipeline.md for the rules.",
    "",
    table(
      ["decision", "count"],
      Object.entries(r.resolution.decisions)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, n]) => [k, n]),
    ),
    "",
    `## Suspected duplicates (${r.resolution.suspected_duplicates.conferences.length} conferences, ${r.resolution.suspected_duplicates.journals.length} journals)`,
    "Venues left apart although two of their rows share an acronym with similar titles or have one title.",
    "",
    table(
      ["kind", "a", "b", "similarity", "why"],
      (["conferences", "journals"] as const).flatMap((kind) =>
        r.resolution.suspected_duplicates[kind].map((d) => [
          kind,
          `${show(d.a.title)} (${d.a.source})`,
          `${show(d.b.title)} (${d.b.source})`,
          d.similarity.toFixed(2),
          d.why,
        ]),
      ),
    ),
    "",
    `## Name defects (${r.names.defects_total}, not counting a missing acronym)`,
    "Defects left in the published short and full names, with up to 10 examples each (pipeline/names.ts).",
    "",
    table(
      ["defect", "count", "examples"],
      Object.entries(r.names.defects).map(([k, v]) => [k, v.count, show(v.examples.join("; "))]),
    ),
    "",
    "### Name cleaning applied",
    "Every cleaning or replacement of a published name, by rule (see docs/pipeline.md, Names).",
    "",
    table(
      ["rule", "count", "examples"],
      Object.entries(r.names.decisions)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, v.count, show(v.examples.join("; "))]),
    ),
    "",
    `## Ambiguous matches (${r.ambiguities.length})`,
    table(
      ["source", "key", "title", "reason", "candidates"],
      r.ambiguities.map((x) => [
        x.source,
        show(x.key),
        show(x.title),
        x.reason,
        show(x.candidates.map((c) => `${c.titles[0] ?? "?"} (${c.similarity.toFixed(2)})`).join("; ")),
      ]),
    ),
    "",
    `## Field conflicts (${r.conflicts.length})`,
    table(
      ["venue", "field", "chosen", "others", "why"],
      r.conflicts.map((c) => [
        show(c.venue),
        c.field,
        `${show(c.chosen.value)} (${c.chosen.source})`,
        show(c.others.map((o) => `${show(o.value)} (${o.source})`).join("; ")),
        c.why,
      ]),
    ),
    "",
    `## Rejected records (${r.rejected.length})`,
    table(
      ["file", "record", "reason"],
      r.rejected.map((x) => [show(x.file), show(x.record), show(x.reason)]),
    ),
    "",
  ].join("\n");
}
