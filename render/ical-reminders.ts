/**
 * Calendar reminders (issue 39): one VALARM per day asked for (`?remind=7,1`, render/remind-param.ts) added to each
 * event of a finished calendar's text. Working on the text, not on ical-generator's objects, lets one function
 * serve every kind of feed: the filtered `/deadlines.ics` made on request, the built per-venue, per-field and
 * per-rank files, and the watchlists' joins of the built files. Without `remind` nothing here runs, so the default
 * feed stays byte for byte what it was.
 */
import { type Locale, t } from "./i18n.ts";
import { foldLines } from "./ical-fold.ts";

const EVENT = /BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g;
const EVENT_END = "END:VEVENT\r\n";

const trigger = (days: number) => (days === 0 ? "PT0S" : `-P${days}D`);
/** "due in 7 days", in the feed's language. */
const due = (days: number, locale: Locale) =>
  days === 0
    ? t(locale, "remind.due_today")
    : t(locale, days === 1 ? "remind.due_in_day" : "remind.due_in_days", { days });

/** An event's SUMMARY value, its folded continuation lines included. */
const SUMMARY_LINES = /\r\nSUMMARY(?:;[^:\r\n]*)?:((?:[^\r\n]|\r\n[ \t])*)/;

/**
 * The calendar `ics` (CRLF lines) with a VALARM per day of `days` in each event, triggered that many days before
 * its start; the alarms' words in `locale` (the feed's language). Each alarm's description names the deadline: the
 * event's summary, already escaped as iCalendar text, so it goes into DESCRIPTION as it is.
 */
export function withReminders(ics: string, days: readonly number[], locale: Locale = "en"): string {
  if (days.length === 0) return ics;
  const alarms = days.map((d) => ({ trigger: trigger(d), due: due(d, locale) }));
  return ics.replace(EVENT, (event) => {
    const summary = SUMMARY_LINES.exec(event)?.[1]?.replace(/\r\n[ \t]/g, "");
    const text = alarms
      .map(
        (alarm) =>
          `BEGIN:VALARM\r\nACTION:DISPLAY\r\n${foldLines(`DESCRIPTION:${summary ? `${summary} — ` : ""}${alarm.due}`)}\r\nTRIGGER:${alarm.trigger}\r\nEND:VALARM\r\n`,
      )
      .join("");
    return `${event.slice(0, -EVENT_END.length)}${text}${EVENT_END}`;
  });
}
