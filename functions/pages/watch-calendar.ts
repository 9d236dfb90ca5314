/**
 * A personal iCalendar subscription: GET /calendar/watch.ics?ids=101,102 joins the events of the static
 * per-conference calendars (`conference/<id>.ics`, built by src/lib/calendar.ts from the latest snapshot, so
 * the feed is as current as the nightly build, estimates included as TENTATIVE events) into one calendar.
 * The list lives in the address: no account. Ids that are malformed or unknown are skipped, never an error.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";

export const WATCH_CALENDAR_PATH = "/calendar/watch.ics";
/** Enough for any real watchlist, small enough that one request reads a bounded number of files. */
export const WATCH_MAX_IDS = 200;

const EVENT = /BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g;

/** The distinct well-formed conference ids of `?ids=` (comma or space separated), in order, at most WATCH_MAX_IDS. */
export function watchIds(url: URL): string[] {
  const raw = url.searchParams.getAll("ids").join(",");
  const ids = raw.split(/[\s,]+/).filter((id) => /^\d{1,15}$/.test(id));
  return [...new Set(ids)].slice(0, WATCH_MAX_IDS);
}

export function watchCalendar(siteDir: string): (req: Request) => Promise<Response> {
  return async (req) => {
    const ids = watchIds(new URL(req.url));
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
  };
}
