/**
 * What entity resolution sees of an observation: its exact keys, acronym variants and title.
 */
import { aliasKeys } from "./aliases.ts";
import { acronymVariants, normalizeCoreRank, normalizeTitle } from "./normalize.ts";
import type { ConferenceObservation, JournalObservation, SourceId } from "./observations.ts";
import type { Resolvable } from "./resolve.ts";

/** Acceptance-only sources attach to venues; they never make one. */
const CANNOT_CREATE = new Set<SourceId>(["lixin", "csconferences"]);

/** CCF and CORE claims on the public scale; QUALIS is left out (lists disagree on its scale). */
function rankClaims(o: ConferenceObservation): string[] {
  return o.ranks
    .map((r) =>
      r.system === "CCF" ? `CCF:${r.rank}` : r.system === "CORE" ? `CORE:${normalizeCoreRank(r.rank)}` : "",
    )
    .filter((c) => c !== "" && !c.endsWith(":"));
}

export function describeConference(o: ConferenceObservation): Resolvable {
  const acronyms = o.acronym ? acronymVariants(o.acronym) : [];
  const exactKeys = [
    ...(o.dblp ? [`dblp:${o.dblp}`] : []),
    ...(o.coreId ? [`core:${o.coreId}`] : []),
    ...(o.referenceId !== null ? [`ref:${o.referenceId}`] : []),
    ...aliasKeys(acronyms, o.title, o.source),
  ];
  return {
    source: o.source,
    key: o.key,
    exactKeys,
    acronyms,
    normTitle: o.title ? normalizeTitle(o.title) : null,
    title: o.title,
    rankClaims: rankClaims(o),
    canCreate: !CANNOT_CREATE.has(o.source),
  };
}

export function describeJournal(o: JournalObservation): Resolvable {
  return {
    source: o.source,
    key: o.key,
    exactKeys: [
      ...o.issns.map((i) => `issn:${i}`),
      ...(o.dblp ? [`dblp:${o.dblp}`] : []),
      ...(o.referenceId !== null ? [`ref:${o.referenceId}`] : []),
    ],
    acronyms: o.acronym ? acronymVariants(o.acronym) : [],
    normTitle: normalizeTitle(o.title),
    title: o.title,
    rankClaims: o.ccfRank ? [`CCF:${o.ccfRank}`] : [],
    canCreate: true,
  };
}
