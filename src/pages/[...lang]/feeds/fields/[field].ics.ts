/** `/feeds/fields/<field>.ics` (and under `/zh/`): upcoming deadlines of one research field. */
import type { APIRoute, GetStaticPaths } from "astro";
import { FIELD_CALENDARS } from "../../../../lib/calendar.ts";
import { calendarResponse } from "../../../../lib/calendar-route.ts";
import { localePaths } from "../../../../lib/locale.ts";

export const getStaticPaths: GetStaticPaths = () =>
  localePaths().flatMap(({ params, props }) =>
    FIELD_CALENDARS.map((feed) => ({ params: { ...params, field: feed.slug }, props: { ...props, feed } })),
  );

export const GET: APIRoute = ({ props }) => calendarResponse(props.feed, props.locale);
