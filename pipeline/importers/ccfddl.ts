/**
 * ccfddl/ccf-deadlines: series files `conference/<SUB>/*.yml` (a list; one file may hold several series) with
 * per-edition timelines, and `accept_rates/<SUB>/*.yml`.
 */
import type { AcceptanceRow, Deadline, DeadlineType, Edition } from "../../snapshot/records.ts";
import { tentativeFields } from "../fields/broad-codes.ts";
import { ccfCategoryOf, fieldsFromCcfCode } from "../fields/ccf.ts";
import { countryFromPlace } from "../normalize/countries.ts";
import { parseDateRange } from "../normalize/dates.ts";
import {
  type ConferenceObservation,
  conferenceObservation,
  type Importer,
  type Rejection,
  type SourceId,
} from "../sources/observations.ts";
import {
  addDeadline,
  integer,
  isRecord,
  listDir,
  namedVenue,
  newest,
  readYamlList,
  sideCallItems,
  text,
  trackerEdition,
  trackerRanks,
  type YamlRecord,
} from "./trackers-common.ts";

const SOURCE: SourceId = "ccfddl";
const CONFERENCE_DIR = "ccfddl/conference";
const ACCEPT_RATES_DIR = "ccfddl/accept_rates";

/** A series observation plus what the accept-rate join needs. */
interface Series {
  sub: string;
  fileName: string;
  observation: ConferenceObservation;
}

/**
 * `deadline` is the paper deadline, but some timelines put the abstract deadline in its own `deadline` entry and
 * say so only in `comment` ("abstract deadline", "Title and Abstract Due"), and a few put the notification or the
 * final version there ("Paper Notification", "Final Version", "Final Copy Deadline"): read as paper deadlines
 * they would be submission rounds that never were (FM 2024's three). "Final paper submission" stays a paper.
 * A registration deadline ("Spring Registration Deadline", "paper registration deadline", "Abstract Registerations")
 * is the abstract step of its round: read as a paper date it put ASPLOS's and FSE's rounds a week early. A revision
 * deadline ("Submission of Revisions Round 1", "third round (only for resubmissions after major revisions)") takes
 * only papers already under review: no round a new paper can go to (OOPSLA 2022 had two rounds, not four). A side
 * track's steps are no round of the main call either (`sideCallItems`): ISSTA 2022's "Workshops Submission Deadline",
 * WSDM 2027's "Short Paper" beside its "Full Paper", ACML's "Journal Track" beside its "Conference Track".
 */

function timelineType(key: string, comment: string | null, hasAbstractKey: boolean): DeadlineType {
  if (key !== "deadline") return "abstract";
  if (comment !== null && /\bnotification\b/i.test(comment)) return "notification";
  if (comment !== null && /camera[- ]?ready|\bfinal (version|copy)|\bpaper final version/i.test(comment))
    return "camera_ready";
  if (comment !== null && /\brevis(ed|ions?)\b|\bresubmissions?\b/i.test(comment)) return "other";
  const abstractOnly =
    comment !== null && /\babstracts?\b/i.test(comment) && !/\b(paper|full)\b/i.test(comment);
  const registration = comment !== null && /\bregist(er|ration)/i.test(comment);
  return (abstractOnly || registration) && !hasAbstractKey ? "abstract" : "paper";
}

/** One step of a timeline: its comment, and its abstract and paper keys' dates with the types they read as. */
interface TimelineStep {
  comment: string | null;
  keys: { when: string; type: DeadlineType }[];
  kind: "submission" | "notification" | null;
}

/** The kind of step a side track is decided among: its submission steps, or its decisions. */
function sideCallKind(type: DeadlineType | undefined): "submission" | "notification" | null {
  if (type === "paper" || type === "abstract") return "submission";
  return type === "notification" ? "notification" : null;
}

function editionOf(conf: YamlRecord, series: string, file: string, rejected: Rejection[]): Edition | null {
  const year = integer(conf.year);
  if (year === null) {
    rejected.push({ file, record: `${series} ${text(conf.id) ?? "?"}`, reason: "edition has no valid year" });
    return null;
  }
  const timezone = text(conf.timezone);
  const steps = (Array.isArray(conf.timeline) ? conf.timeline : [])
    .filter(isRecord)
    .map((step): TimelineStep => {
      // "abstract deadline" (with a space) is a typo for the key seen upstream.
      const abstractKey = ["abstract_deadline", "abstract deadline"].find((key) => step[key] !== undefined);
      const comment = text(step.comment);
      const keys = [abstractKey, "deadline"].flatMap((key) => {
        const when = key === undefined ? null : text(step[key]);
        return key === undefined || when === null
          ? []
          : [{ when, type: timelineType(key, comment, abstractKey !== undefined) }];
      });
      return { comment, keys, kind: sideCallKind(keys.at(-1)?.type) };
    });
  // A side track's steps (its abstract too) are other dates, decided among the steps of one kind.
  const side = sideCallItems(
    steps,
    ["submission", "notification"],
    (s) => s.kind,
    (s) => s.comment,
  );
  const deadlines: Deadline[] = [];
  for (const step of steps) {
    for (const key of step.keys) {
      const type = side.has(step) ? "other" : key.type;
      const label = step.comment ? `${type} (${step.comment})` : type;
      addDeadline(
        deadlines,
        rejected,
        { file, record: `${series} ${year}` },
        { type, label, when: key.when, timezone, source: SOURCE },
      );
    }
  }
  const dateText = text(conf.date);
  const place = text(conf.place);
  return trackerEdition(SOURCE, {
    year,
    dateText,
    range: parseDateRange(dateText, year),
    place,
    country: countryFromPlace(place),
    deadlines,
  });
}

function dblpKey(value: unknown): string | null {
  const key = text(value);
  return key && /^[A-Za-z0-9_-]+$/.test(key) && key.toUpperCase() !== "N" ? `conf/${key}` : null;
}

function seriesOf(entry: YamlRecord, sub: string, fileName: string, rejected: Rejection[]): Series {
  const file = `${CONFERENCE_DIR}/${sub}/${fileName}`;
  const title = text(entry.title) as string;
  const confs = Array.isArray(entry.confs) ? entry.confs.filter(isRecord) : [];
  const editionsWithLinks = confs.flatMap((conf) => {
    const edition = editionOf(conf, title, file, rejected);
    return edition ? [{ edition, year: edition.year, link: text(conf.link) }] : [];
  });
  editionsWithLinks.sort((a, b) => a.year - b.year);
  const code = text(entry.sub) ?? sub;
  return {
    sub,
    fileName,
    observation: conferenceObservation({
      source: SOURCE,
      key: `${sub}/${fileName}#${title}`,
      file,
      acronym: namedVenue(title),
      title: text(entry.description),
      dblp: dblpKey(entry.dblp),
      ranks: isRecord(entry.rank) ? trackerRanks(entry.rank, SOURCE) : [],
      fields: fieldsFromCcfCode(code),
      tentativeFields: tentativeFields("ccf", [code]),
      ccfCategories: ccfCategoryOf(code),
      editions: editionsWithLinks.map((e) => e.edition),
      website: newest(editionsWithLinks)?.link ?? null,
    }),
  };
}

/** A rate as a fraction: "0,22" (decimal comma) is read, percentages are scaled, else accepted / submitted. */
function acceptanceRow(row: YamlRecord): AcceptanceRow | null {
  const year = integer(row.year);
  if (year === null) return null;
  let submitted = integer(row.submitted);
  let accepted = integer(row.accepted);
  // More accepted than submitted means the two were swapped (the `str` column shows the right order).
  if (submitted !== null && accepted !== null && accepted > submitted)
    [submitted, accepted] = [accepted, submitted];
  const stated = typeof row.rate === "string" ? Number(row.rate.replace(",", ".")) : row.rate;
  let rate = typeof stated === "number" && Number.isFinite(stated) ? stated : null;
  if (rate !== null && rate > 1 && rate <= 100) rate /= 100;
  if ((rate === null || rate < 0 || rate > 1) && submitted && accepted !== null) rate = accepted / submitted;
  return {
    year,
    submitted,
    accepted,
    rate: rate !== null && rate >= 0 && rate <= 1 ? rate : null,
    track: null,
    // The row's citation URL is often the venue's own site, which free output must never carry.
    source: SOURCE,
  };
}

/** The series indexed by title and by file, each list in reading order (a catalogue holds tens of thousands). */
interface SeriesIndex {
  byTitle: Map<string, Series[]>;
  byFile: Map<string, Series[]>;
}

const fileKey = (sub: string, fileName: string) => `${sub}/${fileName}`;

function indexSeries(all: readonly Series[]): SeriesIndex {
  const byTitle = new Map<string, Series[]>();
  const byFile = new Map<string, Series[]>();
  const add = (index: Map<string, Series[]>, key: string, series: Series) => {
    const list = index.get(key);
    if (list) list.push(series);
    else index.set(key, [series]);
  };
  for (const series of all) {
    if (series.observation.acronym !== null) add(byTitle, series.observation.acronym, series);
    add(byFile, fileKey(series.sub, series.fileName), series);
  }
  return { byTitle, byFile };
}

/**
 * The series an accept-rates entry belongs to: same title in the same subject dir, else the only series with
 * that title, else the series of the same-named conference file when it holds just one ("USENIX ATC" rates
 * live in accept_rates/DS/atc.yml, the series was renamed "SIGOPS ATC" in conference/DS/atc.yml).
 */
function findSeries(index: SeriesIndex, sub: string, fileName: string, title: string): Series | undefined {
  const sameTitle = index.byTitle.get(title) ?? [];
  const sameFile = index.byFile.get(fileKey(sub, fileName)) ?? [];
  return (
    sameTitle.find((s) => s.sub === sub) ??
    (sameTitle.length === 1 ? sameTitle[0] : undefined) ??
    (sameFile.length === 1 ? sameFile[0] : undefined)
  );
}

export const importCcfddl: Importer = async (upstreamDir) => {
  const rejected: Rejection[] = [];
  const all: Series[] = [];
  let read = 0;
  for (const sub of await listDir(upstreamDir, CONFERENCE_DIR, "dirs")) {
    for (const fileName of await listDir(upstreamDir, `${CONFERENCE_DIR}/${sub}`, "yml")) {
      const file = `${CONFERENCE_DIR}/${sub}/${fileName}`;
      const entries = readYamlList(upstreamDir, file);
      entries.forEach((entry, index) => {
        read++;
        if (!isRecord(entry) || !text(entry.title)) {
          rejected.push({ file, record: `entry ${index + 1}`, reason: "series has no title" });
          return;
        }
        all.push(seriesOf(entry, sub, fileName, rejected));
      });
    }
  }
  const seriesIndex = indexSeries(all);
  for (const sub of await listDir(upstreamDir, ACCEPT_RATES_DIR, "dirs")) {
    for (const fileName of await listDir(upstreamDir, `${ACCEPT_RATES_DIR}/${sub}`, "yml")) {
      const file = `${ACCEPT_RATES_DIR}/${sub}/${fileName}`;
      readYamlList(upstreamDir, file).forEach((entry, index) => {
        read++;
        const title = isRecord(entry) ? text(entry.title) : null;
        if (!isRecord(entry) || !title) {
          rejected.push({ file, record: `entry ${index + 1}`, reason: "accept-rates entry has no title" });
          return;
        }
        const series = findSeries(seriesIndex, sub, fileName, title);
        if (!series) {
          rejected.push({ file, record: title, reason: "no conference series with this title" });
          return;
        }
        for (const row of Array.isArray(entry.accept_rates) ? entry.accept_rates : []) {
          const parsed = isRecord(row) ? acceptanceRow(row) : null;
          if (parsed) series.observation.acceptance.push(parsed);
          else rejected.push({ file, record: title, reason: "accept-rates row has no valid year" });
        }
      });
    }
  }
  for (const { observation } of all) observation.acceptance.sort((a, b) => a.year - b.year);
  return { source: SOURCE, read, conferences: all.map((s) => s.observation), journals: [], rejected };
};
