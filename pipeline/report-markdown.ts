/**
 * The build report as Markdown (build-report.md): one section per part of the report, in the order a reader
 * checks a build.
 */
import { MISSED_ROUND_DAYS, PRECISE_DAYS, percent } from "./estimate/backtest-score.ts";
import { MAX_CYCLES_AHEAD } from "./estimate/outlook.ts";
import type { BuildReport, ResolutionReport } from "./report.ts";

const table = (head: string[], rows: (string | number)[][]) =>
  [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");

const show = (v: unknown) =>
  v === null || v === undefined || v === "" ? "—" : String(v).replace(/\|/g, "/");

/** "site count, site count", most first; "none" when empty. */
function bySite(counts: Record<string, number>): string {
  const sites = Object.entries(counts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return sites.length === 0 ? "none" : sites.map(([site, n]) => `${site} ${n}`).join(", ");
}

/** A two-column table of counts, sorted by name. */
const countTable = (label: string, counts: Record<string, number>) =>
  table(
    [label, "count"],
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => [k, n]),
  );

/** Pairs of venues, conferences then journals, with both sides' titles and sources. */
const pairTable = (pairs: ResolutionReport["suspected_duplicates"]) =>
  table(
    ["kind", "a", "b", "similarity", "why"],
    (["conferences", "journals"] as const).flatMap((kind) =>
      pairs[kind].map((d) => [
        kind,
        `${show(d.a.title)} (${d.a.source})`,
        `${show(d.b.title)} (${d.b.source})`,
        d.similarity.toFixed(2),
        d.why,
      ]),
    ),
  );

/** The counts and the official websites found. */
const summary = (r: BuildReport): string[] => [
  `# Build report ${r.date}`,
  "",
  `Conferences ${r.counts.conferences}, journals ${r.counts.journals}, special issues ${r.counts.special_issues}.`,
  "",
  `Official websites: ${r.website_coverage.conferences} of ${r.counts.conferences} conferences, ${r.website_coverage.journals} of ${r.counts.journals} journals (paid details only).`,
  `Journal websites by site (publisher journal pages named in special-issue calls): ${bySite(r.website_coverage.journals_by_site)}.`,
  "",
];

/** Venues per research field. */
const researchFields = (r: BuildReport): string[] => [
  "## Research fields",
  "",
  "Venues per field; *inferred* counts those whose fields come from their title's words alone (no source files them).",
  "",
  table(
    ["field", "conferences", "of them inferred", "journals", "of them inferred"],
    r.field_coverage.map((f) => [
      f.field,
      f.conferences,
      f.conferences_inferred,
      f.journals,
      f.journals_inferred,
    ]),
  ),
  "",
];

/** Venues per CCF category and CORE FoR code, and the ranked venues the lists give none. */
const listCategories = ({ category_coverage: c }: BuildReport): string[] => [
  "## List categories",
  "",
  "CCF categories of CCF-ranked venues, from the rows of the list whose rank they show (ccf2026, ccfddl, ccf = the 2022 list); CORE FoR codes of CORE-ranked conferences, from their CORE rows.",
  "",
  table(
    ["CCF category", "name", "conferences", "journals", "from"],
    c.ccf.map((x) => [x.code, show(x.name), x.conferences, x.journals, bySite(x.from)]),
  ),
  "",
  table(
    ["CORE FoR", "name", "conferences"],
    c.core_for.map((x) => [x.code, show(x.name), x.conferences]),
  ),
  "",
  `CCF-ranked venues without a category: ${c.ccf_ranked_without_category.map(show).join(", ") || "none"}.`,
  `CORE-ranked conferences without a FoR code: ${c.core_ranked_without_for.map(show).join(", ") || "none"}.`,
  "",
];

/** Each stage's time and counts. */
const stageTimes = (r: BuildReport): string[] => [
  "## Stages",
  table(
    ["stage", "seconds", "detail"],
    r.stages.map((s) => [s.name, s.seconds.toFixed(1), s.detail]),
  ),
  "",
];

/** Each source's data date, stale ones warned about first. */
const dataAge = (r: BuildReport): string[] => [
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
    r.data_age.map((s) => [s.id, s.commit.slice(0, 12), show(s.date), show(s.age_days), show(s.fetched_at)]),
  ),
  "",
];

/** What each source contributed. */
const sourceCounts = (r: BuildReport): string[] => [
  "## Sources",
  table(
    ["source", "read", "observations", "matched", "new", "unmatched", "rejected"],
    r.sources.map((s) => [s.source, s.read, s.observations, s.matched, s.new, s.unmatched, s.rejected]),
  ),
  "",
];

/** The outlook's estimates against the rounds that followed. */
const backtest = (r: BuildReport): string[] => [
  `## Outlook backtest per round (cut-offs ${r.backtest.cutoffs.join(", ")}; absolute error in days)`,
  `A real round without an estimate counts ${MISSED_ROUND_DAYS} days (pipeline/estimate/backtest.ts says how data is hidden); ` +
    "one the outlook showed only as a possibility (detail page, marked) counts as foreseen, with its error (column possible). " +
    `Precision: the share of published estimates a real round of their cycle matched within ${PRECISE_DAYS} days; ` +
    "round count: the share of cycles given as many estimated rounds as they really had (possibilities are neither).",
  "",
  table(
    [
      "rounds of",
      "venues",
      "rounds",
      "coverage",
      "possible",
      "median",
      "90th percentile",
      "estimates",
      "precision",
      "cycles",
      "round count right",
    ],
    (
      [
        ["the next cycle", "all", r.backtest.all],
        ["the next cycle", "CCF-A", r.backtest.ccf_a],
        ["a cycle with rounds announced, the rest (or none)", "all", r.backtest.rest_of_cycle.all],
        ["a cycle with rounds announced, the rest (or none)", "CCF-A", r.backtest.rest_of_cycle.ccf_a],
      ] as const
    ).map(([scope, label, s]) => [
      scope,
      label,
      String(s.rounds),
      percent(s.coverage),
      String(s.possible),
      show(s.median),
      show(s.p90),
      String(s.estimates),
      percent(s.precision),
      String(s.cycles),
      percent(s.round_count_right),
    ]),
  ),
  "",
  "CCF-A rounds of the next cycle furthest off:",
  "",
  table(
    ["venue", "cut-off", "cycle", "real paper deadline", "estimate", "error"],
    r.backtest.ccf_a_worst.map((w) => [
      w.venue,
      w.cutoff,
      String(w.cycle_year),
      w.actual,
      w.possible ? `${w.estimated} (possible)` : show(w.estimated),
      String(w.error_days),
    ]),
  ),
  "",
  ...reappearances(r),
];

/** The rounds of a cycle that reappeared past the outlook's horizon: counted apart, each listed. */
const reappearances = (r: BuildReport): string[] => [
  `A reappearance after more than ${MAX_CYCLES_AHEAD} cycles: ${r.backtest.reappearance.all} rounds ` +
    `(CCF-A ${r.backtest.reappearance.ccf_a}) of a cycle more than ${MAX_CYCLES_AHEAD} cycles after the last one ` +
    "announced at the cut-off. The outlook estimates no cycle that far, by design (a defunct venue gets no invented " +
    "deadlines), so these rounds had no estimate and are counted here, not in the next cycle's figures:",
  "",
  table(
    ["venue", "cut-off", "last cycle announced then", "cycle", "real paper deadline"],
    r.backtest.reappearance.rounds.map((w) => [
      w.venue,
      w.cutoff,
      show(w.last_announced),
      String(w.cycle_year),
      w.actual,
    ]),
  ),
  "",
];

/** Our ranks against the reference service's. */
const ranksAgainstReference = (r: BuildReport): string[] => [
  "## Ranks against the reference service",
  `${r.rank_agreement.compared} venues compared: CCF agrees on ${(r.rank_agreement.ccf_rate * 100).toFixed(2)} %, CORE on ${(r.rank_agreement.core_rate * 100).toFixed(2)} %.`,
  "",
  table(
    ["id", "venue", "system", "ours", "our source", "reference"],
    r.rank_agreement.disagreements.map((d) => [
      d.id,
      show(d.venue),
      d.system,
      show(d.ours.rank),
      show(d.ours.source),
      show(d.reference),
    ]),
  ),
  "",
];

/** How resolution decided, and the pairs it left apart. */
const resolutionDecisions = (r: BuildReport): string[] => [
  "## Resolution decisions",
  "Every union applied, by rule and the two rows' sources, and every pair kept apart (cannot-link: distinct rows",
  "of one curated list; title-contradicts: a title unlike the series an acronym part names; title-conflict: a row",
  "titled as one venue under another venue's acronym, held out below; held-elsewhere: a row sharing only its title",
  "with a row of its own source held in another place and month under another acronym). See docs/pipeline.md for",
  "the rules.",
  "",
  countTable("rule", r.resolution.rules),
  "",
  countTable("decision", r.resolution.decisions),
  "",
  `## Suspected duplicates (${r.resolution.suspected_duplicates.conferences.length} conferences, ${r.resolution.suspected_duplicates.journals.length} journals)`,
  "Venues left apart although two of their rows share an acronym with similar titles or have one title, and no",
  "list ranks them as two venues.",
  "",
  pairTable(r.resolution.suspected_duplicates),
  "",
  `### Listed apart (${r.resolution.listed_apart.conferences.length} conferences, ${r.resolution.listed_apart.journals.length} journals)`,
  "Close pairs a curated list ranks as two venues (two distinct rows of it), or one source lists held in other",
  "places and months under other acronyms: for review, not counted as suspects.",
  "",
  pairTable(r.resolution.listed_apart),
  "",
  `### Held out (${r.resolution.held_out.length})`,
  "Rows whose acronym names one venue and whose title another: merged into neither, listed here until the",
  "alias table (pipeline/resolve/aliases.yaml) places them.",
  "",
  table(
    ["rule", "row", "acronym names", "title names"],
    r.resolution.held_out.map((h) => [
      h.rule,
      show(`${h.row.source}: ${h.row.acronym ?? "—"}, ${h.row.title ?? "—"}`),
      show(`${h.acronym_venue.title ?? "—"} (${h.acronym_venue.source})`),
      show(`${h.title_venue.title ?? "—"} (${h.title_venue.source})`),
    ]),
  ),
  "",
  `### Unmatched (${r.resolution.unmatched.length})`,
  "Rows of the sources that never found a venue (the archived paperswithcode list, the acceptance lists) that",
  "joined none: their data is left out (docs/pipeline.md, Resolution).",
  "",
  table(
    ["source", "row"],
    r.resolution.unmatched.map((u) => [u.source, show(u.key)]),
  ),
  "",
];

/** Defects left in the published names and the cleaning applied. */
const nameDefects = (r: BuildReport): string[] => [
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
];

/** A section listing `items` in a table, its heading counting them. */
const listSection = <T>(
  heading: string,
  items: readonly T[],
  head: string[],
  row: (item: T) => (string | number)[],
): string[] => [`## ${heading} (${items.length})`, table(head, items.map(row)), ""];

/** Rows resolution could not attach for sure. */
const ambiguities = (r: BuildReport): string[] =>
  listSection("Ambiguous matches", r.ambiguities, ["source", "key", "title", "reason", "candidates"], (x) => [
    x.source,
    show(x.key),
    show(x.title),
    x.reason,
    show(x.candidates.map((c) => `${c.titles[0] ?? "?"} (${c.similarity.toFixed(2)})`).join("; ")),
  ]);

/** Where sources disagreed and which value won. */
const fieldConflicts = (r: BuildReport): string[] =>
  listSection("Field conflicts", r.conflicts, ["venue", "field", "chosen", "others", "why"], (c) => [
    show(c.venue),
    c.field,
    `${show(c.chosen.value)} (${c.chosen.source})`,
    show(c.others.map((o) => `${show(o.value)} (${o.source})`).join("; ")),
    c.why,
  ]);

/** The acceptance figures and rank claims a rule dropped or replaced, counted by rule (each is a field conflict). */
const correctionsByRule = (r: BuildReport): string[] => {
  const counts: Record<string, number> = {};
  for (const c of r.conflicts) {
    const rule = /(acceptance rule|rank-history rule) (\S+)/.exec(c.chosen.source);
    if (!rule) continue;
    const key = `${rule[1]} ${rule[2]} (${c.chosen.value === "dropped" ? "dropped" : "another value kept"})`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return [
    "## Acceptance and rank-history corrections",
    "",
    "Acceptance figures and rank claims a rule of docs/pipeline.md dropped or replaced; each is listed under *Field conflicts*.",
    "",
    countTable("rule", counts),
    "",
  ];
};

/** Records the importers refused. */
const rejectedRecords = (r: BuildReport): string[] =>
  listSection("Rejected records", r.rejected, ["file", "record", "reason"], (x) => [
    show(x.file),
    show(x.record),
    show(x.reason),
  ]);

const SECTIONS = [
  summary,
  researchFields,
  listCategories,
  stageTimes,
  dataAge,
  sourceCounts,
  backtest,
  ranksAgainstReference,
  resolutionDecisions,
  nameDefects,
  ambiguities,
  correctionsByRule,
  fieldConflicts,
  rejectedRecords,
];

export function reportMarkdown(r: BuildReport): string {
  return SECTIONS.flatMap((section) => section(r)).join("\n");
}
