/**
 * Compact Markdown renditions of the venue pages (`/conference/<id>.md`, and `/zh/conference/<id>.md` in Chinese),
 * built from the same view as the HTML page. Links are absolute: the rendition is read outside the site. Headings,
 * labels and states come from the message files; the data stays as the sources give it.
 */

import { dataAgeMarkdown } from "../../render/data-age.ts";
import { deadlineText, noNextText, stateBesideNext, stateLabel } from "../../render/deadline.ts";
import { fieldLabel } from "../../render/html.ts";
import { type Locale, localePath, type MessageKey, t } from "../../render/i18n.ts";
import { possibleRoundsText } from "../../render/possible-rounds.ts";
import { provenanceText, sourceCellText } from "../../render/provenance.ts";
import type { ConferenceRow, CpIndex, JournalRow } from "../../snapshot/records.ts";
import type { Credits } from "./credits.ts";
import { deadlineLabel, publishedTime, utcTime } from "./deadlines.ts";
import { cpIndexSummary, rankText, SCIMAGO_ATTRIBUTION, termsNotice } from "./facts.ts";
import { formatDate, formatNumber, formatPercent } from "./format.ts";
import { messagesOf } from "./locale.ts";
import { absoluteUrl, venuePath } from "./paths.ts";
import { editionLabel } from "./ranks.ts";
import type { ConferenceView, JournalView, RankCell } from "./venue-view.ts";

/** Table cell text: no pipes or line breaks. */
const cell = (text: string) => text.replaceAll("|", "\\|").replace(/\s*\n\s*/g, " ");

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

/** One row per item, or null when there are none (the section is then left out). */
function rowsTable<T>(
  head: readonly string[],
  items: readonly T[],
  cells: (item: T) => string[],
): string | null {
  return items.length === 0 ? null : table(head, items.map(cells));
}

const section = (title: string, body: string | null) => (body ? `## ${title}\n\n${body}` : null);

const bullets = (items: readonly (string | null)[]) =>
  items
    .filter((item): item is string => item !== null)
    .map((item) => `- ${item}`)
    .join("\n");

/** A list's separator in the language: ", " or "、". */
const listSeparator = (locale: Locale) => (locale === "zh" ? "、" : ", ");

const rankTable = (ranks: readonly RankCell[], locale: Locale) =>
  table(
    ranks.map((r) => r.system),
    [ranks.map((cell) => (cell.rank ? rankText(cell) : t(locale, "rank.unranked")))],
  );

/** "78.2 / 100, confidence 0.70, version cp-1; recognition 100 × 0.35, …", the factors named in the language. */
function cpText(cp: CpIndex, locale: Locale): string {
  if (locale === "en") return cpIndexSummary(cp);
  const factors = cp.breakdown
    .map((f) =>
      t(locale, f.known ? "md.cp_factor" : "md.cp_factor_unknown", {
        name: CP_FACTOR_KEYS[f.name] ? t(locale, CP_FACTOR_KEYS[f.name] as MessageKey) : f.name,
        value: formatNumber(f.value, 1),
        weight: String(f.weight),
      }),
    )
    .join(listSeparator(locale));
  return t(locale, "md.cp_summary", {
    score: formatNumber(cp.score, 1),
    confidence: cp.confidence.toFixed(2),
    version: cp.version,
    factors,
  });
}

const CP_FACTOR_KEYS: Record<string, MessageKey> = {
  recognition: "cp.recognition",
  selectivity: "cp.selectivity",
  longevity: "cp.longevity",
  community: "cp.community",
  completeness: "cp.completeness",
};

function rankClaims(view: ConferenceView | JournalView, locale: Locale): string | null {
  const w = messagesOf(locale).t;
  return rowsTable([w("rank.system"), w("rank.rank"), w("rank.list")], view.rankClaims, (c) => [
    c.system,
    c.rank,
    editionLabel(c.edition),
  ]);
}

function relatedList(view: ConferenceView | JournalView, locale: Locale): string | null {
  const page = (kind: "conference" | "journal", id: string) =>
    absoluteUrl(localePath(locale, venuePath(kind, id)));
  const conferences = view.related.conferences.map(
    (r: ConferenceRow) => `[${r.short_name}](${page("conference", r.id)}) — ${r.full_name}`,
  );
  const journals = view.related.journals.map(
    (r: JournalRow) => `[${r.short_name ?? r.full_name}](${page("journal", r.id)}) — ${r.full_name}`,
  );
  const all = [...conferences, ...journals];
  return all.length === 0 ? null : bullets(all);
}

function credits(c: Credits): string {
  const lines = c.sources.map((s) => `${s.name} (${s.license}): ${s.attribution}`);
  if (c.reference) lines.push(`${c.reference.attribution}: ${c.reference.url}`);
  return bullets(lines);
}

/** Title, the old-data notice when there is one (first, as on the page), the facts, the sections. */
function document(title: string, intro: string, sections: readonly (string | null)[], notice = ""): string {
  const body = sections.filter((s): s is string => s !== null);
  return `${[`# ${title}`, notice, intro, ...body].filter(Boolean).join("\n\n")}\n`;
}

/**
 * The outlook's next submission deadline (announced or estimated) with the source and data date behind it
 * (render/provenance.ts; the old-data notice above counts from the oldest date of that deadline's round), or what
 * its state says instead, with the venue's data date.
 */
function nextText(view: ConferenceView, locale: Locale): string {
  const outlook = view.outlook;
  if (!outlook) return noNextText({ state: "unknown", data_as_of: null }, locale);
  if (!outlook.next) return noNextText(outlook, locale);
  return t(locale, "md.with_source", {
    text: deadlineText(outlook.next, outlook.data_as_of, locale),
    source: provenanceText(outlook.next, view.sources, outlook.data_as_of, locale),
  });
}

/**
 * Every submission deadline of the outlook: rounds of the cycle (passed ones marked), estimates with windows, each
 * with the source that gave it and the date of that source's data.
 */
function outlookList(view: ConferenceView, locale: Locale): string | null {
  const asOf = view.outlook?.data_as_of ?? null;
  const deadlines = view.outlook?.deadlines ?? [];
  return deadlines.length > 0
    ? bullets(
        deadlines.map((d) =>
          t(locale, "md.with_source", {
            text: deadlineText(d, asOf, locale),
            source: provenanceText(d, view.sources, asOf, locale),
          }),
        ),
      )
    : null;
}

export function conferenceMarkdown(view: ConferenceView, locale: Locale = "en"): string {
  const { row } = view;
  const w = messagesOf(locale).t;
  const pageUrl = absoluteUrl(localePath(locale, view.path));
  const date = (iso: string | null) => formatDate(iso, locale);
  const conference = date(row.conference_date);
  const facts = bullets([
    w("md.page", { url: pageUrl }),
    w("md.next", { text: nextText(view, locale) }),
    // Beside the next deadline, as on the page: a passed unannounced estimate is marked on its own row below. No
    // date of its own: the line above names the data date of what the state rests on, while the venue's newest
    // source date here read as a contradiction of the notice's (ISCA: data from 2026-07-01, then "as of 2026-08-22").
    w("md.outlook", {
      state: stateLabel(
        stateBesideNext(view.outlook?.state ?? "unknown", (view.outlook?.next ?? null) !== null),
        locale,
      ),
    }),
    // Rounds the history does not support, after the next deadline and its state: possibilities, never deadlines.
    possibleRoundsText(view.outlook?.possible ?? [], locale),
    w("md.latest_call", { date: date(row.submission_date) }),
    w("md.notification", { date: date(row.notification_date) }),
    row.location
      ? w("md.conference_place", { dates: conference, place: row.location })
      : w("md.conference", { dates: conference }),
    row.fields.length > 0
      ? w("md.fields", {
          fields: row.fields.map((field) => fieldLabel(field, locale)).join(listSeparator(locale)),
        })
      : null,
    row.is_extended === null
      ? null
      : w("md.extended", { value: w(row.is_extended ? "venue.yes" : "venue.no") }),
    row.acceptance_rate === null
      ? null
      : w("md.acceptance", {
          rate:
            row.acceptance_rate_year === null
              ? formatPercent(row.acceptance_rate)
              : `${formatPercent(row.acceptance_rate)} (${row.acceptance_rate_year})`,
        }),
    row.editions_count === null ? null : w("md.editions", { count: String(row.editions_count) }),
    view.cpIndex ? w("md.cp", { summary: cpText(view.cpIndex, locale) }) : w("md.not_scored"),
    view.dblp ? `dblp: https://dblp.org/db/${view.dblp}` : null,
  ]);
  const source = (d: Parameters<typeof sourceCellText>[0]) => sourceCellText(d, view.sources, null, locale);
  const deadlines = rowsTable(
    [w("md.edition"), w("table.deadline"), w("table.published"), "UTC", w("venue.source")],
    view.deadlines,
    (e) => [
      String(e.year),
      deadlineLabel(e.deadline, locale),
      publishedTime(e.deadline, locale),
      utcTime(e.deadline) ?? "—",
      source(e.deadline),
    ],
  );
  const editions = rowsTable(
    [w("venue.year"), w("venue.dates"), w("venue.place"), w("md.deadlines")],
    view.editions,
    (e) => [
      String(e.year),
      e.date_text ?? (e.start_date ? `${date(e.start_date)} – ${date(e.end_date)}` : "—"),
      e.place ?? "—",
      e.deadlines
        .map((d) =>
          w("md.with_source", {
            text: `${deadlineLabel(d, locale)} ${publishedTime(d, locale)}`,
            source: provenanceText(d, view.sources, null, locale),
          }),
        )
        .join(w("md.list_separator")) || "—",
    ],
  );
  const acceptance = rowsTable(
    [
      w("venue.year"),
      w("venue.track"),
      w("venue.submitted"),
      w("venue.accepted"),
      w("venue.rate"),
      w("venue.source"),
    ],
    view.acceptance,
    (a) => [
      String(a.year),
      a.track ?? w("venue.main_track"),
      formatNumber(a.submitted),
      formatNumber(a.accepted),
      formatPercent(a.rate),
      a.sourceName,
    ],
  );
  const core = rowsTable([w("md.core_edition"), w("rank.rank")], view.coreHistory, (h) => [
    h.edition,
    h.rank,
  ]);
  return document(
    `${row.short_name} — ${row.full_name}`,
    facts,
    [
      section(w("venue.ranks"), rankTable(view.ranks, locale)),
      section(w("venue.core_history"), core),
      section(w("md.rank_claims"), rankClaims(view, locale)),
      section(w("md.outlook_heading"), outlookList(view, locale)),
      section(w("md.deadlines"), deadlines),
      section(w("venue.editions"), editions),
      section(w("venue.acceptance"), acceptance),
      section(w("related.heading"), relatedList(view, locale)),
      section(w("credits.heading"), credits(view.credits)),
      section(w("download.terms"), termsNotice(pageUrl, locale)),
    ],
    dataAgeMarkdown(view.dataAge, undefined, locale),
  );
}

export function journalMarkdown(view: JournalView, locale: Locale = "en"): string {
  const { row } = view;
  const w = messagesOf(locale).t;
  const pageUrl = absoluteUrl(localePath(locale, view.path));
  const facts = bullets([
    w("md.page", { url: pageUrl }),
    row.short_name ? w("md.abbreviation", { name: row.short_name }) : null,
    w("md.publisher", { name: row.publisher ?? "—" }),
    `ISSN: ${row.issns.length > 0 ? row.issns.join(", ") : (row.issn ?? "—")}`,
    w("md.impact_factor", { value: row.impact_factor === null ? "—" : String(row.impact_factor) }),
    row.fields.length > 0
      ? w("md.fields", {
          fields: row.fields.map((field) => fieldLabel(field, locale)).join(listSeparator(locale)),
        })
      : null,
    view.dblp ? `dblp: https://dblp.org/db/${view.dblp}` : null,
  ]);
  const metricRows = rowsTable(
    [w("venue.year"), "SJR", w("journal.best_quartile"), w("journal.h_index"), w("journal.cites")],
    view.metrics,
    (m) => [
      String(m.year),
      formatNumber(m.sjr, 3),
      m.quartile ?? "—",
      formatNumber(m.h_index),
      formatNumber(m.cites_per_doc_2y, 2),
    ],
  );
  const metrics = metricRows && `${metricRows}\n\n${w("md.metrics", { source: SCIMAGO_ATTRIBUTION })}`;
  const issues = rowsTable(
    [w("md.special_issue"), w("venue.submission_deadline"), w("journal.status"), w("journal.editors")],
    view.specialIssues,
    (s) => [
      s.title,
      formatDate(s.submission_date, locale),
      s.status === "undated" ? w("journal.no_deadline") : stateLabel(s.status, locale),
      s.editors.join("; ") || "—",
    ],
  );
  const quartile = w("md.quartile", { quartile: row.sjr_quartile ?? "—" });
  return document(`${row.short_name ? `${row.short_name} — ` : ""}${row.full_name}`, facts, [
    section(w("venue.ranks"), `${rankTable(view.ranks, locale)}\n\n${quartile}`),
    section(w("md.rank_claims"), rankClaims(view, locale)),
    section(w("journal.metrics"), metrics),
    section(w("journal.special_issues"), issues),
    section(w("related.heading"), relatedList(view, locale)),
    section(w("credits.heading"), credits(view.credits)),
    section(w("download.terms"), termsNotice(pageUrl, locale)),
  ]);
}
