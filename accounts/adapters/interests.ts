/**
 * The generated "research interests" line of a public profile: the research fields most common among the venues
 * the researcher tracks or attended, how many of those venues there are and how many are top-tier, and where
 * they went. Written from the snapshot's facts, so it follows the profile and the data without anyone editing it.
 */

import type { VenueFact } from "../../read/query/venue-facts.ts";
import { RESEARCH_FIELD_NAMES as FIELD_NAMES, RESEARCH_FIELDS } from "../../snapshot/records.ts";

/** Fields named in the summary, at most. */
const TOP_FIELDS = 3;
/** Attended venues named, at most. */
const NAMED_VENUES = 5;

export interface ProfileVenues {
  trackedConferences: readonly string[];
  trackedJournals: readonly string[];
  attendedConferences: readonly string[];
}

/** "a", "a and b", "a, b and c". */
function listing(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

const isTopTier = (f: VenueFact) => f.ccf_rank === "A" || f.core_rank === "A*" || f.core_rank === "A";

function fieldOrder(counts: Map<string, number>): string[] {
  const position = (field: string) => RESEARCH_FIELDS.indexOf(field as (typeof RESEARCH_FIELDS)[number]);
  return [...counts].sort(([a, na], [b, nb]) => nb - na || position(a) - position(b)).map(([field]) => field);
}

/** The summary, or null when none of the profile's venues is in the snapshot. */
export function summarizeInterests(profile: ProfileVenues, facts: readonly VenueFact[]): string | null {
  const byKey = new Map(facts.map((f) => [`${f.kind}:${f.id}`, f]));
  const known = (kind: VenueFact["kind"], ids: readonly string[]) =>
    ids.flatMap((id) => byKey.get(`${kind}:${id}`) ?? []);
  const tracked = [
    ...known("conference", profile.trackedConferences),
    ...known("journal", profile.trackedJournals),
  ];
  const attended = known("conference", profile.attendedConferences);
  const venues = [...new Map([...tracked, ...attended].map((f) => [`${f.kind}:${f.id}`, f])).values()];
  if (venues.length === 0) return null;

  const fieldCounts = new Map<string, number>();
  for (const field of venues.flatMap((v) => v.fields))
    fieldCounts.set(field, (fieldCounts.get(field) ?? 0) + 1);
  const fields = fieldOrder(fieldCounts)
    .slice(0, TOP_FIELDS)
    .map((f) => FIELD_NAMES[f as keyof typeof FIELD_NAMES] ?? f);

  const sentences: string[] = [];
  if (fields.length > 0) sentences.push(`Research interests: ${listing(fields)}.`);
  if (tracked.length > 0) {
    const conferences = tracked.filter((v) => v.kind === "conference").length;
    const journals = tracked.length - conferences;
    const parts = [
      ...(conferences > 0 ? [plural(conferences, "conference")] : []),
      ...(journals > 0 ? [plural(journals, "journal")] : []),
    ];
    const top = tracked.filter(isTopTier).length;
    const tier = top > 0 ? `, ${top} of them top-tier (CCF A or CORE A*/A)` : "";
    sentences.push(`Follows ${listing(parts)}${tier}.`);
  }
  if (attended.length > 0) {
    const names = attended.slice(0, NAMED_VENUES).map((v) => v.name);
    const more = attended.length - names.length;
    sentences.push(`Attended ${listing(more > 0 ? [...names, plural(more, "more venue")] : names)}.`);
  }
  return sentences.join(" ");
}
