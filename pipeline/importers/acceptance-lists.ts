/**
 * What the acceptance-count lists (csconferences, lixin) share: rows are gathered per conference acronym with
 * the research fields their areas name, then each acronym becomes one observation of its acceptance rows.
 */
import { type AcceptanceRow, RESEARCH_FIELDS, type ResearchField } from "../../snapshot/records.ts";
import { type ConferenceObservation, conferenceObservation, type SourceId } from "../sources/observations.ts";

/** One acronym's rows so far, in whatever form the list gathers them (`T`). */
export interface ListedVenue<T> {
  fields: Set<ResearchField>;
  gathered: T;
}

/** What is gathered for `acronym` (started with `start` on first sight), after adding one more row's fields. */
export function gatherVenue<T>(
  venues: Map<string, ListedVenue<T>>,
  acronym: string,
  fields: Iterable<ResearchField>,
  start: () => T,
): T {
  const venue = venues.get(acronym) ?? { fields: new Set<ResearchField>(), gathered: start() };
  venues.set(acronym, venue);
  for (const field of fields) venue.fields.add(field);
  return venue.gathered;
}

/** One observation per acronym, in first-seen order, with its fields in the canonical order. */
export function acceptanceObservations<T>(
  source: SourceId,
  file: string,
  venues: Map<string, ListedVenue<T>>,
  acceptance: (gathered: T) => AcceptanceRow[],
): ConferenceObservation[] {
  return [...venues].map(([acronym, venue]) =>
    conferenceObservation({
      source,
      key: acronym,
      file,
      acronym,
      title: null,
      fields: RESEARCH_FIELDS.filter((field) => venue.fields.has(field)),
      acceptance: acceptance(venue.gathered),
    }),
  );
}
