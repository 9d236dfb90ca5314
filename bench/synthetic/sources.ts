/**
 * Every upstream file the build reads, with what changes from copy to copy: names, ids, keys, dates. Ranks,
 * counts, places, publishers, fields and free text are kept, so each copy has the real rank distribution and
 * shape. Paths and columns are those of the importers in pipeline/importers/.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import {
  csvSource,
  eachRecord,
  isRecord,
  jsonArraySource,
  jsonFolderSource,
  jsonlSource,
  mapFields,
  markdownTablesSource,
  type Record_,
  type SyntheticSource,
  stringLiteralRowsSource,
  text,
  yamlFileSource,
  yamlFolderSource,
} from "./formats.ts";
import type { Names } from "./names.ts";

/** Above every reference id (≤ 5,865) and CORE id (≤ 2,325): copy k's ids start at k × stride. */
const REFERENCE_ID_STRIDE = 100_000;
const CORE_ID_STRIDE = 100_000;

const id = (value: unknown, names: Names, stride: number) =>
  typeof value === "number"
    ? names.id(value, stride)
    : typeof value === "string" && /^\d+$/.test(value)
      ? String(names.id(Number(value), stride))
      : value;

/** The rule of the copy's names that a text field is rewritten with. */
type TextRule = "acronym" | "title" | "date" | "issn" | "dblp" | "tag" | "url";

/** Field mappers rewriting each listed field's text with its rule (values that are not text are kept). */
const textFields = (n: Names, rules: Record<string, TextRule>) =>
  Object.fromEntries(
    Object.entries(rules).map(([field, rule]) => [field, (v: unknown) => text(v, (t) => n[rule](t))]),
  );

// -------------------------------------------------------------------------------------------------------------
// conference-partner (the reference snapshot)

const REFERENCE_CONFERENCE_FILES = [
  "upcoming-deadlines",
  "ccf-conferences",
  "core-conferences",
  "qualis-conferences",
  "open-calls-by-rank",
];
const REFERENCE_JOURNAL_FILES = ["ccf-journals", "top-impact-factor-journals", "journal-special-issues"];

function referenceRow(row: Record_, n: Names): Record_ {
  const newId = id(row.id, n, REFERENCE_ID_STRIDE);
  return mapFields(row, {
    id: () => newId,
    ...textFields(n, {
      short_name: "acronym",
      full_name: "title",
      submission_date: "date",
      notification_date: "date",
      conference_date: "date",
      updated_at: "date",
      issn: "issn",
    }),
    detail_page: (v) => text(v, (t) => t.replace(/\d+$/, String(newId))),
    special_issue: (v) =>
      isRecord(v) ? mapFields(v, textFields(n, { title: "title", submission_date: "date" })) : v,
  });
}

// -------------------------------------------------------------------------------------------------------------
// Trackers (YAML)

const dateOf = (n: Names) => (v: unknown) => text(v, (t) => n.date(t));

function ccfddlSeries(entry: Record_, n: Names): Record_ {
  return mapFields(entry, {
    ...textFields(n, { title: "acronym", description: "title", dblp: "dblp" }),
    confs: (confs) =>
      eachRecord(confs, (conf) =>
        mapFields(conf, {
          id: (v) => text(v, (t) => n.tag(t)),
          timeline: (steps) =>
            eachRecord(steps, (step) =>
              Object.fromEntries(
                Object.entries(step).map(([key, value]) => [
                  key,
                  key === "comment" ? value : dateOf(n)(value),
                ]),
              ),
            ),
        }),
      ),
  });
}

const ccfddlAcceptRates = (entry: Record_, n: Names) =>
  mapFields(entry, { title: (v) => text(v, (t) => n.acronym(t)) });

/** hf and pwc editions: one entry per edition, the series acronym in `title`. */
function trackerEdition(entry: Record_, n: Names): Record_ {
  const date = dateOf(n);
  return mapFields(entry, {
    ...textFields(n, { title: "acronym", full_name: "title", id: "tag" }),
    deadline: date,
    abstract_deadline: date,
    start: date,
    end: date,
    deadlines: (items) => eachRecord(items, (item) => mapFields(item, { date, deadline: date })),
  });
}

// -------------------------------------------------------------------------------------------------------------
// Lists (CSV)

const dblpUrl = (url: string, n: Names) =>
  url.replace(
    /(\/db\/(?:conf|journals)\/)([\w.+-]+)/i,
    (_, prefix: string, key: string) => prefix + n.dblp(key),
  );

/** "Full title|ACRONYM" cells (ScholarUtilityBelt). */
function venueCell(cell: string, n: Names): string {
  const bar = cell.lastIndexOf("|");
  return bar < 0 ? n.title(cell) : `${n.title(cell.slice(0, bar))}|${n.acronym(cell.slice(bar + 1))}`;
}

const columns =
  (mappers: Record<string, (value: string, n: Names) => string>) =>
  (row: Record_, n: Names): Record_ =>
    mapFields(
      row,
      Object.fromEntries(
        Object.entries(mappers).map(([key, map]) => [key, (v: unknown) => text(v, (t) => map(t, n))]),
      ),
    );

const acronym = (t: string, n: Names) => n.acronym(t);
const title = (t: string, n: Names) => n.title(t);

/** The files of a folder whose names match, sorted (the importers find the yearly files the same way). */
const filesMatching = (realDir: string, dir: string, pattern: RegExp) =>
  readdirSync(join(realDir, dir))
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => `${dir}/${name}`);

// -------------------------------------------------------------------------------------------------------------
// Journal special issues (JSON)

function specialIssueCall(call: Record_, n: Names): Record_ {
  return mapFields(call, {
    ...textFields(n, {
      journal: "title",
      abbreviation: "acronym",
      title: "title",
      metaTitle: "title",
      slug: "tag",
      url: "url",
    }),
    dueDate: (v) => (typeof v === "number" ? n.epochMs(v) : v),
    pubDate: dateOf(n),
    dates: (dates) => eachRecord(dates, (d) => mapFields(d, { date: dateOf(n) })),
  });
}

// -------------------------------------------------------------------------------------------------------------
// CCF 2026 (dataGen.js rows and the PDF's JSON lines), OpenAccept (one JSON file per venue), mpc-deadlines (YAML)

/** dblp paths without the /db prefix ("/conf/icic", "/journals/tocs/tocs"): the venue key is renamed. */
const dblpPath = (path: string, n: Names) =>
  path.replace(
    /^(\/(?:conf|journals)\/)([\w.+-]+)/i,
    (_, prefix: string, key: string) => prefix + n.dblp(key),
  );

/** Rank, acronym, title, dblp path, dblp path of the listing. */
const dataGenRow = (cells: string[], n: Names) =>
  cells.map((cell, i) =>
    i === 1 ? n.acronym(cell) : i === 2 ? n.title(cell) : i >= 3 ? dblpPath(cell, n) : cell,
  );

const ccf2026Row = columns({
  acronym,
  acronym_compact: acronym,
  name: title,
  url: dblpUrl,
  id: (v, n) => n.tag(v),
});

const openAcceptVenue = columns({
  name: acronym,
  full_name: title,
  dblp: dblpUrl,
  website: (v, n) => n.url(v),
});

function mpcEdition(entry: Record_, n: Names): Record_ {
  const date = dateOf(n);
  return mapFields(entry, {
    ...textFields(n, { name: "acronym", description: "title", link: "url" }),
    deadline: (v) => (Array.isArray(v) ? v.map(date) : date(v)),
  });
}

/** Every source, in a fixed order (the order files are written in, so the output is deterministic). */
export async function readSources(realDir: string): Promise<SyntheticSource[]> {
  return Promise.all([
    ...REFERENCE_CONFERENCE_FILES.map((name) =>
      jsonArraySource(realDir, `conference-partner/${name}.json`, "conferences", referenceRow),
    ),
    ...REFERENCE_JOURNAL_FILES.map((name) =>
      jsonArraySource(realDir, `conference-partner/${name}.json`, "journals", referenceRow),
    ),
    csvSource(realDir, "ccf-list/ccf_venues.csv", columns({ name: acronym, full_name: title, url: dblpUrl })),
    stringLiteralRowsSource(realDir, "ccf-list-2026/dataGen.js", "ccfRankList", dataGenRow),
    jsonlSource(realDir, "ccf-list-2026/ccf_2026.jsonl", ccf2026Row),
    jsonFolderSource(realDir, "openaccept", openAcceptVenue),
    yamlFileSource(realDir, "mpc-deadlines/conferences.yml", mpcEdition),
    yamlFolderSource(realDir, "ccfddl/conference", ccfddlSeries),
    yamlFolderSource(realDir, "ccfddl/accept_rates", ccfddlAcceptRates),
    yamlFolderSource(realDir, "hf-ai-deadlines/data/conferences", trackerEdition),
    yamlFileSource(realDir, "pwc-ai-deadlines/conferences.yml", trackerEdition),
    ...filesMatching(realDir, "core-history", /^CORE\d{4}\.csv$/).map((file) =>
      csvSource(realDir, file, columns({ id: (v, n) => String(id(v, n, CORE_ID_STRIDE)), title, acronym })),
    ),
    csvSource(realDir, "scholar-utility-belt/core_icore2026.csv", columns({ Venue: venueCell })),
    csvSource(realDir, "scholar-utility-belt/core_portal_ranks.csv", columns({ Venue: venueCell })),
    csvSource(
      realDir,
      "qualis-cs-confs-br/CAPES-CC-2017-2020-Qualis.csv",
      columns({ Sigla: acronym, "Nome do evento": title }),
    ),
    csvSource(realDir, "csconferences/csconferences.csv", columns({ Conference: acronym })),
    markdownTablesSource(realDir, "lixin4ever-acceptance/README_source_tables.md", acronym),
    ...filesMatching(realDir, "scimago-sjr-cs", /^scimagojr_\d{4}_computer_science\.csv$/).map((file) =>
      csvSource(
        realDir,
        file,
        columns({
          Sourceid: (v, n) => (/^\d+$/.test(v) ? n.numericText(v) : v),
          Title: title,
          Issn: (v, n) =>
            v
              .split(",")
              .map((part) => n.issn(part.trim()))
              .join(", "),
        }),
        ";",
      ),
    ),
    jsonArraySource(realDir, "journal-special-issues/calls_all_history_union.json", null, specialIssueCall),
    jsonArraySource(realDir, "journal-special-issues/calls_HEAD.json", null, specialIssueCall),
  ]);
}
