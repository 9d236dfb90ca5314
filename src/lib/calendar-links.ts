/** "Add to calendar" links for one submission deadline: Google Calendar and Outlook on the web (event templates). */

import { deadlineName } from "../../render/deadline.ts";
import type { ConferenceRow, OutlookDeadline } from "../../snapshot/records.ts";
import { absoluteUrl, venuePath } from "./paths.ts";

const compact = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "");

export function calendarLinks(row: ConferenceRow, d: OutlookDeadline): { google: string; outlook: string } {
  const at = d.closes_at;
  const title = `${row.short_name} ${d.cycle_year} — ${deadlineName(d)}${d.estimated ? " (estimated)" : ""}`;
  const details = absoluteUrl(`${venuePath("conference", row.id)}#outlook`);
  const google = new URL("https://calendar.google.com/calendar/render");
  google.search = new URLSearchParams({
    action: "TEMPLATE",
    text: title,
    dates: `${compact(at)}/${compact(at)}`,
    details,
  }).toString();
  const outlook = new URL("https://outlook.live.com/calendar/0/deeplink/compose");
  outlook.search = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: title,
    startdt: at,
    enddt: at,
    body: details,
  }).toString();
  return { google: google.toString(), outlook: outlook.toString() };
}
