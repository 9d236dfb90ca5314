/**
 * The subscription forms and the plain pages around them (confirmation, change or stop, unsubscribed). The
 * subscribe form is a plain POST to /subscribe, so it works without JavaScript; a small same-site script
 * (ZONE_SCRIPT) only fills the time zone field with the browser's own zone, which is UTC otherwise.
 */

import type { DigestFrequency, Subscription } from "../../../accounts/store/types.ts";
import { escapeHtml } from "../../../render/html.ts";
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

function choicesHtml(frequency: DigestFrequency, closesIn: readonly number[], zone: string): string {
  const radio = (value: DigestFrequency, label: string) =>
    `<label><input type="radio" name="frequency" value="${value}"${frequency === value ? " checked" : ""} /> ${label}</label>`;
  const days = CLOSES_IN_DAYS.map(
    (n) =>
      `<label><input type="checkbox" name="closes_in" value="${n}"${closesIn.includes(n) ? " checked" : ""} /> ${n} day${n === 1 ? "" : "s"}</label>`,
  ).join(" ");
  return `<fieldset class="choices"><legend>How often</legend>${radio("weekly", "weekly")} ${radio("daily", "daily")}</fieldset>
<fieldset class="choices"><legend>Also a message when a deadline closes in</legend>${days}</fieldset>
<label>Your time zone <input name="time_zone" value="${escapeHtml(zone)}" data-guess-zone maxlength="64" /></label>`;
}

/** The subscribe form for a filter or a watchlist, as the /deadlines and watchlist pages show it. */
export function subscribeFormHtml(target: FormTarget): string {
  const hidden =
    "filter" in target
      ? `<input type="hidden" name="filter" value="${escapeHtml(target.filter)}" />`
      : `<input type="hidden" name="watchlist" value="${escapeHtml(target.watchlist)}" />`;
  return `<section id="digest-subscribe" aria-labelledby="digest-subscribe-title"><h2 id="digest-subscribe-title">E-mail digest</h2>
<form class="search" method="post" action="${SUBSCRIBE_PATH}">${hidden}
<p class="note">What changed (announced, moved, extended) and what is coming, by e-mail; no account needed: you confirm by a link we send. Every message has a one-click unsubscribe.</p>
<label>E-mail address <input type="email" name="email" required maxlength="254" autocomplete="email" /></label>
${choicesHtml("weekly", [], "UTC")}
<div><button type="submit">Subscribe</button></div>
</form><script src="${ZONE_SCRIPT_PATH}" defer></script></section>`;
}

/** The form that changes a subscription, and the one that stops it. */
export function manageFormHtml(sub: Subscription, action: string): string {
  return `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="save" />
${choicesHtml(sub.frequency, sub.closesIn, sub.timeZone)}
<div><button type="submit">Save</button></div></form>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="stop" />
<div><button type="submit">Stop this subscription</button></div></form>`;
}

/** A plain page of its own (the subscription pages are reached from mail, outside the site's frames). */
export function plainPage(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" />
<meta name="robots" content="noindex" /><title>${escapeHtml(title)} — Venue Directory</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5">
<p><a href="/">Venue Directory</a></p><h1>${escapeHtml(title)}</h1>
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
