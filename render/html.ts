/** Small text helpers every server-rendered or built page shares: escaping, field names, dates. (Places come in
 * their normal case from the pipeline: pipeline/normalize.) */
import { RESEARCH_FIELD_NAMES, type ResearchField } from "../snapshot/records.ts";

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "se" → "Software engineering": menus and rows name fields, never show their codes. */
export function fieldLabel(code: string): string {
  const name = RESEARCH_FIELD_NAMES[code as ResearchField] ?? code;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** "CCF rank", "CORE rank (conferences)": a search form's rank menu, saying when journals have no such rank. */
export const rankMenuLabel = (rank: { system: string; ranksJournals: boolean }) =>
  `${rank.system} rank${rank.ranksJournals ? "" : " (conferences)"}`;

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
