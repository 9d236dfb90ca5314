/** `/feeds/ranks/<tier>.ics`: upcoming deadlines of conferences in one rank tier (ccf-a, core-astar, qualis-a1...). */
import type { APIRoute, GetStaticPaths } from "astro";
import { RANK_CALENDARS } from "../../../lib/calendar.ts";
import { calendarResponse } from "../../../lib/calendar-route.ts";

export const getStaticPaths: GetStaticPaths = () =>
  RANK_CALENDARS.map((feed) => ({ params: { tier: feed.slug }, props: { feed } }));

export const GET: APIRoute = ({ props }) => calendarResponse(props.feed);
