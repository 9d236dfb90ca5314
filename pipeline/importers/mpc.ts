/**
 * mpc-deadlines (MIT): `conferences.yml`, one entry per edition of a security, cryptography or theory venue.
 * `deadline` is a list of local "YYYY-MM-DD HH:MM" times (several rounds a year), `abdeadline` their abstract days
 * without a year ("Jan 07, Apr 22"; not always one per deadline, nor in their order), `comment` free text that may
 * give one deadline to a side track, `timezone` defaults to AoE (UTC-12). Tags say what an entry
 * is: only conferences (CNF) are imported, journals (JRN), workshops (WK) and schools are left out; COREAS is
 * CORE A*.
 */
import { daysBetween } from "../../runtime/clock.ts";
import type { Deadline } from "../../snapshot/records.ts";
import type { Importer, Rejection, SourceId } from "../sources/observations.ts";
import {
  addDeadline,
  integer,
  isRecord,
  listedEdition,
  namedVenue,
  namesMainCall,
  readYamlList,
  sideTrackDeadline,
  sideTrackOfName,
  type TrackerEdition,
  text,
  trackerRanks,
  trackerResult,
  type YamlRecord,
} from "./trackers-common.ts";

const SOURCE: SourceId = "mpc";
const FILE = "mpc-deadlines/conferences.yml";
const FILE_NAME = "conferences.yml";
/** The list's own convention: a deadline with no zone is Anywhere on Earth. */
const DEFAULT_ZONE = "AoE";
const CORE_TAGS: Record<string, string> = { COREAS: "A*", COREA: "A", COREB: "B", COREC: "C" };
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * "ACM CCS" → "CCS", "IEEE S&P (Oakland)" → "S&P": the society prefix and the nickname are not the acronym; an
 * entry of one of several joint venues is that venue's ("ACM SIGMOD+PODS (PODS)" → "PODS").
 */
function acronymOf(name: string): string {
  return namedVenue(name)
    .replace(/\s*\([^)]*\)\s*/g, " ")
    .replace(/^(ACM|IEEE|IACR)\s+/i, "")
    .trim();
}

const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap((v) => text(v) ?? []) : text(value) ? [text(value) as string] : [];

/** "Jan 07", "October 24." → "01-07", "10-24"; null when unreadable. */
function monthDay(day: string): string | null {
  const m = /^([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2})\.?$/.exec(day.trim());
  const month = m ? MONTHS.indexOf((m[1] as string).toLowerCase()) + 1 : 0;
  if (!m || month === 0) return null;
  return `${String(month).padStart(2, "0")}-${(m[2] as string).padStart(2, "0")}`;
}

/** The day `mmdd` on or before the date `paper` (YYYY-MM-DD), and how many days before it lies. */
function dayBefore(mmdd: string, paper: string): { date: string; lead: number } {
  const year = Number(paper.slice(0, 4));
  const date = `${mmdd <= paper.slice(5, 10) ? year : year - 1}-${mmdd}`;
  return { date, lead: daysBetween(date, paper) };
}

/**
 * How long before its paper deadline an abstract day may lie. The trackers' abstract steps lie 0–38 days before
 * their paper (SIGMOD's July abstract, 38), rounds of a multi-round venue a month or more apart (each abstract day
 * goes to the nearest paper deadline after it); a day this far before none is a misplaced or swapped date (SIGKDD
 * 2027's "February 03", after its January paper deadline), not an abstract step a year earlier.
 */
const ABSTRACT_LEAD_DAYS = 60;

/** One paper deadline of an entry, with the abstract day paired with it and the side track a comment gives it. */
interface Round {
  when: string;
  date: string | null;
  abstract: string | null;
  track: string | null;
}

/** Pairs each abstract day with the nearest paper deadline it lies shortly before; a day that pairs with none is rejected. */
function pairAbstracts(rounds: Round[], days: readonly string[], reject: (reason: string) => void): void {
  for (const day of days) {
    const mmdd = monthDay(day);
    if (mmdd === null) {
      reject(`unreadable abstract deadline "${day.trim()}"`);
      continue;
    }
    const candidates = rounds.flatMap((round) => {
      const before = round.date === null ? null : dayBefore(mmdd, round.date);
      return before && before.lead <= ABSTRACT_LEAD_DAYS ? [{ round, ...before }] : [];
    });
    const best = candidates.sort((a, b) => a.lead - b.lead)[0];
    const papers = rounds.map((r) => r.date ?? r.when).join(", ");
    if (!best)
      reject(
        `abstract day "${day.trim()}" lies within ${ABSTRACT_LEAD_DAYS} days before no paper deadline (${papers})`,
      );
    else if (best.round.abstract !== null)
      reject(
        `abstract day "${day.trim()}" pairs with the paper deadline ${best.round.date}, which has one already`,
      );
    else best.round.abstract = best.date;
  }
}

/** A deadline a comment names by month ("December deadline") or by order ("First deadline"). */
const ORDINALS: Record<string, number> = {
  first: 0,
  "1st": 0,
  second: 1,
  "2nd": 1,
  third: 2,
  "3rd": 2,
  fourth: 3,
  "4th": 3,
  last: -1,
};
/** A month's name, written out or cut short ("Dec", "December"). */
const MONTH_NAME =
  /^(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t|tember)?|oct(ober)?|nov(ember)?|dec(ember)?)$/;
/** "December deadline for Industrial Track", "First deadline for Journal track". */
const DEADLINE_FOR = /\b([a-z0-9]+) deadline (?:is )?for (?:the )?(.+)$/i;
/** "Position Papers in April deadline". */
const TRACK_IN_DEADLINE = /^(.+?) (?:in|at|on) (?:the )?([a-z0-9]+) deadline\b/i;

/**
 * The side tracks a comment gives one of the deadlines to (ISCA 2027: "December deadline for Industrial Track",
 * TRUST 2027: "June deadline for Emerging Area Track", SECRYPT 2026: "Position Papers in April deadline"): that
 * deadline and its abstract day are the track's, no round of the main call. A track naming the main call
 * ("Research Track") is not a side one; a comment whose month or order names no single deadline is rejected.
 */
function assignTracks(rounds: Round[], comment: string | null, reject: (reason: string) => void): void {
  for (const sentence of (comment ?? "").split(/[.;]\s*/)) {
    const m = DEADLINE_FOR.exec(sentence.trim());
    const n = m ? null : TRACK_IN_DEADLINE.exec(sentence.trim());
    const which = (m?.[1] ?? n?.[2])?.toLowerCase();
    const track = (m?.[2] ?? n?.[1])?.trim();
    if (!which || !track || namesMainCall(track)) continue;
    const month = MONTHS.indexOf(which.slice(0, 3)) + 1;
    const isMonth = month > 0 && MONTH_NAME.test(which);
    const ordinal = ORDINALS[which];
    if (!isMonth && ordinal === undefined) continue;
    const named = isMonth
      ? rounds.filter((r) => Number(r.date?.slice(5, 7)) === month)
      : [rounds.at(ordinal as number)].filter((r) => r !== undefined);
    if (named.length === 1) (named[0] as Round).track = track;
    else reject(`comment "${sentence.trim()}" names ${named.length} of the deadlines, not one`);
  }
}

function deadlinesOf(
  entry: YamlRecord,
  name: string,
  at: { file: string; record: string },
  rejected: Rejection[],
): Deadline[] {
  const timezone = text(entry.timezone) ?? DEFAULT_ZONE;
  const reject = (reason: string) => rejected.push({ ...at, reason });
  const rounds: Round[] = listOf(entry.deadline).map((when) => ({
    when,
    date: /^\d{4}-\d{2}-\d{2}/.test(when) ? when.slice(0, 10) : null,
    abstract: null,
    track: null,
  }));
  pairAbstracts(
    rounds,
    (text(entry.abdeadline) ?? "").split(",").filter((s) => s.trim()),
    reject,
  );
  assignTracks(rounds, text(entry.comment), reject);
  // An entry of a side track ("VLDB (Industrial Track)") is that track's in all its deadlines.
  const entryTrack = sideTrackOfName(name);
  const deadlines: Deadline[] = [];
  for (const round of rounds) {
    const own: Deadline[] = [];
    const steps = [
      ["abstract", "Abstract", round.abstract],
      ["paper", "Paper submission", round.when],
    ] as const;
    for (const [type, label, when] of steps) {
      if (when !== null) addDeadline(own, rejected, at, { type, label, when, timezone, source: SOURCE });
    }
    const track = round.track ?? entryTrack;
    deadlines.push(...(track === null ? own : own.map((d) => sideTrackDeadline(d, track))));
  }
  return deadlines.sort((a, b) => (a.utc ?? a.date).localeCompare(b.utc ?? b.date));
}

export const importMpc: Importer = async (upstreamDir) => {
  const rejected: Rejection[] = [];
  const entries = readYamlList(upstreamDir, FILE);
  const editions: TrackerEdition[] = [];
  for (const [index, entry] of entries.entries()) {
    const at = { file: FILE, record: `entry ${index + 1}` };
    if (!isRecord(entry)) {
      rejected.push({ ...at, reason: "entry is not a mapping" });
      continue;
    }
    const tags = listOf(entry.tags).map((t) => t.toUpperCase());
    if (!tags.includes("CNF")) continue; // journals, workshops, schools, posters: not conference series
    const name = text(entry.name);
    const year = integer(entry.year);
    if (!name || year === null) {
      rejected.push({
        ...at,
        record: name ?? at.record,
        reason: name ? "entry has no valid year" : "entry has no name",
      });
      continue;
    }
    const core = tags.map((t) => CORE_TAGS[t]).find(Boolean);
    editions.push(
      listedEdition(SOURCE, { file: FILE, fileName: FILE_NAME }, entry, {
        acronym: acronymOf(name),
        fullName: text(entry.description),
        year,
        dateText: text(entry.date),
        place: text(entry.place),
        country: null,
        deadlines: deadlinesOf(entry, name, { ...at, record: `${name} ${year}` }, rejected),
        ranks: trackerRanks(core ? { core } : {}, SOURCE),
        fields: [],
      }),
    );
  }
  return trackerResult(SOURCE, entries.length, editions, rejected);
};
