/**
 * What entity resolution sees of an observation: its exact keys, acronym variants and title.
 */

import {
  acronymVariants,
  normalizeAcronym,
  normalizeCoreRank,
  normalizeTitle,
} from "../normalize/normalize.ts";
import type { ConferenceObservation, JournalObservation, SourceId } from "../sources/observations.ts";
import { aliasKeys } from "./aliases.ts";
import { COLLISION_MARK } from "./names.ts";
import type { Resolvable } from "./resolve.ts";

/** Acceptance-only sources and the archived paperswithcode list attach to venues; they never make one. */
const CANNOT_CREATE = new Set<SourceId>(["lixin", "csconferences", "pwc", "openaccept"]);

/** Deadline trackers and acceptance lists: a row names a series by its acronym; the title is secondary. */
const TRACKERS = new Set<SourceId>(["ccfddl", "hf", "pwc", "lixin", "csconferences", "openaccept"]);

/** Curated lists: two distinct rows of one are two venues (cannot-link), duplicate rows aside. */
const CURATED = new Set<SourceId>(["ccf", "ccf2026", "icore", "core", "core_portal", "qualis"]);

/**
 * What resolution compares an acronym on. A marked reference acronym names another venue than the unmarked
 * one: it matches another list's acronym only with a near-identical title (`strict`), and rows sharing a base
 * acronym in that service are distinct (cannot-link).
 */
function acronymEvidence(o: ConferenceObservation) {
  const exclusive = CURATED.has(o.source) ? o.source : null;
  // A several-word title repeated in the acronym field ("Sensor Networks" / "Sensor Networks") is no acronym.
  const titleRepeated =
    o.acronym !== null &&
    /\s/.test(o.acronym.trim()) &&
    o.title !== null &&
    normalizeTitle(o.acronym) === normalizeTitle(o.title);
  if (!o.acronym || titleRepeated) return { acronyms: [], parts: [], exclusive, strict: false };
  const marks = o.source === "reference" ? (o.acronym.match(COLLISION_MARK)?.[0].length ?? 0) : 0;
  const variants = acronymVariants(o.acronym);
  const base = variants[0] ?? "";
  // "IJCAI-ECAI", "ESEC/FSE", "EMNLP Industry": each part that is itself an acronym (two capitals or more) may
  // point at the parent series; a title in the acronym field ("Sensor Networks") has no such part.
  const parts = !/[/\\\-–+\s]/.test(o.acronym)
    ? []
    : o.acronym
        .split(/[/\\\-–+]|\s+/)
        .filter((p) => /\p{Lu}.*\p{Lu}/u.test(p))
        .map((p) => normalizeAcronym(p))
        .filter((p) => p.length >= 2 && !variants.includes(p));
  return {
    acronyms: variants,
    parts: marks > 0 ? [] : [...new Set(parts)],
    exclusive: o.source === "reference" ? `reference:${base}` : exclusive,
    strict: marks > 0,
  };
}

/** CCF and CORE claims on the public scale; QUALIS is left out (lists disagree on its scale). */
function rankClaims(o: ConferenceObservation): string[] {
  return o.ranks
    .map((r) =>
      r.system === "CCF" ? `CCF:${r.rank}` : r.system === "CORE" ? `CORE:${normalizeCoreRank(r.rank)}` : "",
    )
    .filter((c) => c !== "" && !c.endsWith(":"));
}

export function describeConference(o: ConferenceObservation): Resolvable {
  const { acronyms, parts, exclusive, strict } = acronymEvidence(o);
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
    acronymParts: parts,
    normTitle: o.title ? normalizeTitle(o.title) : null,
    title: o.title,
    rankClaims: rankClaims(o),
    canCreate: !CANNOT_CREATE.has(o.source),
    exclusive,
    strictAcronym: strict,
    tracker: TRACKERS.has(o.source),
  };
}

/** A journal observation that lost ISSNs to another journal in resolution: what it lost, and why. */
export type JournalClaims = JournalObservation & { lostIssns?: { issn: string; why: string }[] };

/** Qualifiers lists add to a journal's title ("…: An International Journal", "… Journal"): not part of the name. */
const GENERIC_QUALIFIER = / (?:an )?(?:international )?journal$/;

/** The title without a generic qualifier, when two words or more are left ("The Computer Journal" keeps its). */
function titleKey(normTitle: string): string {
  const key = normTitle.replace(GENERIC_QUALIFIER, "");
  return key.includes(" ") ? key : normTitle;
}

export function describeJournal(o: JournalObservation): Resolvable<JournalObservation> {
  const normTitle = normalizeTitle(o.title);
  // A journal whose acronym is its title ("Bioinformatics") is named by its title: no acronym to match on.
  const compact = normTitle.replace(/ /g, "");
  const variants = o.acronym ? acronymVariants(o.acronym) : [];
  const acronyms = variants.filter((a) => a.toLowerCase() !== compact);
  return {
    source: o.source,
    key: o.key,
    exactKeys: [
      ...o.issns.map((i) => `issn:${i}`),
      ...(o.dblp ? [`dblp:${o.dblp}`] : []),
      ...(o.referenceId !== null ? [`ref:${o.referenceId}`] : []),
      ...aliasKeys(variants, o.title, o.source),
    ],
    acronyms,
    normTitle,
    title: o.title,
    titleKey: titleKey(normTitle),
    rankClaims: o.ccfRank ? [`CCF:${o.ccfRank}`] : [],
    canCreate: true,
    // Two rows of one journal list are two journals, unless one duplicates the other.
    exclusive: o.source,
    // An ISSN two journals claim stays with the one whose title the ISSN's other holders (SCImago) bear.
    withoutKeys: (keys, why): JournalClaims => {
      const lost = o.issns.filter((i) => keys.includes(`issn:${i}`));
      return {
        ...o,
        issns: o.issns.filter((i) => !lost.includes(i)),
        dblp: o.dblp && keys.includes(`dblp:${o.dblp}`) ? null : o.dblp,
        lostIssns: [...((o as JournalClaims).lostIssns ?? []), ...lost.map((issn) => ({ issn, why }))],
      };
    },
  };
}
