/**
 * The date a record carries from build to build (a venue's `updated_at`, an outlook deadline's `changed_at`):
 * the previous build's date while the record stays as it was, the build date once it changed or first appears,
 * and in a first build (no previous one to compare against) the source's own date.
 */

export interface CarriedDateInput {
  /** The record in the previous build, undefined when it was not there. */
  previous: { date: string | null; unchanged: boolean } | undefined;
  /** Whether there is a previous build at all; without one, the source's date stands. */
  previousBuild: boolean;
  buildDate: string;
  /** The source's own date of the record, null when it gives none. */
  sourceDate: string | null;
  /**
   * A first build's date is at most the build date, and the build date when the source gives none: an
   * outlook deadline's `changed_at` is a feed item's pubDate, always set and never in the future. A venue's
   * `updated_at` is the source's date as given, null when it has none (the published field allows it).
   */
  capAtBuildDate: boolean;
}

export function carriedDate(input: CarriedDateInput & { capAtBuildDate: true }): string;
export function carriedDate(input: CarriedDateInput): string | null;
export function carriedDate(input: CarriedDateInput): string | null {
  const { previous, previousBuild, buildDate, sourceDate, capAtBuildDate } = input;
  if (previous) return previous.unchanged ? previous.date : buildDate;
  if (previousBuild) return buildDate;
  if (!capAtBuildDate) return sourceDate;
  return sourceDate !== null && sourceDate < buildDate ? sourceDate : buildDate;
}
