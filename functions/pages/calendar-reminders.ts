/**
 * `?remind=7,1` on the calendars the site builds (issue 39): `/feeds/deadlines.ics` (and its alias
 * `/calendar/deadlines.ics`), `/feeds/fields/<field>.ics`, `/feeds/ranks/<tier>.ics` and `/conference/<id>.ics`,
 * each under `/zh/` too. Without `remind` (or with it empty) this answers nothing and the file is served as it is,
 * byte for byte. With it, the built file with a VALARM per day in each event, made once per file version and
 * reminder list and kept with its ETag and compressed copies (feed-answers.ts). The served `/deadlines.ics` and
 * the watchlist calendars read the parameter through `remindOf` as well.
 */
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { type Locale, localeOfPath, unlocalizedPath } from "../../render/i18n.ts";
import { withReminders } from "../../render/ical-reminders.ts";
import { REMIND_PARAM, type RemindDays, remindDays } from "../../render/remind-param.ts";
import { feedPath } from "../edge/feed-aliases.ts";
import { FeedAnswers, type FeedText } from "./feed-answers.ts";

/**
 * The built calendars, by path: a fixed pattern, so no address can name a file outside them. Field and tier slugs
 * are lower-case words with hyphens, conference ids digits.
 */
const BUILT_CALENDAR =
  /^\/(?:feeds\/deadlines|feeds\/(?:fields|ranks)\/[a-z0-9-]{1,40}|conference\/\d{1,15})\.ics$/;

/**
 * Reminder variants of built files together stay under this (the largest, every deadline, is about 0.7 MB): a
 * client asking for one list after another only pushes older variants out, never a feed of its own cache.
 */
const VARIANTS_MAX_BYTES = 16 * 1024 * 1024;

/** The reminders a feed's address asks for (every `remind` parameter), or why they are refused. */
export const remindOf = (url: URL): RemindDays => remindDays(url.searchParams.getAll(REMIND_PARAM));

/** 400 for a `remind` value that is not one: the message names the allowed form. */
export const remindRefusal = (req: Request, message: string) =>
  new Response(req.method === "HEAD" ? null : `${message}\n`, {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

/**
 * The maker of a feed with the reminders of `days`: the plain feed's text, cached under `key` in `feeds` (made by
 * `make` when it is not), with the alarms added, so a new reminder list costs no query.
 */
export const remindedFeed =
  (feeds: FeedAnswers, key: string, make: () => Promise<FeedText>, days: readonly number[], locale: Locale) =>
  async (): Promise<FeedText> => {
    const plain = await feeds.text(key, make);
    return { ...plain, text: withReminders(plain.text, days, locale) };
  };

/** GET a built calendar with `remind`; null for any other request (the site's files answer it). */
export function builtCalendarReminders(siteDir: string) {
  const variants = new FeedAnswers(VARIANTS_MAX_BYTES);
  return async (req: Request, pathname: string): Promise<Response | null> => {
    const url = new URL(req.url);
    if (!url.searchParams.has(REMIND_PARAM)) return null;
    const path = feedPath(unlocalizedPath(pathname));
    if (!BUILT_CALENDAR.test(path)) return null;
    const remind = remindOf(url);
    if ("invalid" in remind) return remindRefusal(req, remind.invalid);
    if (remind.days.length === 0) return null;
    const locale = localeOfPath(pathname);
    const file = join(siteDir, locale === "en" ? "" : locale, path);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    // A new build writes new files (another mtime or size): the key never names an older version's variant.
    const key = `${file} ${info.mtimeMs} ${info.size} ${remind.days}`;
    return variants.answer(req, key, async () => ({
      type: "text/calendar; charset=utf-8",
      text: withReminders(await readFile(file, "utf8"), remind.days, locale),
    }));
  };
}
