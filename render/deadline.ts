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
import { dateHtml, escapeHtml, formatDate, formatUtc, isUtcZone } from "./html.ts";
import { type Locale, type MessageKey, t, tHtml } from "./i18n.ts";
import { stateBesideNext } from "./state-beside-next.ts";

export { stateBesideNext };

const STATE_KEYS: Record<OutlookState, MessageKey> = {
  open: "state.open",
  estimated: "state.estimated",
  passed_unconfirmed: "state.passed_unconfirmed",
  closed: "state.closed",
  unknown: "state.unknown",
};

/** "open", "estimated", "passed, unconfirmed" …, in the page's language (reviewed terms: docs/site.md). */
export const stateLabel = (state: OutlookState, locale: Locale = "en") => t(locale, STATE_KEYS[state]);

/** The English labels (the API's and feeds' words). */
export const STATE_LABELS = Object.fromEntries(
  Object.keys(STATE_KEYS).map((state) => [state, stateLabel(state as OutlookState)]),
) as Record<OutlookState, string>;

/** "Paper submission", "Abstract (round 2 of 4)". */
export function deadlineName(d: OutlookDeadline, locale: Locale = "en"): string {
  const type = t(locale, d.type === "abstract" ? "deadline.abstract" : "deadline.paper");
  return d.rounds > 1 ? t(locale, "deadline.round", { type, round: d.round, rounds: d.rounds }) : type;
}

const hhmm = (time: string) => (time.endsWith(":00") ? time.slice(0, 5) : time);

/** "2026-12-05 23:59 AoE", or "2026-12-05 (time not stated, assumed AoE)". Announced deadlines only. */
function publishedWhen(d: OutlookDeadline, locale: Locale): string {
  if (d.time) return `${d.date} ${hhmm(d.time)} ${d.timezone}`;
  const key = d.timezone_assumed ? "deadline.no_time_assumed" : "deadline.no_time";
  return t(locale, key, { date: d.date, zone: d.timezone });
}

/** The same as HTML: the date and time in one `<time>` (kept on one line), the note about a missing time after it. */
function publishedWhenHtml(d: OutlookDeadline, locale: Locale): string {
  if (d.time)
    return `<time class="published" datetime="${d.closes_at}">${escapeHtml(publishedWhen(d, locale))}</time>`;
  const key = d.timezone_assumed ? "deadline.no_time_assumed" : "deadline.no_time";
  const date = `<time datetime="${escapeHtml(d.date)}">${escapeHtml(d.date)}</time>`;
  return `<span class="published">${tHtml(locale, key, { date, zone: escapeHtml(d.timezone) })}</span>`;
}

const basis = (years: readonly number[]) =>
  years.length === 0 ? "" : years.length === 1 ? `${years[0]}` : `${years[0]}–${years.at(-1)}`;

/**
 * "around 24 Jul 2027 (window 10 Jul 2027 – 5 Aug 2027, from 2024–2026)". Estimates only. As HTML (`html`), each
 * date is a `<time>` and the words are escaped.
 */
function estimatedWhen(d: OutlookDeadline, locale: Locale, html = false): string {
  const say = (key: MessageKey, params: Record<string, string>) =>
    html ? tHtml(locale, key, params) : t(locale, key, params);
  const date = (iso: string) => (html ? dateHtml(iso, locale) : formatDate(iso, locale));
  const window =
    d.earliest && d.latest ? say("deadline.window", { from: date(d.earliest), to: date(d.latest) }) : null;
  const from = d.based_on.length > 0 ? say("deadline.based_on", { years: basis(d.based_on) }) : null;
  const details = [window, from].filter(Boolean).join(locale === "zh" ? "，" : ", ");
  const around = say("deadline.around", { date: date(d.date) });
  if (!details) return around;
  return locale === "zh" ? `${around}（${details}）` : `${around} (${details})`;
}

/** "not announced in our sources (data as of 2026-08-22), which may simply not have it yet". */
const unconfirmedNote = (dataAsOf: string | null, locale: Locale) =>
  dataAsOf
    ? t(locale, "deadline.unconfirmed_note_as_of", { date: dataAsOf })
    : t(locale, "deadline.unconfirmed_note");

const unconfirmedNoteHtml = (dataAsOf: string | null, locale: Locale) =>
  dataAsOf
    ? tHtml(locale, "deadline.unconfirmed_note_as_of", {
        date: `<time datetime="${escapeHtml(dataAsOf)}">${escapeHtml(dataAsOf)}</time>`,
      })
    : escapeHtml(t(locale, "deadline.unconfirmed_note"));

/** The whole deadline as one line of text (Markdown, RSS, iCalendar, watchlist data). */
export function deadlineText(
  d: OutlookDeadline,
  dataAsOf: string | null = null,
  locale: Locale = "en",
): string {
  const head = t(locale, "deadline.cycle_text", {
    name: deadlineName(d, locale),
    year: String(d.cycle_year),
  });
  if (!d.estimated) {
    const utc = d.time && !isUtcZone(d.timezone) ? ` = ${formatUtc(d.closes_at)}` : "";
    const passed = d.status === "passed" ? ` ${t(locale, "deadline.passed")}` : "";
    return t(locale, "deadline.line", { name: head, when: `${publishedWhen(d, locale)}${utc}${passed}` });
  }
  if (d.status === "passed_unconfirmed") {
    const when = t(locale, "deadline.unconfirmed_text", {
      expected: t(locale, "deadline.expected", { when: estimatedWhen(d, locale) }),
      state: stateLabel("passed_unconfirmed", locale),
      note: unconfirmedNote(dataAsOf, locale),
    });
    return t(locale, "deadline.line", { name: head, when });
  }
  const when = t(locale, "deadline.estimated_text", { when: estimatedWhen(d, locale) });
  return t(locale, "deadline.line", { name: head, when });
}

/**
 * One deadline as HTML. `data-deadline` is the instant it closes (for a date-only one, the end of the day in
 * its zone); the countdown counts seconds only for an exact announced instant, days otherwise.
 */
export function deadlineHtml(
  d: OutlookDeadline,
  dataAsOf: string | null = null,
  locale: Locale = "en",
): string {
  const cycle = escapeHtml(t(locale, "deadline.cycle", { year: String(d.cycle_year) }));
  const name = `<strong>${escapeHtml(deadlineName(d, locale))}</strong> <span class="muted">${cycle}</span>`;
  if (!d.estimated) {
    const published = publishedWhenHtml(d, locale);
    // One rendering of the instant: a time published in UTC is not repeated as "· … UTC".
    const utc = isUtcZone(d.timezone)
      ? ""
      : ` · <time datetime="${d.closes_at}">${formatUtc(d.closes_at)}</time>`;
    const when = d.time
      ? `${published}${utc} <span class="local-time"></span> <span class="countdown"></span>`
      : `${published} <span class="countdown" data-date-only></span>`;
    return `<span class="deadline" data-deadline="${d.closes_at}">${tHtml(locale, "deadline.line", { name, when })}</span>`;
  }
  if (d.status === "passed_unconfirmed") {
    const when = tHtml(locale, "deadline.unconfirmed_html", {
      state: stateHtml("passed_unconfirmed", locale),
      expected: tHtml(locale, "deadline.expected", { when: estimatedWhen(d, locale, true) }),
      note: unconfirmedNoteHtml(dataAsOf, locale),
    });
    return `<span class="deadline estimate unconfirmed">${tHtml(locale, "deadline.line", { name, when })}</span>`;
  }
  // The window and "not yet announced" in one message: the language's own comma between them.
  const window = tHtml(locale, "deadline.window_not_announced", { window: estimatedWhen(d, locale, true) });
  const when = `${stateHtml("estimated", locale)} ${window} <span class="countdown" data-date-only data-estimated="${d.date}"></span>`;
  return `<span class="deadline estimate" data-deadline="${d.closes_at}">${tHtml(locale, "deadline.line", { name, when })}</span>`;
}

/** The state as a badge: "open", "estimated", "passed, unconfirmed", "closed", "unknown". */
export const stateHtml = (state: OutlookState, locale: Locale = "en") =>
  `<span class="badge state-${state}">${escapeHtml(stateLabel(state, locale))}</span>`;

/** What the first box says when the outlook has no next deadline. */
export function noNextText(
  outlook: Pick<SubmissionOutlook, "state" | "data_as_of">,
  locale: Locale = "en",
): string {
  const asOf = outlook.data_as_of ? t(locale, "deadline.as_of", { date: outlook.data_as_of }) : "";
  return t(locale, outlook.state === "closed" ? "deadline.none_closed" : "deadline.none", { asOf });
}

/** The next submission as list rows carry it (REST/MCP conference rows): no time, so days are counted. */
export interface RowNextSubmission {
  next_submission_date: string | null;
  next_submission_closes_at: string | null;
  next_submission_estimated: boolean | null;
  outlook_state: OutlookState;
}

/** A search row's next submission: "5 Dec 2026" (announced) or "around 24 Jul 2027" (estimated), and the state. */
export function nextSubmissionHtml(row: RowNextSubmission, locale: Locale = "en"): string {
  const state = stateHtml(stateBesideNext(row.outlook_state, row.next_submission_date !== null), locale);
  if (!row.next_submission_date || !row.next_submission_closes_at) return state;
  const date = dateHtml(row.next_submission_date, locale);
  return row.next_submission_estimated
    ? `<span data-deadline="${row.next_submission_closes_at}">${tHtml(locale, "deadline.around", { date })} ${state} <span class="countdown" data-date-only data-estimated="${row.next_submission_date}"></span></span>`
    : `<span data-deadline="${row.next_submission_closes_at}">${date} ${state} <span class="countdown" data-date-only></span></span>`;
}
