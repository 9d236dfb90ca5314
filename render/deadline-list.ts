/**
 * The upcoming-deadlines list as the pages show it (home, built; `/deadlines`, rendered by the server): one
 * card per (venue, upcoming round) of the query layer's `upcomingDeadlines`, the filter form that asks it, and
 * the filter as query parameters (the same ones `/api/deadlines`, `/deadlines.ics` and `/deadlines.xml` take).
 * The rows are the layer's; nothing here decides what is next or upcoming.
 */

import type { DeadlineCounts } from "../read/schema/api.ts";
import { RANK_SYSTEMS } from "../read/schema/rank-tiers.ts";
import {
  CCF_CATEGORIES,
  CORE_FOR_CODES,
  type OutlookDeadline,
  RESEARCH_FIELDS,
} from "../snapshot/records.ts";
import { ccfCategoryLabel, coreForLabel } from "./category-labels.ts";
import { deadlineHtml } from "./deadline.ts";
import { dateHtml, escapeHtml, fieldLabel } from "./html.ts";
import { type Locale, localePath, t, tHtml } from "./i18n.ts";
import { rankLineHtml } from "./rank-line.ts";

export const DEADLINES_PATH = "/deadlines";
export const DEADLINES_ICS_PATH = "/deadlines.ics";
export const DEADLINES_RSS_PATH = "/deadlines.xml";
export const WINDOWS = [7, 30, 60, 90] as const;

/** One row of `upcomingDeadlines` as the pages use it (the query layer's row has these fields and more). */
export interface DeadlineRow {
  conference_id: string;
  short_name: string;
  full_name: string;
  ccf_rank: string;
  core_rank: string;
  qualis_rank: string;
  fields: readonly string[];
  next: OutlookDeadline;
  deadlines: readonly OutlookDeadline[];
  conference: {
    year: number;
    start_date: string | null;
    end_date: string | null;
    place: string | null;
  } | null;
  data_as_of: string | null;
  /** The date of the data behind the row's deadlines still ahead: what a list's data-age notice counts from. */
  deadline_data_as_of: string | null;
}

/** The filter as the form holds it; `toParams` turns it into the API's parameters. */
export interface DeadlineFilter {
  ccf_rank: string[];
  core_rank: string[];
  qualis_rank: string[];
  field: string[];
  /** The lists' own categories (docs/research-fields.md): CCF category codes, CORE field-of-research codes. */
  ccf_category: string[];
  core_for: string[];
  within_days: string;
  estimates: boolean;
  ranked_only: boolean;
  page: string;
}

/** What the home page and a bare `/deadlines` ask: ranked venues, estimates included, no date limit. */
export const DEFAULT_FILTER: DeadlineFilter = {
  ccf_rank: [],
  core_rank: [],
  qualis_rank: [],
  field: [],
  ccf_category: [],
  core_for: [],
  within_days: "",
  estimates: true,
  ranked_only: true,
  page: "1",
};

/** Repeated (`ccf_rank=A&ccf_rank=B`, what a form sends) and comma-separated values alike. */
const many = (url: URL, name: string) =>
  url.searchParams
    .getAll(name)
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);

/** A checkbox sent after its hidden "0" twin: the last value wins, absence means the default. */
export function flag(url: URL, name: string, fallback: boolean): boolean {
  const last = url.searchParams.getAll(name).at(-1);
  return last === undefined ? fallback : last === "1" || last === "true";
}

export function filterOf(url: URL): DeadlineFilter {
  return {
    ccf_rank: many(url, "ccf_rank"),
    core_rank: many(url, "core_rank"),
    qualis_rank: many(url, "qualis_rank"),
    field: many(url, "field"),
    // Codes as the lists write them ("se" → "SE", "cse" → "CSE"), so one filter is one address and one cached feed.
    ccf_category: many(url, "ccf_category").map((code) => code.toUpperCase()),
    core_for: many(url, "core_for").map((code) => code.toUpperCase()),
    within_days: (url.searchParams.get("within_days") ?? "").trim(),
    estimates: flag(url, "estimates", DEFAULT_FILTER.estimates),
    ranked_only: flag(url, "ranked_only", DEFAULT_FILTER.ranked_only),
    page: (url.searchParams.get("page") ?? "").trim() || "1",
  };
}

/** The API's parameters for the filter (comma-separated lists, explicit booleans), without paging. */
export function filterParams(f: DeadlineFilter): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of ["ccf_rank", "core_rank", "qualis_rank", "field", "ccf_category", "core_for"] as const) {
    if (f[name].length > 0) params[name] = f[name].join(",");
  }
  if (f.within_days) params.within_days = f.within_days;
  params.estimates = String(f.estimates);
  params.ranked_only = String(f.ranked_only);
  return params;
}

/** `/deadlines.ics?…`: an address for the filter. */
export const filterAddress = (path: string, f: DeadlineFilter) =>
  `${path}?${new URLSearchParams(filterParams(f)).toString()}`;

const checkboxes = (
  name: string,
  legend: string,
  values: readonly string[],
  chosen: readonly string[],
  text: (v: string) => string = (v) => v,
) => {
  const on = new Set(chosen.map((v) => v.toUpperCase()));
  return `<fieldset class="choices"><legend>${legend}</legend>${values
    .map(
      (v) =>
        `<label><input type="checkbox" name="${name}" value="${escapeHtml(v)}"${on.has(v.toUpperCase()) ? " checked" : ""} /> ${escapeHtml(text(v))}</label>`,
    )
    .join("")}</fieldset>`;
};

/** A multiple select's options, the chosen ones (any case) selected; `attrs` on each (`lang` of text quoted in English). */
const options = (
  values: readonly string[],
  chosen: readonly string[],
  text: (v: string) => string,
  attrs = "",
) => {
  const on = new Set(chosen.map((v) => v.toUpperCase()));
  return values
    .map(
      (v) =>
        `<option value="${escapeHtml(v)}"${attrs}${on.has(v.toUpperCase()) ? " selected" : ""}>${escapeHtml(text(v))}</option>`,
    )
    .join("");
};

const toggle = (name: string, label: string, on: boolean) =>
  `<input type="hidden" name="${name}" value="0" /><label class="switch"><span><input type="checkbox" name="${name}" value="1"${on ? " checked" : ""} /> ${label}</span></label>`;

/** The filter form: a plain GET to /deadlines, so it works without JavaScript and the address is the filter. */
export function filterFormHtml(f: DeadlineFilter, open = false, locale: Locale = "en"): string {
  const within = [...WINDOWS.map(String), ""]
    .map(
      (v) =>
        `<option value="${v}"${f.within_days === v ? " selected" : ""}>${escapeHtml(v ? t(locale, "filter.within", { days: v }) : t(locale, "filter.any_time"))}</option>`,
    )
    .join("");
  const fields = RESEARCH_FIELDS.map(
    (v) =>
      `<option value="${v}"${f.field.includes(v) ? " selected" : ""}>${escapeHtml(fieldLabel(v, locale))}</option>`,
  ).join("");
  const text = (key: Parameters<typeof t>[1]) => escapeHtml(t(locale, key));
  return `<details class="filter"${open ? " open" : ""}><summary>${text("filter.summary")}</summary>
<form id="deadline-filter" class="search" action="${localePath(locale, DEADLINES_PATH)}" method="get" aria-label="${text("filter.label")}">
<div class="row">
${RANK_SYSTEMS.map(({ param, system, tiers }) => checkboxes(param, system, tiers, f[param])).join("\n")}
</div>
<div class="row">
<label>${text("filter.ccf_category")}<select name="ccf_category" multiple size="4">${options(CCF_CATEGORIES, f.ccf_category, (v) => ccfCategoryLabel(v, locale))}</select></label>
<label>${text("filter.core_for")}<select name="core_for" multiple size="4">${options(CORE_FOR_CODES, f.core_for, coreForLabel, locale === "en" ? "" : ' lang="en"')}</select></label>
</div>
<div class="row">
<label>${text("filter.fields")}<select name="field" multiple size="4">${fields}</select></label>
<label>${text("filter.window")}<select name="within_days">${within}</select></label>
${toggle("estimates", text("filter.estimates"), f.estimates)}
${toggle("ranked_only", text("filter.ranked_only"), f.ranked_only)}
</div>
<p class="note">${text("filter.note")}</p>
<div><button type="submit">${text("filter.submit")}</button></div>
</form></details>`;
}

function conferenceLine(c: DeadlineRow["conference"], locale: Locale): string {
  if (!c?.start_date) return "";
  const dates =
    c.end_date && c.end_date !== c.start_date
      ? `${dateHtml(c.start_date, locale)} – ${dateHtml(c.end_date, locale)}`
      : dateHtml(c.start_date, locale);
  return `<span class="muted block">${tHtml(locale, "list.conference", { dates })}${c.place ? `, ${escapeHtml(c.place)}` : ""}</span>`;
}

/** One card: the venue with its ranks, the round's next submission deadline, the round's other one, the conference. */
function deadlineRowHtml(row: DeadlineRow, hidden: boolean, locale: Locale): string {
  const others = row.deadlines.filter((d) => d.type !== row.next.type && d.status === "upcoming");
  return `<li class="deadline-card${row.next.estimated ? " estimated" : ""}" data-deadline="${row.next.closes_at}"${hidden ? " hidden" : ""}>
<p class="venue"><a href="${localePath(locale, `/conference/${escapeHtml(row.conference_id)}`)}">${escapeHtml(row.short_name)}</a> ${rankLineHtml(row, locale)}<span class="muted block">${escapeHtml(row.full_name)}</span></p>
<p class="when">${deadlineHtml(row.next, row.data_as_of, locale)}</p>
${others.map((d) => `<p class="when other">${deadlineHtml(d, row.data_as_of, locale)}</p>`).join("")}
${conferenceLine(row.conference, locale)}
</li>`;
}

/**
 * One chronological list, in the layer's order (the date each card prints: read/schema/deadline-order.ts),
 * announced and estimated rounds interleaved; an estimate's card is marked (dashed, "estimated", "around …").
 * With `rolling`, only that many show at once and the script reveals the next as deadlines pass.
 */
export function deadlineListHtml(
  rows: readonly DeadlineRow[],
  rolling?: number,
  locale: Locale = "en",
): string {
  if (rows.length === 0) return `<p class="muted">${escapeHtml(t(locale, "list.none"))}</p>`;
  const attr = rolling ? ` data-rolling="${rolling}"` : "";
  return `<ol class="deadline-list"${attr}>${rows
    .map((row, i) => deadlineRowHtml(row, rolling !== undefined && i >= rolling, locale))
    .join("\n")}</ol>`;
}

/** "312 deadlines: 40 announced, 272 estimated": the whole result (every page), as the layer counted it. */
export function deadlineCountsText({ announced, estimated }: DeadlineCounts, locale: Locale = "en"): string {
  const total = announced + estimated;
  return t(locale, total === 1 ? "list.counts_one" : "list.counts", { total, announced, estimated });
}
