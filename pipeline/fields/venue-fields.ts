/**
 * A venue's research fields from what its sources claim (docs/research-fields.md):
 * every field a precise source code gives; a broad code's tentative field only when a precise code or the
 * title's words give it too; the title's words alone only when no source gives a field (an inference, marked).
 */
import { RESEARCH_FIELDS, type ResearchField } from "../../functions/schema/records.ts";
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

export function venueFields(claims: readonly FieldClaims[], title: string): VenueFields {
  const precise = new Set(claims.flatMap((c) => c.fields));
  const fromTitle = new Set(fieldsFromTitle(title));
  const found = new Set(precise);
  for (const field of claims.flatMap((c) => c.tentativeFields))
    if (precise.has(field) || fromTitle.has(field)) found.add(field);
  const inferred = found.size === 0 && fromTitle.size > 0;
  const chosen = inferred ? fromTitle : found;
  return { fields: RESEARCH_FIELDS.filter((f) => chosen.has(f)), inferred };
}

/** The provenance entry of fields inferred from the title: no source claims them (detail `sources`). */
export const INFERRED_FIELDS_SOURCE = "title_keywords";

export function inferredFieldsSource({ fields, inferred }: VenueFields): { source: string; key: string }[] {
  return inferred
    ? [{ source: INFERRED_FIELDS_SOURCE, key: `fields inferred from the title: ${fields.join(", ")}` }]
    : [];
}
