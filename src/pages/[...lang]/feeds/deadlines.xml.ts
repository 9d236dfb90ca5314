/** `/feeds/deadlines.xml` (and `/zh/feeds/deadlines.xml`): RSS 2.0 of the submission deadlines due in the next 30 days. */
import type { APIRoute } from "astro";
import { type Locale, t } from "../../../../render/i18n.ts";
import { rssResponse } from "../../../lib/calendar-route.ts";
import { localePaths } from "../../../lib/locale.ts";
import { RSS_FILTER, RSS_PATH, RSS_WINDOW_DAYS } from "../../../lib/rss.ts";
import { settings } from "../../../lib/settings.ts";

export const getStaticPaths = localePaths;

export const GET: APIRoute = ({ props }) => {
  const locale: Locale = props.locale;
  const date = settings().buildTime.toISOString().slice(0, 10);
  return rssResponse(
    locale,
    RSS_FILTER,
    t(locale, "feed.rss_title"),
    t(locale, "feed.rss_description", { days: String(RSS_WINDOW_DAYS), date }),
    RSS_PATH,
  );
};
