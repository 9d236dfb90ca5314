/**
 * Which of a journal's source rows speaks for a field when several rows of the cluster state it: two reference
 * rows of one journal (TETC's 324 and 563), two SCImago records of one ISSN (a renamed journal's old and current
 * record), the reference's ISSN against SCImago's.
 */

import { normalizeTitle } from "../normalize/normalize.ts";
import type { JournalObservation } from "../sources/observations.ts";

/**
 * The rows with, within each source, those whose title another source gives too first (a stable sort): of two
 * reference rows "IEEE Transaction on Emerging Topics…" and "IEEE Transactions on Emerging Topics…", the one
 * SCImago agrees with names the journal. The sources' own order is kept.
 */
export function agreedFirst<O extends Pick<JournalObservation, "source" | "title">>(
  members: readonly O[],
): O[] {
  const sourcesOf = new Map<string, Set<string>>();
  for (const o of members) {
    const title = normalizeTitle(o.title);
    sourcesOf.set(title, (sourcesOf.get(title) ?? new Set()).add(o.source));
  }
  const agreement = (o: O) =>
    [...(sourcesOf.get(normalizeTitle(o.title)) ?? [])].filter((s) => s !== o.source).length;
  const bySource = new Map<string, O[]>();
  for (const o of members) bySource.set(o.source, [...(bySource.get(o.source) ?? []), o]);
  for (const rows of bySource.values()) rows.sort((a, b) => agreement(b) - agreement(a));
  const next = new Map([...bySource].map(([source, rows]) => [source, rows.values()]));
  return members.map((o) => next.get(o.source)?.next().value as O);
}

/**
 * SCImago's records of the journal, the current one first: the record reaching the latest year (a renamed
 * journal's old record stops at the rename), then the one with more years, then the lower record key.
 */
export function currentRecordsFirst(scimago: readonly JournalObservation[]): JournalObservation[] {
  const newest = (o: JournalObservation) => Math.max(0, ...o.metrics.map((m) => m.year));
  return [...scimago].sort(
    (a, b) => newest(b) - newest(a) || b.metrics.length - a.metrics.length || a.key.localeCompare(b.key),
  );
}

/** One metrics row per year, the current record's where two records give the same year (gis.Science's 2017). */
export function metricsByYear(scimago: readonly JournalObservation[]): JournalObservation["metrics"] {
  const byYear = new Map<number, JournalObservation["metrics"][number]>();
  for (const o of currentRecordsFirst(scimago))
    for (const m of o.metrics) if (!byYear.has(m.year)) byYear.set(m.year, m);
  return [...byYear.values()].sort((a, b) => a.year - b.year);
}

/**
 * The journal's main ISSN. SCImago lists every ISSN of a record, the reference one per row, sometimes the
 * predecessor's (TNNLS: 1045-9227, IEEE Transactions on Neural Networks'). So when a SCImago record carries the
 * name the journal is shown under, its first ISSN is the main one unless the reference's is among its ISSNs;
 * otherwise (no such record: SCImago's data ends in 2021, before renames such as Discover Computing's) the
 * reference's ISSN, then the first any row gives.
 */
export function mainIssn(
  issns: readonly string[],
  fullName: string,
  scimago: readonly JournalObservation[],
): string | null {
  const shown = normalizeTitle(fullName);
  const record = currentRecordsFirst(scimago).find(
    (o) => o.issns.length > 0 && normalizeTitle(o.title) === shown,
  );
  const first = issns[0] ?? null;
  if (!record || (first !== null && record.issns.includes(first))) return first;
  return record.issns[0] ?? first;
}
