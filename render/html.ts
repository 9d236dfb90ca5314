/** Small text helpers every server-rendered or built page shares: escaping, field names, dates. (Places come in
 * their normal case from the pipeline: pipeline/normalize.) */
import type { ResearchField } from "../snapshot/records.ts";
import { escapeHtml } from "./escape.ts";
import { LANGUAGE_TAG, type Locale, type MessageKey, t } from "./i18n.ts";

export { escapeHtml };

/** Each field's name in the message files (in Chinese, CCF's own category names where a field is one: docs/site.md). */
const FIELD_KEYS: Record<ResearchField, MessageKey> = {
  ai: "field.ai",
  vision: "field.vision",
  nlp: "field.nlp",
  data: "field.data",
  network: "field.network",
  security: "field.security",
  se: "field.se",
  systems: "field.systems",
  theory: "field.theory",
  hci: "field.hci",
  graphics: "field.graphics",
  bio: "field.bio",
  robotics: "field.robotics",
  web: "field.web",
  ml: "field.ml",
  architecture: "field.architecture",
  pl: "field.pl",
  ir: "field.ir",
  multimedia: "field.multimedia",
  is: "field.is",
  education: "field.education",
  ee: "field.ee",
  energy: "field.energy",
  materials: "field.materials",
  civil: "field.civil",
  management: "field.management",
  math: "field.math",
};

/** "se" → "Software engineering" (软件工程): menus and rows name fields, never show their codes. */
export function fieldLabel(code: string, locale: Locale = "en"): string {
  const key = FIELD_KEYS[code as ResearchField];
  return key ? t(locale, key) : code;
}

/** "CCF rank", "CORE rank (conferences)": a search form's rank menu, saying when journals have no such rank. */
export const rankMenuLabel = (rank: { system: string; ranksJournals: boolean }, locale: Locale = "en") =>
  t(locale, rank.ranksJournals ? "rank.menu" : "rank.menu_conferences", { system: rank.system });

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const zhDates = new Intl.DateTimeFormat(LANGUAGE_TAG.zh, { dateStyle: "long", timeZone: "UTC" });

/** "2026-08-03" → "3 Aug 2026", in Chinese (zh-CN through Intl) "2026年8月3日". */
export function formatDate(iso: string | null, locale: Locale = "en"): string {
  if (!iso) return "—";
  const [year, month, day] = iso.split("-").map(Number);
  if (locale === "zh") return zhDates.format(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/**
 * A date in a page: `<time datetime="2026-08-03">3 Aug 2026</time>`, which the stylesheet keeps on one line (a
 * phone never shows "3 Aug" / "2026"); "—" for none.
 */
export function dateHtml(iso: string | null, locale: Locale = "en"): string {
  return iso ? `<time datetime="${escapeHtml(iso)}">${escapeHtml(formatDate(iso, locale))}</time>` : "—";
}

/** A published zone whose time is UTC's ("UTC", "GMT", "UTC+0"): such a time already is the UTC instant, printed once. */
export const isUtcZone = (zone: string | null) => /^(UTC|GMT|Z)([+-]0?0(:?00)?)?$/i.test(zone?.trim() ?? "");

/** "2026-08-04T11:59:59Z" → "2026-08-04 11:59 UTC". */
export function formatUtc(instant: string): string {
  return `${instant.slice(0, 10)} ${instant.slice(11, 16)} UTC`;
}
