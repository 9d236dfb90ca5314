/**
 * A venue's research fields from what its sources claim (docs/research-fields.md): every field a precise source
 * code gives; a tentative field (a broad code's, a SCImago category's, a tracker tag's) only when a precise code
 * or the title's words give it too. A venue left with none takes its title's fields (an inference, marked). A
 * venue left with none even so keeps its tentative fields when they are one or two (SCImago is most journals'
 * only source, CORE many conferences', and a venue filed under few fields is specific); three or more say too
 * little (CCF's SE area, with se, pl and systems, holds OSDI).
 */
import { RESEARCH_FIELDS, type ResearchField } from "../../snapshot/records.ts";
import { fieldsFromTitle } from "./keywords.ts";

export interface FieldClaims {
  fields: readonly ResearchField[];
  tentativeFields: readonly ResearchField[];
}

export interface VenueFields {
  fields: ResearchField[];
  /** True when the fields come from the title's words alone. */
  inferred: boolean;
}

/** A venue filed under more fields than this is spread too thin for any of them to be taken alone. */
const SPECIFIC = 2;

export function venueFields(claims: readonly FieldClaims[], title: string): VenueFields {
  const precise = new Set(claims.flatMap((c) => c.fields));
  const tentative = new Set(claims.flatMap((c) => c.tentativeFields));
  const fromTitle = new Set(fieldsFromTitle(title));
  const found = new Set(precise);
  for (const field of tentative) if (precise.has(field) || fromTitle.has(field)) found.add(field);
  const inferred = found.size === 0 && fromTitle.size > 0;
  const fallback = !inferred && tentative.size <= SPECIFIC ? tentative : fromTitle;
  const chosen = found.size > 0 ? found : fallback;
  return { fields: RESEARCH_FIELDS.filter((f) => chosen.has(f)), inferred };
}

/** The provenance entry of fields inferred from the title: no source claims them (detail `sources`). */
export const INFERRED_FIELDS_SOURCE = "title_keywords";

export function inferredFieldsSource({ fields, inferred }: VenueFields): { source: string; key: string }[] {
  return inferred
    ? [{ source: INFERRED_FIELDS_SOURCE, key: `fields inferred from the title: ${fields.join(", ")}` }]
    : [];
}
