/** `/feeds/deadlines.ics`: every upcoming deadline. */
import type { APIRoute } from "astro";
import { ALL_DEADLINES_CALENDAR } from "../../lib/calendar.ts";
import { calendarResponse } from "../../lib/calendar-route.ts";

export const GET: APIRoute = () => calendarResponse(ALL_DEADLINES_CALENDAR);
