/**
 * The fixture's conferences with the lists' categories a real build gives such venues (the fixture rows carry
 * none), and the UIDs a `/deadlines.ics` must hold for a list of upcoming-deadline rows: what the category
 * filter tests of the pages, feeds and board compare.
 */
import ical from "node-ical";
import type { CcfCategory, ConferenceRow, CoreForCode } from "../../snapshot/records.ts";
import { FIXTURE_CONFERENCES } from "./snapshot-fixture.ts";

/** Conference id → [CCF categories, CORE field-of-research codes]; the rest stay without any. */
const CATEGORIES: Record<string, [CcfCategory[], CoreForCode[]]> = {
  "101": [["AI"], ["4611"]],
  "102": [["AI"], ["4602"]],
  "103": [["AI"], ["4611", "4602"]],
  "104": [["DB"], ["4605"]],
  "106": [["SC"], ["4604"]],
  "107": [["DS"], ["4606"]],
  "109": [["HI"], ["4608"]],
  "110": [["SE"], ["4612"]],
  "111": [["SE"], ["4612"]],
  "112": [["AI"], ["4611"]],
};

export const CATEGORIZED_CONFERENCES: ConferenceRow[] = FIXTURE_CONFERENCES.map((c) => {
  const [ccf_category, core_for] = CATEGORIES[c.id] ?? [[], []];
  return { ...c, ccf_category, core_for };
});

/** The conference ids filed under any of `ccf` (CCF categories) and any of `core` (FoR codes), as the filter reads. */
export function categorizedIds(ccf: readonly string[], core: readonly string[]): string[] {
  return CATEGORIZED_CONFERENCES.filter(
    (c) =>
      (ccf.length === 0 || c.ccf_category.some((code) => ccf.includes(code))) &&
      (core.length === 0 || c.core_for.some((code) => core.includes(code))),
  ).map((c) => c.id);
}

interface RoundRow {
  conference_id: string;
  deadlines: { type: string; cycle_year: number; round: number; status: string }[];
}

/** The calendar UIDs of rows' upcoming submission deadlines (render/deadline-feeds.ts), sorted. */
export const expectedUids = (rows: readonly RoundRow[]) =>
  [
    ...new Set(
      rows.flatMap((row) =>
        row.deadlines
          .filter((d) => d.status === "upcoming")
          .map((d) => `${row.conference_id}-${d.cycle_year}-${d.type}-${d.round}@venue-directory`),
      ),
    ),
  ].sort();

/** The UIDs of an iCalendar's events, sorted (parsed by node-ical, not by pattern). */
export function calendarUids(text: string): string[] {
  return Object.values(ical.sync.parseICS(text))
    .filter((component) => component?.type === "VEVENT")
    .map((event) => String((event as { uid: string }).uid))
    .sort();
}
