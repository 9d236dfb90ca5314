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
import { COLLISION_MARK, cleanAcronym, cleanTitle, successorNames } from "./names.ts";
import type { Resolvable } from "./resolution.ts";

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
function acronymEvidence(o: ConferenceObservation, title: string | null) {
  const exclusive = CURATED.has(o.source) ? o.source : null;
  // CORE's notes ride in the acronym field ("IJCRS (was RSCTC)"): the acronym is what is left; a former acronym
  // the note gives is one more name of the venue.
  const cleaned = cleanAcronym(o.acronym);
  const acronym = cleaned.text;
  // A several-word title repeated in the acronym field ("Sensor Networks" / "Sensor Networks") is no acronym.
  const titleRepeated =
    acronym !== null &&
    /\s/.test(acronym) &&
    title !== null &&
    normalizeTitle(acronym) === normalizeTitle(title);
  if (!acronym || titleRepeated) return { acronyms: [], bare: null, parts: [], exclusive, strict: false };
  const marks = o.source === "reference" ? (o.acronym?.match(COLLISION_MARK)?.[0].length ?? 0) : 0;
  const former = formerAcronyms(cleaned.aliases);
  const own = acronymVariants(acronym);
  const variants = [...new Set([...own, ...former])];
  const base = variants[0] ?? "";
  // "IJCAI-ECAI", "ESEC/FSE", "EMNLP Industry", "IJCNLP & AACL": each part that is itself an acronym (two capitals
  // or more) may point at the parent series; a title in the acronym field ("Sensor Networks") has no such part.
  const parts = !/[/\\\-–+\s]/.test(acronym)
    ? []
    : acronym
        .split(/[/\\\-–+]|\s+/)
        .filter((p) => /\p{Lu}.*\p{Lu}/u.test(p))
        .map((p) => normalizeAcronym(p))
        .filter((p) => p.length >= 2 && !variants.includes(p));
  return {
    acronyms: variants,
    bare: own[1] ?? null,
    parts: marks > 0 ? [] : [...new Set(parts)],
    exclusive: o.source === "reference" ? `reference:${base}` : exclusive,
    strict: marks > 0,
  };
}

/** The acronyms of the venues a row's notes say it goes on as. */
function successors(o: ConferenceObservation): string[] {
  return successorNames(`${o.acronym ?? ""} ${o.title ?? ""}`).map(normalizeAcronym);
}

/** The acronyms among a note's former names ("RSCTC" of "was RSCTC"), normalised. */
const formerAcronyms = (names: string[]) =>
  names.filter((a) => !/\s/.test(a)).flatMap((a) => acronymVariants(a));

/** The row's dblp keys as exact keys: its own, and the further ones a list row gives (a second dblp path). */
const dblpKeys = (o: { dblp: string | null; otherDblp?: string[] }) =>
  [o.dblp, ...(o.otherDblp ?? [])].flatMap((k) => (k ? [`dblp:${k}`] : []));

/** CCF and CORE claims on the public scale; QUALIS is left out (lists disagree on its scale). */
function rankClaims(o: ConferenceObservation): string[] {
  return o.ranks
    .map((r) =>
      r.system === "CCF" ? `CCF:${r.rank}` : r.system === "CORE" ? `CORE:${normalizeCoreRank(r.rank)}` : "",
    )
    .filter((c) => c !== "" && !c.endsWith(":"));
}

export function describeConference(o: ConferenceObservation): Resolvable {
  // Titles are compared without CORE's notes ("… (Joined with PKDD from 2008)"): a note names another venue or an
  // old name, not this one's title.
  const cleaned = cleanTitle(o.title);
  const title = cleaned.text;
  const { acronyms, bare, parts, exclusive, strict } = acronymEvidence(o, title);
  const exactKeys = [
    ...dblpKeys(o),
    ...(o.coreId ? [`core:${o.coreId}`] : []),
    ...(o.referenceId !== null ? [`ref:${o.referenceId}`] : []),
    ...aliasKeys(acronyms, o.title, o.source),
  ];
  return {
    source: o.source,
    key: o.key,
    exactKeys,
    acronyms,
    bareAcronym: bare,
    acronymParts: parts,
    successors: successors(o),
    normTitle: title ? normalizeTitle(title) : null,
    // A title note's former names ("(previously IEEE International Conference on Services Computing SCC)"): a
    // title and acronym another list may still use for this venue.
    former: {
      titles: cleaned.aliases.filter((a) => /\s/.test(a)).map(normalizeTitle),
      acronyms: formerAcronyms(cleaned.aliases),
    },
    title,
    rankClaims: rankClaims(o),
    canCreate: !CANNOT_CREATE.has(o.source),
    exclusive,
    strictAcronym: strict,
    tracker: TRACKERS.has(o.source),
    held: heldAt(o),
  };
}

/** Where and in which month the reference's row says its venue meets (its current edition), when it says. */
function heldAt(o: ConferenceObservation): Resolvable["held"] {
  const month = o.reference?.conference_date?.match(/^\d{4}-(\d{2})/)?.[1] ?? null;
  const place = o.reference?.location ?? null;
  return month || place ? { place, month } : null;
}

/** A journal observation that lost ISSNs to another journal in resolution: what it lost, and why. */
export type JournalClaims = JournalObservation & { lostIssns?: { issn: string; why: string }[] };

/** Qualifiers lists add to a journal's title ("…: An International Journal", "… Journal"): not part of the name. */
const GENERIC_QUALIFIER = / (?:an )?(?:international )?journal$/;

/**
 * The title without a generic qualifier or a subtitle, when two words or more are left ("The Computer Journal"
 * keeps its): "MIS Quarterly: Management Information Systems" → "mis quarterly".
 */
function titleKey(title: string, normTitle: string): string {
  const colon = title.indexOf(": ");
  const key = (colon > 0 ? normalizeTitle(title.slice(0, colon)) : normTitle).replace(GENERIC_QUALIFIER, "");
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
      ...dblpKeys(o),
      ...(o.referenceId !== null ? [`ref:${o.referenceId}`] : []),
      ...aliasKeys(variants, o.title, o.source),
    ],
    acronyms,
    normTitle,
    title: o.title,
    titleKey: titleKey(o.title, normTitle),
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
        otherDblp: o.otherDblp?.filter((k) => !keys.includes(`dblp:${k}`)),
        lostIssns: [...((o as JournalClaims).lostIssns ?? []), ...lost.map((issn) => ({ issn, why }))],
      };
    },
  };
}
