/** Small text helpers every server-rendered or built page shares: escaping, field names, place names. */
import { RESEARCH_FIELD_NAMES, type ResearchField } from "../../snapshot/records.ts";

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "se" → "Software engineering": menus and rows name fields, never show their codes. */
export function fieldLabel(code: string): string {
  const name = RESEARCH_FIELD_NAMES[code as ResearchField] ?? code;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * A place as people write it: sources that shout ("MONTREAL, CANADA") are shown "Montreal, Canada"; a part of
 * three letters or fewer ("USA", "UK", "CA") stays in capitals, and a place in mixed case is kept as published.
 */
export function placeName(place: string): string {
  if (place !== place.toUpperCase() || !/[A-Z]{4}/.test(place)) return place;
  return place
    .split(",")
    .map((part) =>
      part.trim().length <= 3
        ? part
        : part
            .toLowerCase()
            .replace(
              /(^|[\s(/-])(\p{L})/gu,
              (_, before: string, letter: string) => before + letter.toUpperCase(),
            ),
    )
    .join(",");
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-08-03" → "3 Aug 2026". */
export function formatDate(iso: string | null): string {
  if (!iso) return "—";
  const [year, month, day] = iso.split("-").map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/** "2026-08-04T11:59:59Z" → "2026-08-04 11:59 UTC". */
export function formatUtc(instant: string): string {
  return `${instant.slice(0, 10)} ${instant.slice(11, 16)} UTC`;
}
