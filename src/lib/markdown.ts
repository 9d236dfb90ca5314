/**
 * Compact Markdown renditions of the venue pages (`/conference/<id>.md`), built from the same view as the HTML
 * page. Links are absolute: the rendition is read outside the site.
 */

import { dataAgeMarkdown } from "../../render/data-age.ts";
import { deadlineText, noNextText, STATE_LABELS } from "../../render/deadline.ts";
import { fieldLabel } from "../../render/html.ts";
import { provenanceText, sourceCellText } from "../../render/provenance.ts";
import type { ConferenceRow, JournalRow } from "../../snapshot/records.ts";
import type { Credits } from "./credits.ts";
import { deadlineLabel, publishedTime, utcTime } from "./deadlines.ts";
import { cpIndexSummary, rankText, SCIMAGO_ATTRIBUTION, termsNotice } from "./facts.ts";
import { formatDate, formatNumber, formatPercent } from "./format.ts";
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

const rankTable = (ranks: readonly RankCell[]) =>
  table(
    ranks.map((r) => r.system),
    [ranks.map(rankText)],
  );

function rankClaims(view: ConferenceView | JournalView): string | null {
  return rowsTable(["System", "Rank", "List or source"], view.rankClaims, (c) => [
    c.system,
    c.rank,
    editionLabel(c.edition),
  ]);
}

function relatedList(view: ConferenceView | JournalView): string | null {
  const conferences = view.related.conferences.map(
    (r: ConferenceRow) => `[${r.short_name}](${absoluteUrl(venuePath("conference", r.id))}) — ${r.full_name}`,
  );
  const journals = view.related.journals.map(
    (r: JournalRow) =>
      `[${r.short_name ?? r.full_name}](${absoluteUrl(venuePath("journal", r.id))}) — ${r.full_name}`,
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

/** The outlook's next submission deadline (announced or estimated), or what its state says instead. */
function nextText(view: ConferenceView): string {
  const outlook = view.outlook;
  if (!outlook) return noNextText({ state: "unknown", data_as_of: null });
  return outlook.next ? deadlineText(outlook.next, outlook.data_as_of) : noNextText(outlook);
}

/**
 * Every submission deadline of the outlook: rounds of the cycle (passed ones marked), estimates with windows, each
 * with the source that gave it and the date of that source's data.
 */
function outlookList(view: ConferenceView): string | null {
  const asOf = view.outlook?.data_as_of ?? null;
  const deadlines = view.outlook?.deadlines ?? [];
  return deadlines.length > 0
    ? bullets(deadlines.map((d) => `${deadlineText(d, asOf)} (${provenanceText(d, view.sources, asOf)})`))
    : null;
}

export function conferenceMarkdown(view: ConferenceView): string {
  const { row } = view;
  const facts = bullets([
    `Page: ${absoluteUrl(view.path)}`,
    `Next submission deadline: ${nextText(view)}`,
    `Outlook: ${STATE_LABELS[view.outlook?.state ?? "unknown"]}${view.outlook?.data_as_of ? ` (data as of ${view.outlook.data_as_of})` : ""}`,
    `Latest announced submission deadline: ${formatDate(row.submission_date)}`,
    `Notification of that call: ${formatDate(row.notification_date)}`,
    `Conference: ${formatDate(row.conference_date)}${row.location ? `, ${row.location}` : ""}`,
    row.fields.length > 0 ? `Fields: ${row.fields.map((field) => fieldLabel(field)).join(", ")}` : null,
    row.is_extended === null ? null : `Deadline extended: ${row.is_extended ? "yes" : "no"}`,
    row.acceptance_rate === null ? null : `Latest acceptance rate: ${formatPercent(row.acceptance_rate)}`,
    row.editions_count === null ? null : `Editions held: ${row.editions_count}`,
    view.cpIndex ? `cp_index: ${cpIndexSummary(view.cpIndex)}` : "cp_index: not scored",
    view.dblp ? `dblp: https://dblp.org/db/${view.dblp}` : null,
  ]);
  const source = (d: Parameters<typeof sourceCellText>[0]) => sourceCellText(d, view.sources, null);
  const deadlines = rowsTable(
    ["Edition", "Deadline", "As published", "UTC", "Source"],
    view.deadlines,
    (e) => [
      String(e.year),
      deadlineLabel(e.deadline),
      publishedTime(e.deadline),
      utcTime(e.deadline) ?? "—",
      source(e.deadline),
    ],
  );
  const editions = rowsTable(["Year", "Dates", "Place", "Deadlines"], view.editions, (e) => [
    String(e.year),
    e.date_text ?? (e.start_date ? `${formatDate(e.start_date)} – ${formatDate(e.end_date)}` : "—"),
    e.place ?? "—",
    e.deadlines
      .map((d) => `${deadlineLabel(d)} ${publishedTime(d)} (${provenanceText(d, view.sources, null)})`)
      .join("; ") || "—",
  ]);
  const acceptance = rowsTable(
    ["Year", "Track", "Submitted", "Accepted", "Rate", "Source"],
    view.acceptance,
    (a) => [
      String(a.year),
      a.track ?? "main",
      formatNumber(a.submitted),
      formatNumber(a.accepted),
      formatPercent(a.rate),
      a.sourceName,
    ],
  );
  const core = rowsTable(["CORE edition", "Rank"], view.coreHistory, (h) => [h.edition, h.rank]);
  return document(
    `${row.short_name} — ${row.full_name}`,
    facts,
    [
      section("Ranks", rankTable(view.ranks)),
      section("CORE history", core),
      section("Rank claims by source", rankClaims(view)),
      section("Submission outlook", outlookList(view)),
      section("Deadlines", deadlines),
      section("Editions", editions),
      section("Acceptance rate", acceptance),
      section("Related venues", relatedList(view)),
      section("Sources", credits(view.credits)),
      section("Terms", termsNotice(absoluteUrl(view.path))),
    ],
    dataAgeMarkdown(view.dataAge),
  );
}

export function journalMarkdown(view: JournalView): string {
  const { row } = view;
  const facts = bullets([
    `Page: ${absoluteUrl(view.path)}`,
    row.short_name ? `Abbreviation: ${row.short_name}` : null,
    `Publisher: ${row.publisher ?? "—"}`,
    `ISSN: ${row.issns.length > 0 ? row.issns.join(", ") : (row.issn ?? "—")}`,
    `Impact factor (as published by the journal): ${row.impact_factor ?? "—"}`,
    row.fields.length > 0 ? `Fields: ${row.fields.join(", ")}` : null,
    view.dblp ? `dblp: https://dblp.org/db/${view.dblp}` : null,
  ]);
  const metricRows = rowsTable(
    ["Year", "SJR", "Best quartile", "h-index", "Cites / doc (2 years)"],
    view.metrics,
    (m) => [
      String(m.year),
      formatNumber(m.sjr, 3),
      m.quartile ?? "—",
      formatNumber(m.h_index),
      formatNumber(m.cites_per_doc_2y, 2),
    ],
  );
  const metrics = metricRows && `${metricRows}\n\nMetrics: ${SCIMAGO_ATTRIBUTION}.`;
  const issues = rowsTable(
    ["Special issue", "Submission deadline", "Status", "Guest editors"],
    view.specialIssues,
    (s) => [s.title, formatDate(s.submission_date), s.open ? "open" : "closed", s.editors.join("; ") || "—"],
  );
  return document(`${row.short_name ? `${row.short_name} — ` : ""}${row.full_name}`, facts, [
    section("Ranks", `${rankTable(view.ranks)}\n\nSCImago quartile: ${row.sjr_quartile ?? "—"}`),
    section("Rank claims by source", rankClaims(view)),
    section("Journal metrics", metrics),
    section("Special issues", issues),
    section("Related venues", relatedList(view)),
    section("Sources", credits(view.credits)),
    section("Terms", termsNotice(absoluteUrl(view.path))),
  ]);
}
