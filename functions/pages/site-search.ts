/**
 * The site's search page, rendered on the server (GET /search?kind=…&query=…): a plain form and a results table
 * from the same read operations as /api/conferences and /api/journals (one validation, the same messages),
 * inside the page frame the static build ships
 * as `search.html` (its `<!--search-->` comment is replaced). It works without JavaScript, the address is the
 * query (so Back and sharing work), and it is a page, not an API call: never charged to the daily quota.
 */

import { createReadOperations, type ReadOperations } from "../../read/operations.ts";
import type { QueryLayer } from "../../read/query/index.ts";
import type { Conference, Journal } from "../../read/schema/api.ts";
import { ignoredParameters } from "../../read/schema/ignored-parameters.ts";
import { RANK_SYSTEMS } from "../../read/schema/rank-tiers.ts";
import { nextSubmissionHtml } from "../../render/deadline.ts";
import { dateHtml, escapeHtml, fieldLabel, rankMenuLabel } from "../../render/html.ts";
import { type Locale, localeOfPath, localePath, type MessageKey, t, tHtml } from "../../render/i18n.ts";
import { rankLineHtml } from "../../render/rank-line.ts";
import { type Clock, systemClock, utcDate } from "../../runtime/clock.ts";
import { RESEARCH_FIELDS } from "../../snapshot/records.ts";
import { pagerHtml, refusalHtml } from "./deadlines-page.ts";
import { framedPage, readFrame } from "./frame.ts";

export const SEARCH_PATH = "/search";
/** The placeholder in the built `search.html` that the form and results replace. */
export const SEARCH_SLOT = "<!--search-->";

const PER_PAGE = 20;

type Kind = "conferences" | "journals";

interface Form {
  kind: Kind;
  query: string;
  field: string;
  ccf_rank: string;
  core_rank: string;
  qualis_rank: string;
  open: boolean;
  page: string;
}

/**
 * The parameters the page reads. `q`, the name most sites give a search box's words, is the keyword as `query` is
 * (`query` wins when both are sent), so `/search?q=MMM` searches for MMM rather than listing every venue.
 */
const PARAMETERS = [
  "kind",
  "query",
  "q",
  "field",
  "ccf_rank",
  "core_rank",
  "qualis_rank",
  "open",
  "page",
] as const;

function formOf(url: URL): Form {
  const get = (name: (typeof PARAMETERS)[number]) => (url.searchParams.get(name) ?? "").trim();
  return {
    kind: get("kind") === "journals" ? "journals" : "conferences",
    query: get("query") || get("q"),
    field: get("field"),
    ccf_rank: get("ccf_rank"),
    core_rank: get("core_rank"),
    qualis_rank: get("qualis_rank"),
    open: get("open") === "1",
    page: get("page") || "1",
  };
}

const select = (
  name: string,
  label: string,
  current: string,
  values: readonly string[],
  any = "Any",
  text: (value: string) => string = (v) => v,
) =>
  `<label>${label}<select name="${name}"><option value="">${any}</option>${values
    .map((v) => {
      const selected = v.toLowerCase() === current.toLowerCase() ? " selected" : "";
      return `<option value="${escapeHtml(v)}"${selected}>${escapeHtml(text(v))}</option>`;
    })
    .join("")}</select></label>`;

function renderForm(f: Form, locale: Locale): string {
  const text = (key: MessageKey) => escapeHtml(t(locale, key));
  const kindOption = (k: Kind, label: string) =>
    `<option value="${k}"${f.kind === k ? " selected" : ""}>${label}</option>`;
  return `<form id="search" class="search" action="${localePath(locale, SEARCH_PATH)}" method="get" role="search" aria-labelledby="search-heading">
<div class="row">
<label>${text("search.in")}<select name="kind">${kindOption("conferences", text("search.conferences"))}${kindOption("journals", text("search.journals"))}</select></label>
<label>${text("search.keyword")}<input type="search" name="query" value="${escapeHtml(f.query)}" placeholder="${text("search.placeholder")}" maxlength="200" /></label>
${select("field", text("search.field"), f.field, RESEARCH_FIELDS, text("search.any_field"), (v) => fieldLabel(v, locale))}
${RANK_SYSTEMS.map((r) => select(r.param, escapeHtml(rankMenuLabel(r, locale)), f[r.param], r.tiers, text("search.any"))).join("\n")}
<label class="switch"><span><input type="checkbox" name="open" value="1"${f.open ? " checked" : ""} /> ${text("search.open_only")}</span></label>
</div>
<div><button type="submit">${text("search.submit")}</button></div>
</form>`;
}

/** A result cell; `label` names it when a phone shows the row as a card (site.css `table.cards`). */
const labelled = (locale: Locale, label: MessageKey, html: string) =>
  `<td data-label="${escapeHtml(t(locale, label))}">${html}</td>`;
const plain = (value: string | null | undefined) => (value ? escapeHtml(value) : "—");
/** The card's head on a phone: the venue's name, unlabelled. */
const nameCell = (href: string, name: string) =>
  `<td class="card-head"><a href="${href}">${escapeHtml(name)}</a></td>`;

/** A results column after the name: its heading, which also labels its cells, and a row's cell. */
type Column<R> = { label: MessageKey; html: (row: R, locale: Locale) => string };

// Name, next submission and ranks first: what a phone shows without scrolling the table.
const CONFERENCE_COLUMNS: Column<Conference>[] = [
  { label: "col.next_submission", html: (c, locale) => nextSubmissionHtml(c, locale) },
  { label: "col.ranks", html: (c, locale) => rankLineHtml(c, locale) },
  { label: "col.full_name", html: (c) => plain(c.full_name) },
  { label: "col.conference", html: (c, locale) => dateHtml(c.conference_date, locale) },
  { label: "col.place", html: (c) => plain(c.location) },
];

const JOURNAL_COLUMNS: Column<Journal>[] = [
  { label: "col.full_name", html: (j) => plain(j.full_name) },
  { label: "col.publisher", html: (j) => plain(j.publisher) },
  { label: "col.issn", html: (j) => plain(j.issn) },
  { label: "col.impact_factor", html: (j) => plain(j.impact_factor) },
  { label: "col.ccf", html: (j) => plain(j.ccf_rank) },
];

function table(locale: Locale, caption: MessageKey, head: MessageKey[], rows: string[]): string {
  return `<div class="table-scroll"><table class="cards"><caption>${escapeHtml(t(locale, caption))}</caption><thead><tr>${head
    .map((h) => `<th scope="col">${escapeHtml(t(locale, h))}</th>`)
    .join("")}</tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
}

function pager(url: URL, page: number, totalPages: number, locale: Locale): string {
  return pagerHtml(locale, page, totalPages, (to) => {
    const params = new URLSearchParams(url.searchParams);
    params.set("page", String(to));
    return `${localePath(locale, SEARCH_PATH)}?${params.toString()}`;
  });
}

type Rendered = { status: number; html: string };

/** What the name column of a found venue reads. */
type Venue = { id: string; short_name: string | null; full_name: string };

async function renderResults(
  operations: ReadOperations,
  url: URL,
  f: Form,
  today: string,
  locale: Locale,
): Promise<Rendered> {
  const common = {
    query: f.query || undefined,
    field: f.field || undefined,
    ccf_rank: f.ccf_rank || undefined,
    page: f.page,
    per_page: String(PER_PAGE),
  };
  const found =
    f.kind === "journals"
      ? await operations.searchJournals(common)
      : await operations.searchConferences({
          ...common,
          core_rank: f.core_rank || undefined,
          qualis_rank: f.qualis_rank || undefined,
          submission_date_start: f.open ? today : undefined,
        });
  if (!found.ok) {
    return {
      status: found.status,
      html: `<p id="search-status" role="status" class="error">${refusalHtml(found.message, locale)}</p>`,
    };
  }
  const page = { url, locale, pagination: found.data.pagination };
  const rendered =
    "journals" in found.data
      ? resultsPage(page, "journal", found.data.journals, "search.journals_found", JOURNAL_COLUMNS)
      : resultsPage(
          page,
          "conference",
          found.data.conferences,
          "search.conferences_found",
          CONFERENCE_COLUMNS,
        );
  if (found.data.pagination.total > 0 || !f.query) return rendered;
  return { ...rendered, html: rendered.html + (await otherKindNote(operations, url, f, locale)) };
}

/**
 * With no match among one kind, the other kind's matches for the same words, linked ("TPAMI" searched among
 * conferences, the default, found nothing and said only "No match."): nothing when that finds none too.
 */
async function otherKindNote(operations: ReadOperations, url: URL, f: Form, locale: Locale): Promise<string> {
  const other: Kind = f.kind === "journals" ? "conferences" : "journals";
  const params = { query: f.query, per_page: "1" };
  const found =
    other === "journals"
      ? await operations.searchJournals(params)
      : await operations.searchConferences(params);
  if (!found.ok || found.data.pagination.total === 0) return "";
  // From the form's words, not the address: `?q=TPAMI` is the same keyword and must not become no keyword.
  const href = `${url.pathname}?${new URLSearchParams({ query: f.query, kind: other })}`;
  const link = `<a href="${escapeHtml(href)}">${escapeHtml(t(locale, "search.show_them"))}</a>`;
  const key = other === "journals" ? "search.other_journals" : "search.other_conferences";
  return `<p id="search-other-kind" class="note">${tHtml(locale, key, { count: String(found.data.pagination.total), link })}</p>`;
}

/** A page of results, conferences or journals alike: the count, the table (none when empty) and the pager. */
function resultsPage<R extends Venue>(
  { url, locale, pagination }: { url: URL; locale: Locale; pagination: Pagination },
  kind: "conference" | "journal",
  venues: R[],
  caption: MessageKey,
  columns: Column<R>[],
): Rendered {
  const rows = venues.map(
    (v) =>
      `<tr>${nameCell(localePath(locale, `/${kind}/${escapeHtml(v.id)}`), v.short_name || v.full_name)}${columns
        .map((c) => labelled(locale, c.label, c.html(v, locale)))
        .join("")}</tr>`,
  );
  const head: MessageKey[] = ["col.name", ...columns.map((c) => c.label)];
  return {
    status: 200,
    html:
      summary(pagination, locale) +
      (rows.length ? table(locale, caption, head, rows) : "") +
      pager(url, pagination.page, pagination.total_pages, locale),
  };
}

type Pagination = { total: number; page: number; total_pages: number };

/**
 * A parameter the page does not read is named above the results, with the one it most likely meant (the API's
 * `ignored_parameters` rule), so a mistyped filter never passes silently for "no filter".
 */
function ignoredNote(url: URL, locale: Locale): string {
  const ignored = ignoredParameters(url.searchParams.keys(), PARAMETERS);
  if (ignored.length === 0) return "";
  const names = ignored.map(({ name, did_you_mean }) =>
    did_you_mean === null
      ? `<code>${escapeHtml(name)}</code>`
      : tHtml(locale, "search.ignored_name", {
          name: `<code>${escapeHtml(name)}</code>`,
          known: `<code>${escapeHtml(did_you_mean)}</code>`,
        }),
  );
  return `<p id="search-ignored" class="note error">${tHtml(locale, "search.ignored", { names: names.join(", ") })}</p>`;
}

function summary(p: Pagination, locale: Locale): string {
  const text =
    p.total === 0
      ? t(locale, "search.no_match")
      : t(locale, p.total === 1 ? "search.matches_one" : "search.matches", {
          total: p.total,
          page: p.page,
          pages: Math.max(1, p.total_pages),
        });
  return `<p id="search-status" role="status">${text}</p>`;
}

export interface SiteSearchDeps {
  query: QueryLayer;
  siteDir: string;
  clock?: Clock;
}

/** GET /search: the page, or null when the site has no `search.html` frame with the slot (served as a plain file). */
export function siteSearch(deps: SiteSearchDeps): (req: Request) => Promise<Response | null> {
  const clock = deps.clock ?? systemClock;
  // The operations /api/conferences and /api/journals answer with: one validation, one query call.
  const operations = createReadOperations({ query: deps.query });
  return async (req) => {
    const url = new URL(req.url);
    const locale = localeOfPath(url.pathname);
    const frame = await readFrame(deps.siteDir, "search", locale);
    if (frame === null) return null;
    const form = formOf(url);
    const searched = [...url.searchParams.keys()].length > 0;
    const results = searched
      ? await renderResults(operations, url, form, utcDate(clock()), locale)
      : { status: 200, html: "" };
    const ignored = ignoredNote(url, locale);
    return framedPage(
      req,
      frame,
      "search",
      `${renderForm(form, locale)}\n<div id="search-results">${ignored}${results.html}</div>`,
      results.status,
    );
  };
}
