/** `/feeds/deadlines.ics` (and `/zh/feeds/deadlines.ics`, its words in Chinese): every upcoming deadline. */
import type { APIRoute } from "astro";
import { ALL_DEADLINES_CALENDAR } from "../../../lib/calendar.ts";
import { calendarResponse } from "../../../lib/calendar-route.ts";
import { localePaths } from "../../../lib/locale.ts";

export const getStaticPaths = localePaths;

export const GET: APIRoute = ({ props }) => calendarResponse(ALL_DEADLINES_CALENDAR, props.locale);
