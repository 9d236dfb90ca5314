/**
 * The messages of digest subscriptions, as plain text and the same as HTML, in the subscription's language
 * (render/messages, `digest.mail_*`): the confirmation, the digest (what changed since the last one, then the
 * upcoming deadlines) and "closes in N days". Each deadline is written by the one deadline component
 * (render/deadline.ts: as published, with the UTC instant; estimates marked), with the exact instant also in the
 * reader's zone and the venue's page linked in the same language.
 */
import type { RecordedDeadline } from "../../../accounts/store/types.ts";
import { deadlineName, deadlineText } from "../../../render/deadline.ts";
import { escapeHtml } from "../../../render/html.ts";
import { type Locale, localePath, t } from "../../../render/i18n.ts";
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

function render(subject: string, lines: readonly Line[], locale: Locale): MailText {
  const text = lines
    .map((l) => (l === null ? "" : l.href ? `${l.text}\n  ${l.href}` : l.text))
    .join("\n")
    .concat("\n");
  const lang = locale === "zh" ? ' lang="zh-CN"' : "";
  const html = `<!doctype html><html${lang}><body style="font-family:sans-serif;line-height:1.4">${lines
    .map((l) => {
      if (l === null) return "<br>";
      const body = l.href ? `<a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a>` : escapeHtml(l.text);
      return `<p style="margin:0.2em 0">${l.strong ? `<strong>${body}</strong>` : body}</p>`;
    })
    .join("\n")}</body></html>`;
  return { subject, text, html };
}

const venuePage = (baseUrl: string, item: DigestItem, locale: Locale) =>
  `${baseUrl}${localePath(locale, `/conference/${item.venueId}`)}`;

/** "3 days" / "3 天". */
const daysText = (locale: Locale, n: number) => t(locale, n === 1 ? "digest.day" : "digest.days", { n });

/**
 * The announced instant in the reader's zone: "= 2026-12-15 12:59 (Europe/Berlin) your time"; for a date-only
 * deadline, when its day ends in its zone, said as such (never a stated time). Estimates get none.
 */
function readerTime(item: DigestItem, zone: string, locale: Locale): string {
  const d = item.deadline;
  if (d.estimated) return "";
  const time = wallTime(d.closes_at, zone);
  return d.time
    ? ` ${t(locale, "digest.your_time", { time })}`
    : `${locale === "zh" ? "；" : "; "}${t(locale, "digest.day_ends", { time })}`;
}

/** The deadline without its venue: "[ESTIMATE, not announced] Paper submission, cycle 2027: …". */
function whenText(item: DigestItem, zone: string, locale: Locale): string {
  const mark = item.deadline.estimated ? `${t(locale, "digest.estimate_mark")} ` : "";
  return `${mark}${deadlineText(item.deadline, item.dataAsOf, locale)}${readerTime(item, zone, locale)}`;
}

/** "AsiaCCS (CORE A): [ESTIMATE] Paper submission, cycle 2027: …". */
export function itemText(item: DigestItem, zone: string, locale: Locale = "en"): string {
  const ranks = item.ranks ? ` (${item.ranks})` : "";
  return `${item.shortName}${ranks}${locale === "zh" ? "：" : ": "}${whenText(item, zone, locale)}`;
}

const recordedText = (r: RecordedDeadline, locale: Locale) =>
  r.estimated
    ? t(locale, "digest.estimated_around", { date: r.date })
    : `${r.date}${r.time ? ` ${r.time.slice(0, 5)}` : ""} ${r.timezone}`;

const CHANGE_KEYS = {
  announced: "digest.change_announced",
  estimate_replaced: "digest.change_estimate_replaced",
  extended: "digest.change_extended",
  moved_earlier: "digest.change_moved_earlier",
} as const;

function changeText(change: DigestChange, zone: string, locale: Locale): string {
  const what = t(locale, "digest.change_what", {
    venue: change.item.shortName,
    deadline: deadlineName(change.item.deadline, locale),
    year: String(change.item.deadline.cycle_year),
  });
  const now = whenText(change.item, zone, locale);
  const was = change.before ? recordedText(change.before, locale) : "";
  return t(locale, CHANGE_KEYS[change.kind], { what, was, now });
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
  /** The subscription's language (default English). */
  locale?: Locale;
}

export function digestMail(input: DigestInput): MailText {
  const { changes, items, zone } = input;
  const locale = input.locale ?? "en";
  const listed = items.slice(0, input.maxListed);
  const changeCount = t(locale, changes.length === 1 ? "digest.changes_one" : "digest.changes", {
    n: changes.length,
  });
  const subject = t(locale, "digest.mail_subject", {
    period: input.period,
    changes: changeCount,
    upcoming: t(locale, items.length === 1 ? "digest.upcoming_one" : "digest.upcoming", { n: items.length }),
  });
  const changeLines: Line[] = input.first
    ? [{ text: t(locale, "digest.mail_first") }]
    : changes.length === 0
      ? [{ text: t(locale, "digest.mail_no_change") }]
      : [
          { text: t(locale, "digest.mail_changed", { changes: changeCount }), strong: true },
          ...changes.map(
            (c): Line => ({
              text: `- ${changeText(c, zone, locale)}`,
              href: venuePage(input.baseUrl, c.item, locale),
            }),
          ),
        ];
  const frequency = t(locale, input.frequency === "daily" ? "digest.daily" : "digest.weekly");
  return render(
    subject,
    [
      {
        text: t(locale, "digest.mail_head", { frequency, period: input.period, about: input.about }),
        strong: true,
      },
      { text: t(locale, "digest.mail_times", { zone }) },
      null,
      ...changeLines,
      null,
      { text: t(locale, "digest.mail_upcoming", { n: items.length }), strong: true },
      ...(listed.length === 0 ? [{ text: t(locale, "digest.mail_none") }] : []),
      ...listed.map(
        (item): Line => ({
          text: `- ${itemText(item, zone, locale)}`,
          href: venuePage(input.baseUrl, item, locale),
        }),
      ),
      ...(items.length > listed.length
        ? [{ text: t(locale, "digest.mail_more", { n: items.length - listed.length }), href: input.listUrl }]
        : [{ text: t(locale, "digest.mail_on_site"), href: input.listUrl }]),
      null,
      { text: t(locale, "digest.mail_manage"), href: input.links.manage },
      { text: t(locale, "digest.mail_unsubscribe"), href: input.links.unsubscribe },
    ],
    locale,
  );
}

export function closesInMail(
  baseUrl: string,
  item: DigestItem,
  days: number,
  zone: string,
  links: SubscriptionLinks,
  locale: Locale = "en",
): MailText {
  const deadline = deadlineName(item.deadline, locale);
  const subject = t(locale, "digest.closes_subject", {
    venue: item.shortName,
    deadline: deadline.toLowerCase(),
    days: daysText(locale, days),
  });
  return render(
    subject,
    [
      {
        text: t(locale, "digest.closes_head", {
          venue: item.shortName,
          name: item.fullName,
          deadline,
          days: daysText(locale, days),
        }),
        strong: true,
      },
      { text: itemText(item, zone, locale), href: venuePage(baseUrl, item, locale) },
      null,
      { text: t(locale, "digest.mail_manage_reminders"), href: links.manage },
      { text: t(locale, "digest.mail_unsubscribe"), href: links.unsubscribe },
    ],
    locale,
  );
}

export function confirmMail(
  confirmUrl: string,
  about: string,
  hours: number,
  locale: Locale = "en",
): MailText {
  return render(
    t(locale, "digest.mail_confirm_subject"),
    [
      { text: t(locale, "digest.mail_confirm_asked", { about }) },
      { text: t(locale, "digest.mail_confirm_within", { hours }), href: confirmUrl },
      null,
      { text: t(locale, "digest.mail_confirm_ignore") },
    ],
    locale,
  );
}
