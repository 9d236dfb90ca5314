/**
 * The one place the site reads the snapshot. Every file is read and validated once per build; the venue's own
 * website (`website`, special-issue `url`) is dropped here, so no page, feed or rendition can ever print it.
 * Figures the API also serves (statistics, ranking lists, related venues) come from the query layer opened on
 * the same snapshot (`queryLayer()`), so a page and `/api` never disagree.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { openFixedSnapshot, type QueryLayer } from "../../read/query/index.ts";
import {
  ConferenceDetailData,
  ConferenceRow,
  JournalDetailData,
  JournalRow,
  Manifest,
  type SpecialIssue,
  SpecialIssueRow,
} from "../../snapshot/records.ts";
import { settings } from "./settings.ts";

export type PublicSpecialIssue = Omit<SpecialIssue, "url">;
export type PublicConferenceDetail = Omit<ConferenceDetailData, "website">;
export type PublicJournalDetail = Omit<JournalDetailData, "website" | "special_issues"> & {
  special_issues: PublicSpecialIssue[];
};

export interface Snapshot {
  manifest: Manifest;
  conferences: ConferenceRow[];
  journals: JournalRow[];
  specialIssues: SpecialIssueRow[];
  conferenceById: ReadonlyMap<string, ConferenceRow>;
  journalById: ReadonlyMap<string, JournalRow>;
  conferenceDetails: ReadonlyMap<string, PublicConferenceDetail>;
  journalDetails: ReadonlyMap<string, PublicJournalDetail>;
}

function readJson(dir: string, name: string): unknown {
  const path = join(dir, name);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(
      `cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? "error"}): build a snapshot first (npm run snapshot) or set SNAPSHOTS_DIR`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}

function parseFile<T extends z.ZodType>(dir: string, name: string, schema: T): z.infer<T> {
  const parsed = schema.safeParse(readJson(dir, name));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
    .join("\n");
  throw new Error(`${join(dir, name)} does not match the snapshot schema:\n${problems}`);
}

const Details = z.object({
  conferences: z.array(ConferenceDetailData),
  journals: z.array(JournalDetailData),
});

function publicConferenceDetail({
  website: _website,
  ...rest
}: ConferenceDetailData): PublicConferenceDetail {
  return rest;
}

function publicJournalDetail({
  website: _website,
  special_issues,
  ...rest
}: JournalDetailData): PublicJournalDetail {
  return { ...rest, special_issues: special_issues.map(({ url: _url, ...issue }) => issue) };
}

const byId = <T extends { id: string }>(records: readonly T[]) =>
  new Map(records.map((record) => [record.id, record] as const));

/** Reads and validates the snapshot in `dir`. */
export function readSnapshot(dir: string): Snapshot {
  const manifest = parseFile(dir, "manifest.json", Manifest);
  const conferences = parseFile(
    dir,
    "conferences.json",
    z.object({ conferences: z.array(ConferenceRow) }),
  ).conferences;
  const journals = parseFile(dir, "journals.json", z.object({ journals: z.array(JournalRow) })).journals;
  const specialIssues = parseFile(
    dir,
    "special-issues.json",
    z.object({ special_issues: z.array(SpecialIssueRow) }),
  ).special_issues;
  const details = parseFile(dir, "details.json", Details);
  return {
    manifest,
    conferences,
    journals,
    specialIssues,
    conferenceById: byId(conferences),
    journalById: byId(journals),
    conferenceDetails: byId(details.conferences.map(publicConferenceDetail)),
    journalDetails: byId(details.journals.map(publicJournalDetail)),
  };
}

let cached: Snapshot | undefined;

/** The snapshot of this build (`$SNAPSHOTS_DIR/latest`), read on first use. */
export function snapshot(): Snapshot {
  cached ??= readSnapshot(settings().snapshotDir);
  return cached;
}

let layer: Promise<QueryLayer> | undefined;

/**
 * The query layer REST and MCP answer from, over this build's snapshot, with "today" the build clock's date.
 * Opened once; the layer's payload cache then answers each list once however many pages ask for it.
 */
export function queryLayer(): Promise<QueryLayer> {
  const { snapshotDir, baseUrl, buildTime } = settings();
  // The build asks thousands of small queries (related venues) while rendering pages on the same two cores:
  // one DuckDB thread per query spends a quarter less CPU on them than a parallel plan would.
  layer ??= openFixedSnapshot(snapshotDir, { publicBaseUrl: baseUrl, clock: () => buildTime, threads: 1 });
  return layer;
}
