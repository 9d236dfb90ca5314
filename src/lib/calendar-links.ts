/** "Add to calendar" links for one deadline: Google Calendar and Outlook on the web (event templates). */
import { type DeadlineEntry, entryTitle, sortKey } from "./deadlines.ts";
import { absoluteUrl, venuePath } from "./paths.ts";

const compact = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "");

export function calendarLinks(entry: DeadlineEntry): { google: string; outlook: string } {
  const at = sortKey(entry.deadline).replace(/\.\d+Z$/, "Z");
  const title = entryTitle(entry);
  const details = absoluteUrl(`${venuePath("conference", entry.venue.id)}#${entry.anchor}`);
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
