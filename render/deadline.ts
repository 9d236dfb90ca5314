/**
 * The one deadline component: how a submission deadline of the outlook (announced or estimated) is written on
 * every surface — detail pages, deadline lists, the watchlist, search rows (HTML) and the Markdown renditions,
 * RSS and iCalendar (text). It only renders what the pipeline's outlook says; it never decides what is next.
 *
 * - An exact instant: the time as published with its zone, the UTC instant, the reader's local time and a
 *   countdown to the second (filled by src/scripts/local-time.ts).
 * - A date-only deadline: the date in its zone ("assumed AoE" when the source gave none), "(time not stated)",
 *   a countdown in days; never a made-up time.
 * - An estimate: the expected date with its window and the cycles it rests on, marked estimated; a past estimate
 *   no source has confirmed is "passed, unconfirmed" with the date of the data.
 */
import type { OutlookDeadline, OutlookState, SubmissionOutlook } from "../snapshot/records.ts";
import { escapeHtml, formatDate, formatUtc } from "./html.ts";

export const STATE_LABELS: Record<OutlookState, string> = {
  open: "open",
  estimated: "estimated",
  passed_unconfirmed: "passed, unconfirmed",
  closed: "closed",
  unknown: "unknown",
};

/** "Paper submission", "Abstract (round 2 of 4)". */
export function deadlineName(d: OutlookDeadline): string {
  const type = d.type === "abstract" ? "Abstract" : "Paper submission";
  return d.rounds > 1 ? `${type} (round ${d.round} of ${d.rounds})` : type;
}

const hhmm = (time: string) => (time.endsWith(":00") ? time.slice(0, 5) : time);

/** "2026-12-05 23:59 AoE", or "2026-12-05 (time not stated, assumed AoE)". Announced deadlines only. */
function publishedWhen(d: OutlookDeadline): string {
  if (d.time) return `${d.date} ${hhmm(d.time)} ${d.timezone}`;
  return `${d.date} (time not stated, ${d.timezone_assumed ? `assumed ${d.timezone}` : d.timezone})`;
}

const basis = (years: readonly number[]) =>
  years.length === 0 ? "" : years.length === 1 ? `${years[0]}` : `${years[0]}–${years.at(-1)}`;

/** "around 24 Jul 2027 (window 10 Jul 2027 – 5 Aug 2027, from 2024–2026)". Estimates only. */
function estimatedWhen(d: OutlookDeadline): string {
  const window = d.earliest && d.latest ? `window ${formatDate(d.earliest)} – ${formatDate(d.latest)}` : null;
  const from = d.based_on.length > 0 ? `from ${basis(d.based_on)}` : null;
  const details = [window, from].filter(Boolean).join(", ");
  return `around ${formatDate(d.date)}${details ? ` (${details})` : ""}`;
}

/** The whole deadline as one line of text (Markdown, RSS, iCalendar, watchlist data). */
export function deadlineText(d: OutlookDeadline, dataAsOf: string | null = null): string {
  const head = `${deadlineName(d)}, ${d.cycle_year} cycle`;
  if (!d.estimated) {
    const utc = d.time ? ` = ${formatUtc(d.closes_at)}` : "";
    return `${head}: ${publishedWhen(d)}${utc}${d.status === "passed" ? " (passed)" : ""}`;
  }
  if (d.status === "passed_unconfirmed") {
    return `${head}: expected ${estimatedWhen(d)}; passed, unconfirmed: not announced in our sources${
      dataAsOf ? ` (data as of ${dataAsOf})` : ""
    }, which may simply not have it yet`;
  }
  return `${head}: estimated, not yet announced, ${estimatedWhen(d)}`;
}

/**
 * One deadline as HTML. `data-deadline` is the instant it closes (for a date-only one, the end of the day in
 * its zone); the countdown counts seconds only for an exact announced instant, days otherwise.
 */
export function deadlineHtml(d: OutlookDeadline, dataAsOf: string | null = null): string {
  const name = `<strong>${escapeHtml(deadlineName(d))}</strong> <span class="muted">(${d.cycle_year} cycle)</span>`;
  if (!d.estimated) {
    const published = `<span class="published">${escapeHtml(publishedWhen(d))}</span>`;
    const when = d.time
      ? `${published} · <time datetime="${d.closes_at}">${formatUtc(d.closes_at)}</time> <span class="local-time"></span> <span class="countdown"></span>`
      : `${published} <span class="countdown" data-date-only></span>`;
    return `<span class="deadline" data-deadline="${d.closes_at}">${name}: ${when}</span>`;
  }
  const window = escapeHtml(estimatedWhen(d));
  if (d.status === "passed_unconfirmed") {
    return `<span class="deadline estimate unconfirmed">${name}: <span class="badge state-passed_unconfirmed">passed, unconfirmed</span> expected ${window}; not announced in our sources${
      dataAsOf ? ` (data as of ${dataAsOf})` : ""
    }, which may simply not have it yet</span>`;
  }
  return `<span class="deadline estimate" data-deadline="${d.closes_at}">${name}: <span class="badge state-estimated">estimated</span> ${window}, not yet announced <span class="countdown" data-date-only data-estimated="${d.date}"></span></span>`;
}

/** The state as a badge: "open", "estimated", "passed, unconfirmed", "closed", "unknown". */
export const stateHtml = (state: OutlookState) =>
  `<span class="badge state-${state}">${STATE_LABELS[state]}</span>`;

/** What the first box says when the outlook has no next deadline. */
export function noNextText(outlook: Pick<SubmissionOutlook, "state" | "data_as_of">): string {
  const asOf = outlook.data_as_of ? ` (data as of ${outlook.data_as_of})` : "";
  return outlook.state === "closed"
    ? `This cycle's rounds have passed; the next cycle cannot be estimated yet${asOf}.`
    : `No submission deadline is known${asOf}.`;
}

/** The next submission as list rows carry it (REST/MCP conference rows): no time, so days are counted. */
export interface RowNextSubmission {
  next_submission_date: string | null;
  next_submission_closes_at: string | null;
  next_submission_estimated: boolean | null;
  outlook_state: OutlookState;
}

/** A search row's next submission: "5 Dec 2026" (announced) or "around 24 Jul 2027" (estimated), and the state. */
export function nextSubmissionHtml(row: RowNextSubmission): string {
  const state = stateHtml(row.outlook_state);
  if (!row.next_submission_date || !row.next_submission_closes_at) return state;
  const date = formatDate(row.next_submission_date);
  return row.next_submission_estimated
    ? `<span data-deadline="${row.next_submission_closes_at}">around ${date} ${state} <span class="countdown" data-date-only data-estimated="${row.next_submission_date}"></span></span>`
    : `<span data-deadline="${row.next_submission_closes_at}">${date} ${state} <span class="countdown" data-date-only></span></span>`;
}
