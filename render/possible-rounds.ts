/**
 * A venue's possible rounds (the outlook's `possible`: rounds its history hints at but does not support) as the
 * detail page and its Markdown say them: one secondary line after the next deadline, "Also possible, not announced
 * and not a deadline: around 20 Aug 2027 (window …), 2028 cycle: seen once, in the 2027 cycle". Never a deadline:
 * no countdown, no instant (`data-deadline`), no calendar link, no state badge; nothing when there are none.
 */
import type { OutlookPossibleRound } from "../snapshot/records.ts";
import { dateHtml, escapeHtml, formatDate } from "./html.ts";
import { type Locale, type MessageKey, t, tHtml } from "./i18n.ts";

/** Why the history does not support the round, in plain words ({years}: the cycles it was seen in). */
const REASON_KEYS: Record<OutlookPossibleRound["reason"], MessageKey> = {
  seen_once: "possible.seen_once",
  not_in_latest_cycle: "possible.not_in_latest_cycle",
  moved: "possible.moved",
};

/** The cycles a round was seen in, each named (2021, 2024: not a range, which would claim the years between). */
const years = (round: OutlookPossibleRound, locale: Locale) =>
  round.based_on.join(locale === "zh" ? "、" : ", ");

/** One possibility: its date, window, cycle and reason; as HTML (`html`) its dates are `<time>`s. */
function roundText(round: OutlookPossibleRound, locale: Locale, html: boolean): string {
  const say = (key: MessageKey, params: Record<string, string>) =>
    html ? tHtml(locale, key, params) : t(locale, key, params);
  const date = (iso: string) => (html ? dateHtml(iso, locale) : formatDate(iso, locale));
  const year = String(round.cycle_year);
  const seen = html ? escapeHtml(years(round, locale)) : years(round, locale);
  return say("possible.round", {
    date: date(round.date),
    window: say("deadline.window", { from: date(round.earliest), to: date(round.latest) }),
    year,
    reason: say(REASON_KEYS[round.reason], { years: seen }),
  });
}

const separator = (locale: Locale) => (locale === "zh" ? "；" : "; ");

/** The line as text (the Markdown's facts), or null when the venue has no possible round. */
export function possibleRoundsText(
  rounds: readonly OutlookPossibleRound[],
  locale: Locale = "en",
): string | null {
  if (rounds.length === 0) return null;
  return t(locale, "possible.line", {
    rounds: rounds.map((r) => roundText(r, locale, false)).join(separator(locale)),
  });
}

/** The line as HTML (the detail page's first box), or "" when the venue has no possible round. */
export function possibleRoundsHtml(rounds: readonly OutlookPossibleRound[], locale: Locale = "en"): string {
  if (rounds.length === 0) return "";
  const items = rounds.map((r) => `<span class="possible-round">${roundText(r, locale, true)}</span>`);
  return `<p class="note possible" id="possible-rounds">${tHtml(locale, "possible.line", { rounds: items.join(escapeHtml(separator(locale))) })}</p>`;
}
