/** `/feeds/ranks/<tier>.ics` (and under `/zh/`): upcoming deadlines of conferences in one rank tier (ccf-a, core-astar…). */
import type { APIRoute, GetStaticPaths } from "astro";
import { RANK_CALENDARS } from "../../../../lib/calendar.ts";
import { calendarResponse } from "../../../../lib/calendar-route.ts";
import { localePaths } from "../../../../lib/locale.ts";

export const getStaticPaths: GetStaticPaths = () =>
  localePaths().flatMap(({ params, props }) =>
    RANK_CALENDARS.map((feed) => ({ params: { ...params, tier: feed.slug }, props: { ...props, feed } })),
  );

export const GET: APIRoute = ({ props }) => calendarResponse(props.feed, props.locale);
