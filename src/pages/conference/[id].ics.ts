/** `/conference/<id>.ics`: the upcoming deadlines of one conference (and its estimates), for "add to calendar". */
import type { APIRoute } from "astro";
import { calendarText, upcomingEstimates } from "../../lib/calendar.ts";
import { isUpcoming, venueDeadlines } from "../../lib/deadlines.ts";
import { venuePath } from "../../lib/paths.ts";
import { textResponse } from "../../lib/responses.ts";
import { settings } from "../../lib/settings.ts";
import { snapshot } from "../../lib/snapshot.ts";

export function getStaticPaths() {
  return snapshot().conferences.map((row) => ({ params: { id: row.id }, props: { row } }));
}

export const GET: APIRoute = ({ props }) => {
  const { row } = props as { row: ReturnType<typeof snapshot>["conferences"][number] };
  const data = snapshot();
  const now = settings().buildTime;
  const feed = {
    slug: row.id,
    path: `${venuePath("conference", row.id)}.ics`,
    title: `Deadlines of ${row.short_name}`,
    group: "all" as const,
    matches: () => true,
  };
  const entries = venueDeadlines(row.id).filter((e) => isUpcoming(e.deadline, now));
  const estimates = upcomingEstimates([row], (id) => data.conferenceDetails.get(id)?.deadline_estimates, now);
  return textResponse(
    calendarText(feed, entries, new Date(data.manifest.generated_at), estimates),
    "text/calendar",
  );
};
