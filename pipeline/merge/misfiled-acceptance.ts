/**
 * Acceptance figures filed on the wrong venue of a shared acronym. ccfddl files FSE 2021's 97/407 under security
 * (accept_rates/SC/fse.yml, Fast Software Encryption), but the figure is the software-engineering FSE's: the
 * acceptance list it was copied from (csconferences, `SE,FSE,2021,1,97,407`) says so by its Area column. The
 * acceptance lists (csconferences, lixin) name each row's research area, so where venues of one acronym show the
 * same year, submitted and accepted counts, the venue of the list's area keeps the figure and the others lose it.
 */
import type { AcceptanceRow, ResearchField } from "../../snapshot/records.ts";
import { foldAcronym } from "../resolve/names.ts";
import type { ConferenceObservation, SourceId } from "../sources/observations.ts";

/** Lists whose every row states its research area (csconferences' Area, lixin's section): the witnesses. */
const AREA_LISTS: ReadonlySet<SourceId> = new Set(["csconferences", "lixin"]);

/** Why a row of a venue was left out of its acceptance history. */
export interface Misfiled {
  /** The venue the figure belongs to, as its acronym and title read. */
  owner: string;
  why: string;
}

interface Occurrence {
  venue: number;
  member: ConferenceObservation;
  row: AcceptanceRow;
}

/** The figure as a key: counts of one year of one acronym (main track; both counts known). */
function figureKey(member: ConferenceObservation, row: AcceptanceRow): string | null {
  const acronym = foldAcronym(member.acronym);
  if (!acronym || row.track !== null || row.submitted === null || row.accepted === null) return null;
  return `${acronym}|${row.year}|${row.submitted}|${row.accepted}`;
}

/**
 * A venue's fields as its members file it, broad codes' tentative fields included (a CCF "SE" row is tentatively
 * se, pl and systems), leaving one member out (the witness does not vouch for itself).
 */
function venueFields(members: readonly ConferenceObservation[], without?: ConferenceObservation) {
  return new Set<ResearchField>(
    members.flatMap((m) => (m === without ? [] : [...m.fields, ...m.tentativeFields])),
  );
}

const label = (members: readonly ConferenceObservation[]) => {
  const named = members.find((m) => m.acronym && m.title) ?? members[0];
  return [named?.acronym, named?.title].filter(Boolean).join(", ");
};

/**
 * Every acceptance row (by identity) that an area list shows belongs to another venue of the same acronym: the
 * list gives the same year and counts for a venue of its area, and this venue is filed under none of that area's
 * fields. `venues` are the resolved clusters' members.
 */
export function misfiledAcceptance(
  venues: readonly (readonly ConferenceObservation[])[],
): Map<AcceptanceRow, Misfiled> {
  const byFigure = new Map<string, Occurrence[]>();
  venues.forEach((members, venue) => {
    for (const member of members) {
      for (const row of member.acceptance) {
        const key = figureKey(member, row);
        if (key === null) continue;
        const list = byFigure.get(key);
        if (list) list.push({ venue, member, row });
        else byFigure.set(key, [{ venue, member, row }]);
      }
    }
  });
  const out = new Map<AcceptanceRow, Misfiled>();
  for (const occurrences of byFigure.values()) {
    if (new Set(occurrences.map((o) => o.venue)).size < 2) continue;
    for (const witness of occurrences.filter((o) => AREA_LISTS.has(o.member.source))) {
      const ownerMembers = venues[witness.venue] ?? [];
      const ownerFields = venueFields(ownerMembers, witness.member);
      const area = witness.member.fields;
      if (area.length === 0 || !area.some((f) => ownerFields.has(f))) continue;
      for (const other of occurrences) {
        if (other.venue === witness.venue || out.has(other.row)) continue;
        const fields = venueFields(venues[other.venue] ?? []);
        if (area.some((f) => fields.has(f))) continue;
        out.set(other.row, {
          owner: label(ownerMembers),
          why: `${witness.member.source} gives ${other.row.year} ${other.row.accepted}/${other.row.submitted} for ${label(ownerMembers)} (${area.join(", ")}), a field this venue is not filed under`,
        });
      }
    }
  }
  return out;
}
