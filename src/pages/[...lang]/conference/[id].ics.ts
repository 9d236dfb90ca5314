/**
 * `/conference/<id>.ics` (and `/zh/conference/<id>.ics`, its words in Chinese, the same events and UIDs): the
 * upcoming submission deadlines of one conference's outlook, for "add to calendar" and the watchlist calendars.
 */
import type { APIRoute } from "astro";
import { deadlinesIcs } from "../../../../render/deadline-feeds.ts";
import { type Locale, t } from "../../../../render/i18n.ts";
import { feedInfo } from "../../../lib/calendar-route.ts";
import { localePaths } from "../../../lib/locale.ts";
import { venuePath } from "../../../lib/paths.ts";
import { textResponse } from "../../../lib/responses.ts";
import { snapshot } from "../../../lib/snapshot.ts";

type Row = ReturnType<typeof snapshot>["conferences"][number];

export function getStaticPaths() {
  return localePaths().flatMap(({ params, props }) =>
    snapshot().conferences.map((row) => ({ params: { ...params, id: row.id }, props: { ...props, row } })),
  );
}

export const GET: APIRoute = ({ props }) => {
  const { row, locale } = props as { row: Row; locale: Locale };
  const outlook = snapshot().conferenceDetails.get(row.id)?.outlook ?? null;
  const info = feedInfo(
    locale,
    t(locale, "feed.venue_title", { name: row.short_name }),
    t(locale, "feed.venue_description", { name: row.full_name }),
    `${venuePath("conference", row.id)}.ics`,
  );
  const events = {
    ...row,
    conference_id: row.id,
    deadlines: outlook?.deadlines ?? [],
    data_as_of: outlook?.data_as_of ?? null,
  };
  return textResponse(deadlinesIcs(info, [events]), "text/calendar");
};
