/** `/conference/<id>.ics`: the upcoming submission deadlines of one conference's outlook, for "add to calendar". */
import type { APIRoute } from "astro";
import { deadlinesIcs } from "../../../render/deadline-feeds.ts";
import { feedInfo } from "../../lib/calendar-route.ts";
import { venuePath } from "../../lib/paths.ts";
import { textResponse } from "../../lib/responses.ts";
import { snapshot } from "../../lib/snapshot.ts";

export function getStaticPaths() {
  return snapshot().conferences.map((row) => ({ params: { id: row.id }, props: { row } }));
}

export const GET: APIRoute = ({ props }) => {
  const { row } = props as { row: ReturnType<typeof snapshot>["conferences"][number] };
  const outlook = snapshot().conferenceDetails.get(row.id)?.outlook ?? null;
  const info = feedInfo(
    `deadlines of ${row.short_name}`,
    `Submission deadlines of ${row.full_name}; estimates are tentative events with their window.`,
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
