/**
 * Attribution: which upstream sources contributed to a venue (the manifest entries named in its details'
 * `sources`), and the reference service's page that its terms require us to link.
 */
import type { ConferenceDetailData, Manifest } from "../../snapshot/records.ts";
import { REFERENCE_ATTRIBUTION, referenceUrl, type VenueKind } from "./paths.ts";

export type SourceInfo = Manifest["sources"][number];
type SourceRef = ConferenceDetailData["sources"][number];

export interface Credits {
  sources: SourceInfo[];
  /** The reference service's page of the venue, when it has one there. */
  reference: { url: string; attribution: string } | null;
}

export function venueCredits(
  manifest: Manifest,
  refs: readonly SourceRef[],
  kind: VenueKind,
  referenceId: number | null,
): Credits {
  const used = new Set(refs.map((ref) => ref.source));
  return {
    sources: manifest.sources.filter((source) => used.has(source.id)),
    reference:
      referenceId === null
        ? null
        : { url: referenceUrl(kind, referenceId), attribution: REFERENCE_ATTRIBUTION },
  };
}

/**
 * The source to credit for an acceptance-rate row. Rows imported from ccfddl carry that project's own citation
 * in `source` (often the conference's website), which must not be printed: those are credited to ccfddl.
 */
export function acceptanceSourceName(manifest: Manifest, source: string): string {
  const byId = (id: string) => manifest.sources.find((s) => s.id === id);
  return (byId(source) ?? byId("ccfddl"))?.name ?? "ccfddl/ccf-deadlines";
}
