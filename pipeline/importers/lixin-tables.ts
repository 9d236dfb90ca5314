/**
 * The acceptance tables of lixin4ever/Conference-Acceptance-Rate's README, read as published: one `### <area>`
 * heading per table, a `| Conference | Long Paper | Short Paper |` header, then one line per edition
 * (`|ACL'21 Findings | 14.6% (339/2327) | 11.5% (118/1023) |`). Each non-empty cell becomes one row with the cells
 * of the CSV the data used to be shipped as (`area,venue,year,track,category,rate_pct,accepted,submitted,raw`), so
 * the importer derives them from the file the origin publishes instead of a converted copy.
 */

export const LIXIN_TABLES_FILE = "lixin4ever-acceptance/README_source_tables.md";

export interface LixinCells {
  area: string;
  venue: string;
  year: string;
  track: string;
  category: string;
  rate_pct: string;
  accepted: string;
  submitted: string;
  raw: string;
}

export interface LixinTableRow {
  /** 1-based line of the README, for messages. */
  line: number;
  values: LixinCells;
}

/** "ACL'21 Findings" → venue ACL, year 2021, track Findings. */
const EDITION = /^(.+?)'(\d{2})\s*(.*)$/;
/** A published percentage at the start ("25.0% …"); "~47%" and "?" are no rate. */
const RATE = /^(\d+(?:\.\d+)?)%/;
/**
 * The first "(accepted/submitted)" pair: a number, or "?" or an open "1000+" for no count; a pair with an
 * approximate "~743" says nothing exact and gives neither count.
 */
const COUNTS = /\((\d+|\?)\/(\d+\+?|\?)\)/;

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim());

const isSeparator = (cells: string[]) => cells.every((cell) => /^:?-+:?$/.test(cell));

export function parseLixinTables(markdown: string): LixinTableRow[] {
  const rows: LixinTableRow[] = [];
  let area = "";
  let categories: string[] = [];
  for (const [index, line] of markdown.split(/\r?\n/).entries()) {
    const heading = /^#{1,6}\s+(.*?)\s*$/.exec(line);
    if (heading) {
      area = heading[1] ?? "";
      categories = [];
      continue;
    }
    if (!line.trimStart().startsWith("|")) continue;
    const [first = "", ...rest] = cellsOf(line);
    if (isSeparator([first, ...rest])) continue;
    const edition = EDITION.exec(first);
    if (!edition) {
      // The header line names the columns' categories ("Long Paper", "Short Paper").
      categories = rest;
      continue;
    }
    const [, venue = "", yy = "", track = ""] = edition;
    for (const [column, raw] of rest.entries()) {
      if (raw === "" || raw === "-") continue;
      const counts = COUNTS.exec(raw);
      const count = (text: string | undefined) => (text && /^\d+$/.test(text) ? text : "");
      rows.push({
        line: index + 1,
        values: {
          area,
          venue: venue.trim(),
          year: `20${yy}`,
          track,
          category: categories[column] ?? "",
          rate_pct: RATE.exec(raw)?.[1] ?? "",
          accepted: count(counts?.[1]),
          submitted: count(counts?.[2]),
          raw,
        },
      });
    }
  }
  return rows;
}
