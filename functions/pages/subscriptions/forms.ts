/**
 * The subscription forms and the plain pages around them (confirmation, change or stop, unsubscribed), in the
 * reader's language (render/messages, `digest.*`). The subscribe form is a plain POST to /subscribe (/zh/subscribe
 * in Chinese), so it works without JavaScript; a small same-site script (ZONE_SCRIPT) only fills the time zone
 * field with the browser's own zone, which is UTC otherwise.
 */

import type { DigestFrequency, Subscription } from "../../../accounts/store/types.ts";
import { escapeHtml } from "../../../render/html.ts";
import { LANGUAGE_TAG, type Locale, localePath, t } from "../../../render/i18n.ts";
import { SUBSCRIBE_PATH, ZONE_SCRIPT_PATH } from "./links.ts";
import { CLOSES_IN_DAYS } from "./periods.ts";

/** What a subscribe form follows: a `/deadlines` filter (its query string) or a stored watchlist. */
export type FormTarget = { filter: string } | { watchlist: string };

/** Fills every `data-guess-zone` field that still says UTC with the browser's zone. */
export const ZONE_SCRIPT = `for (const field of document.querySelectorAll("input[data-guess-zone]")) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && field.value === "UTC") field.value = zone;
}
`;

/** How often, the "closes in" reminders and the reader's zone: the choices every subscription form carries. */
export function choicesHtml(
  locale: Locale,
  frequency: DigestFrequency,
  closesIn: readonly number[],
  zone: string,
): string {
  const radio = (value: DigestFrequency, label: string) =>
    `<label><input type="radio" name="frequency" value="${value}"${frequency === value ? " checked" : ""} /> ${escapeHtml(label)}</label>`;
  const days = CLOSES_IN_DAYS.map(
    (n) =>
      `<label><input type="checkbox" name="closes_in" value="${n}"${closesIn.includes(n) ? " checked" : ""} /> ${escapeHtml(t(locale, n === 1 ? "digest.day" : "digest.days", { n }))}</label>`,
  ).join(" ");
  return `<fieldset class="choices"><legend>${escapeHtml(t(locale, "digest.how_often"))}</legend>${radio("weekly", t(locale, "digest.weekly"))} ${radio("daily", t(locale, "digest.daily"))}</fieldset>
<fieldset class="choices"><legend>${escapeHtml(t(locale, "digest.closes_in_legend"))}</legend>${days}</fieldset>
<label>${escapeHtml(t(locale, "digest.zone"))} <input name="time_zone" value="${escapeHtml(zone)}" data-guess-zone maxlength="64" /></label>`;
}

/** The subscribe form for a filter or a watchlist, as the /deadlines and watchlist pages show it. */
export function subscribeFormHtml(target: FormTarget, locale: Locale = "en"): string {
  const hidden =
    "filter" in target
      ? `<input type="hidden" name="filter" value="${escapeHtml(target.filter)}" />`
      : `<input type="hidden" name="watchlist" value="${escapeHtml(target.watchlist)}" />`;
  return `<section id="digest-subscribe" aria-labelledby="digest-subscribe-title"><h2 id="digest-subscribe-title">${escapeHtml(t(locale, "digest.heading"))}</h2>
<form class="search" method="post" action="${localePath(locale, SUBSCRIBE_PATH)}">${hidden}
<p class="note">${escapeHtml(t(locale, "digest.form_note"))}</p>
<label>${escapeHtml(t(locale, "digest.email"))} <input type="email" name="email" required maxlength="254" autocomplete="email" /></label>
${choicesHtml(locale, "weekly", [], "UTC")}
<div><button type="submit">${escapeHtml(t(locale, "digest.subscribe"))}</button></div>
</form><script src="${ZONE_SCRIPT_PATH}" defer></script></section>`;
}

/** The form that changes a subscription, and the one that stops it. */
export function manageFormHtml(sub: Subscription, action: string, locale: Locale = "en"): string {
  return `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="save" />
${choicesHtml(locale, sub.frequency, sub.closesIn, sub.timeZone)}
<div><button type="submit">${escapeHtml(t(locale, "digest.save"))}</button></div></form>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="stop" />
<div><button type="submit">${escapeHtml(t(locale, "digest.stop"))}</button></div></form>`;
}

/** Where a plain page is: its language, and its own address without the language prefix (for the switch). */
export interface PageWhere {
  locale: Locale;
  path?: string;
}

/**
 * A plain page of its own (the subscription pages are reached from mail, outside the site's frames), with a language
 * switch to the same address in the other language.
 */
export function plainPage(
  title: string,
  body: string,
  status = 200,
  where: PageWhere = { locale: "en" },
): Response {
  const { locale } = where;
  const other: Locale = locale === "en" ? "zh" : "en";
  const switchLink = where.path
    ? ` · <a href="${escapeHtml(localePath(other, where.path))}" lang="${LANGUAGE_TAG[other]}" hreflang="${LANGUAGE_TAG[other]}" data-lang-switch="${other}">${escapeHtml(t(locale, "layout.switch"))}</a>`
    : "";
  const html = `<!doctype html><html lang="${LANGUAGE_TAG[locale]}"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" />
<meta name="robots" content="noindex" /><title>${escapeHtml(title)} — Venue Directory</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5">
<p><a href="${localePath(locale, "/")}">Venue Directory</a>${switchLink}</p><h1>${escapeHtml(title)}</h1>
${body}</body></html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    },
  });
}
