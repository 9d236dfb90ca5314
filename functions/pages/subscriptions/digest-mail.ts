/**
 * The messages of digest subscriptions, as plain text and the same as HTML: the confirmation, the digest (what
 * changed since the last one, then the upcoming deadlines) and "closes in N days". Each deadline is written by the
 * one deadline component (render/deadline.ts: as published, with the UTC instant; estimates marked), with the exact
 * instant also in the reader's zone and the venue's page linked.
 */
import type { RecordedDeadline } from "../../../accounts/store/types.ts";
import { deadlineName, deadlineText } from "../../../render/deadline.ts";
import { escapeHtml } from "../../../render/html.ts";
import type { DigestChange, DigestItem } from "./digest-changes.ts";
import type { SubscriptionLinks } from "./links.ts";
import { wallTime } from "./periods.ts";

export interface MailText {
  subject: string;
  text: string;
  html: string;
}

/** A message as lines: each a text, optionally linked. */
type Line = { text: string; href?: string; strong?: boolean } | null;

function render(subject: string, lines: readonly Line[]): MailText {
  const text = lines
    .map((l) => (l === null ? "" : l.href ? `${l.text}\n  ${l.href}` : l.text))
    .join("\n")
    .concat("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.4">${lines
    .map((l) => {
      if (l === null) return "<br>";
      const body = l.href ? `<a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a>` : escapeHtml(l.text);
      return `<p style="margin:0.2em 0">${l.strong ? `<strong>${body}</strong>` : body}</p>`;
    })
    .join("\n")}</body></html>`;
  return { subject, text, html };
}

const venuePage = (baseUrl: string, item: DigestItem) => `${baseUrl}/conference/${item.venueId}`;

/**
 * The announced instant in the reader's zone: "= 2026-12-15 12:59 (Europe/Berlin) your time"; for a date-only
 * deadline, when its day ends in its zone, said as such (never a stated time). Estimates get none.
 */
function readerTime(item: DigestItem, zone: string): string {
  const d = item.deadline;
  if (d.estimated) return "";
  return d.time
    ? ` = ${wallTime(d.closes_at, zone)} your time`
    : `; that day ends ${wallTime(d.closes_at, zone)} your time`;
}

/** "AsiaCCS (CORE A): [ESTIMATE] Paper submission, cycle 2027: …". */
export function itemText(item: DigestItem, zone: string): string {
  const mark = item.deadline.estimated ? "[ESTIMATE, not announced] " : "";
  const ranks = item.ranks ? ` (${item.ranks})` : "";
  return `${item.shortName}${ranks}: ${mark}${deadlineText(item.deadline, item.dataAsOf)}${readerTime(item, zone)}`;
}

const recordedText = (r: RecordedDeadline) =>
  r.estimated
    ? `estimated around ${r.date}`
    : `${r.date}${r.time ? ` ${r.time.slice(0, 5)}` : ""} ${r.timezone}`;

function changeText(change: DigestChange, zone: string): string {
  const what = `${change.item.shortName}: ${deadlineName(change.item.deadline)}, cycle ${change.item.deadline.cycle_year}`;
  const now = itemText(change.item, zone).slice(change.item.shortName.length + 2);
  const was = change.before ? recordedText(change.before) : "";
  switch (change.kind) {
    case "announced":
      return `ANNOUNCED ${what} — ${now}`;
    case "estimate_replaced":
      return `ANNOUNCED ${what}, replacing the estimate (${was}) — ${now}`;
    case "extended":
      return `MOVED (extended) ${what}: was ${was}, now ${now}`;
    case "moved_earlier":
      return `MOVED (earlier) ${what}: was ${was}, now ${now}`;
  }
}

export interface DigestInput {
  baseUrl: string;
  /** What the subscription follows, in words ("your watchlist", "CCF A · within 30 days …"). */
  about: string;
  /** Where the whole list is on the site. */
  listUrl: string;
  period: string;
  frequency: "daily" | "weekly";
  zone: string;
  items: readonly DigestItem[];
  changes: readonly DigestChange[];
  /** No digest before: nothing to compare with. */
  first: boolean;
  /** Most deadlines listed; the rest are counted and linked. */
  maxListed: number;
  links: SubscriptionLinks;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function digestMail(input: DigestInput): MailText {
  const { changes, items, zone } = input;
  const listed = items.slice(0, input.maxListed);
  const subject = `Deadline digest (${input.period}): ${plural(changes.length, "change")}, ${plural(items.length, "upcoming deadline")}`;
  const changeLines: Line[] = input.first
    ? [
        {
          text: "Your first digest: every upcoming deadline of your subscription is below; the next ones say what changed.",
        },
      ]
    : changes.length === 0
      ? [{ text: "Nothing announced, moved or extended since your last digest." }]
      : [
          {
            text: `What changed since your last digest (${plural(changes.length, "change")}):`,
            strong: true,
          },
          ...changes.map(
            (c): Line => ({ text: `- ${changeText(c, zone)}`, href: venuePage(input.baseUrl, c.item) }),
          ),
        ];
  return render(subject, [
    {
      text: `Venue Directory — your ${input.frequency} digest for ${input.period}: ${input.about}.`,
      strong: true,
    },
    {
      text: `Times as published with the UTC instant, and in your zone (${zone}). Estimates come from past editions and are not announcements.`,
    },
    null,
    ...changeLines,
    null,
    { text: `Upcoming deadlines (${items.length}):`, strong: true },
    ...(listed.length === 0 ? [{ text: "None at the moment." }] : []),
    ...listed.map(
      (item): Line => ({ text: `- ${itemText(item, zone)}`, href: venuePage(input.baseUrl, item) }),
    ),
    ...(items.length > listed.length
      ? [{ text: `… and ${items.length - listed.length} more on the site:`, href: input.listUrl }]
      : [{ text: "On the site:", href: input.listUrl }]),
    null,
    { text: "Change how often, the reminders or your zone, or stop:", href: input.links.manage },
    { text: "Unsubscribe at once:", href: input.links.unsubscribe },
  ]);
}

export function closesInMail(
  baseUrl: string,
  item: DigestItem,
  days: number,
  zone: string,
  links: SubscriptionLinks,
): MailText {
  const subject = `${item.shortName}: ${deadlineName(item.deadline).toLowerCase()} closes in ${plural(days, "day")} or less`;
  return render(subject, [
    {
      text: `${item.shortName} (${item.fullName}) — ${deadlineName(item.deadline)} closes within ${plural(days, "day")}:`,
      strong: true,
    },
    { text: itemText(item, zone), href: venuePage(baseUrl, item) },
    null,
    { text: "Change the reminders or stop:", href: links.manage },
    { text: "Unsubscribe at once:", href: links.unsubscribe },
  ]);
}

export function confirmMail(confirmUrl: string, about: string, hours: number): MailText {
  return render("Confirm your deadline digest subscription", [
    { text: `Someone (we hope you) asked for Venue Directory deadline digests for: ${about}.` },
    { text: `Confirm within ${hours} hours by opening this link:`, href: confirmUrl },
    null,
    { text: "If it was not you, ignore this message: nothing is sent without the confirmation." },
  ]);
}
