/** `/feeds/fields/<field>.ics`: upcoming deadlines of one research field. */
import type { APIRoute, GetStaticPaths } from "astro";
import { FIELD_CALENDARS } from "../../../lib/calendar.ts";
import { calendarResponse } from "../../../lib/calendar-route.ts";

export const getStaticPaths: GetStaticPaths = () =>
  FIELD_CALENDARS.map((feed) => ({ params: { field: feed.slug }, props: { feed } }));

export const GET: APIRoute = ({ props }) => calendarResponse(props.feed);
