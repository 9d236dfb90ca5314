/**
 * The reminder choice beside a calendar address (deadlines list, venue pages, watchlist): one plain link per
 * choice (none, 1 day, 7 days, 7 and 1 days before), each the calendar's address with its `remind`, so copying or
 * opening the one wanted works without JavaScript.
 */
import { escapeHtml } from "./html.ts";
import { type Locale, type MessageKey, t } from "./i18n.ts";
import { REMINDER_CHOICES, withRemind } from "./remind-param.ts";

/** Each choice's words, by its `remind` value. */
const CHOICE_WORDS: Readonly<Record<string, MessageKey>> = {
  "": "remind.none",
  "1": "remind.day_1",
  "7": "remind.days_7",
  "7,1": "remind.days_7_1",
};

/** `<p class="note reminders">` with a link to `address` (https, webcal or a path) for every choice. */
export function reminderChoiceHtml(address: string, locale: Locale): string {
  const links = REMINDER_CHOICES.map((days) => {
    const words = t(locale, CHOICE_WORDS[days.join(",")] ?? "remind.none");
    return `<a href="${escapeHtml(withRemind(address, days))}" data-remind="${days.join(",")}">${escapeHtml(words)}</a>`;
  });
  return `<p class="note reminders">${escapeHtml(t(locale, "remind.label"))} ${links.join(" · ")}</p>`;
}
