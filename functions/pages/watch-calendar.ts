/**
 * Personal iCalendar subscriptions: GET /calendar/watch/<watchlist id>.ics (the stable address of a stored
 * watchlist or of an account's tracked venues, functions/pages/watchlists.ts) and GET /calendar/watch.ics?ids=101,102 (the list in the address)
 * join the events of the static per-conference calendars (`conference/<id>.ics`, built by src/lib/calendar.ts
 * from the latest snapshot, so the feed is as current as the nightly build, estimates included as TENTATIVE
 * events) into one calendar. Ids that are malformed or unknown are skipped, never an error.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type FindWatched, WATCH_MAX_IDS } from "./watchlists.ts";

const WATCH_CALENDAR_PATH = "/calendar/watch.ics";
const STORED_WATCHLIST = /^\/calendar\/watch\/([^/]+)\.ics$/;

const EVENT = /BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g;

/** The distinct well-formed conference ids of `?ids=` (comma or space separated), in order, at most WATCH_MAX_IDS. */
function watchIds(url: URL): string[] {
  const raw = url.searchParams.getAll("ids").join(",");
  const ids = raw.split(/[\s,]+/).filter((id) => /^\d{1,15}$/.test(id));
  return [...new Set(ids)].slice(0, WATCH_MAX_IDS);
}

async function calendarOf(siteDir: string, ids: readonly string[], req: Request): Promise<Response> {
  const calendars = await Promise.all(
    ids.map((id) => readFile(join(siteDir, "conference", `${id}.ics`), "utf8").catch(() => "")),
  );
  const events = calendars.flatMap((text) => text.match(EVENT) ?? []);
  const body = [
    "BEGIN:VCALENDAR\r\n",
    "VERSION:2.0\r\n",
    "PRODID:-//Venue Directory//Watchlist//EN\r\n",
    "CALSCALE:GREGORIAN\r\n",
    "X-WR-CALNAME:Venue Directory — my deadlines\r\n",
    "REFRESH-INTERVAL;VALUE=DURATION:P1D\r\n",
    ...events,
    "END:VCALENDAR\r\n",
  ].join("");
  return new Response(req.method === "HEAD" ? null : body, {
    status: 200,
    headers: { "content-type": "text/calendar; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}

/**
 * The watch calendar for `pathname`, or null when the path is not one. An unknown (or expired) stored id answers
 * 404; a calendar read is a use of its watchlist (`find` notes it).
 */
export function watchCalendar(siteDir: string, find: FindWatched) {
  return async (req: Request, pathname: string): Promise<Response | null> => {
    if (pathname === WATCH_CALENDAR_PATH) return calendarOf(siteDir, watchIds(new URL(req.url)), req);
    const stored = STORED_WATCHLIST.exec(pathname);
    if (!stored) return null;
    const watchlist = await find(stored[1] ?? "");
    if (!watchlist) {
      return new Response("No watchlist has this address.\n", {
        status: 404,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    }
    return calendarOf(siteDir, watchlist.conferences, req);
  };
}
