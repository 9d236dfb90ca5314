/** The static paths of the per-venue pages (HTML and Markdown): every conference or journal, in each language. */
import { localePaths } from "./locale.ts";
import type { VenueKind } from "./paths.ts";
import { snapshot } from "./snapshot.ts";

export function venueStaticPaths(kind: VenueKind) {
  const rows = kind === "conference" ? snapshot().conferences : snapshot().journals;
  return localePaths().flatMap(({ params, props }) =>
    rows.map((row) => ({ params: { ...params, id: row.id }, props })),
  );
}
