/**
 * The one rank line: "CCF A · CORE A* · QUALIS A1", or "unranked". Detail pages, deadline lists, the watchlist,
 * search rows, rank pages, feeds and digest mails all print a venue's ranks through it, with the same words.
 */
import { escapeHtml } from "./html.ts";
import { type Locale, t } from "./i18n.ts";

export interface Ranked {
  ccf_rank: string;
  core_rank: string;
  qualis_rank: string;
}

/** Each "CCF A" of the venue, in the line's order; none for a venue no list ranks. */
const rankParts = (venue: Ranked): string[] =>
  [
    ["CCF", venue.ccf_rank],
    ["CORE", venue.core_rank],
    ["QUALIS", venue.qualis_rank],
  ]
    .filter(([, rank]) => rank)
    .map(([system, rank]) => `${system} ${rank}`);

/** Plain text, or null for an unranked venue (each surface says that its own way: a word, or nothing). */
export function rankTextOrNull(venue: Ranked): string | null {
  const parts = rankParts(venue);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** Plain text, for Markdown: "unranked" for a venue no list ranks. */
export const rankText = (venue: Ranked): string => rankTextOrNull(venue) ?? "unranked";

/**
 * The line as HTML: each "CCF A" one unbreakable `.rank`, so a narrow cell wraps only between ranks (never
 * "CCF A · CORE" / "A*").
 */
export function rankLineHtml(venue: Ranked, locale: Locale = "en"): string {
  const parts = rankParts(venue);
  return parts.length === 0
    ? `<span class="rank-line muted">${escapeHtml(t(locale, "rank.unranked"))}</span>`
    : `<span class="rank-line">${parts.map((rank) => `<span class="rank">${escapeHtml(rank)}</span>`).join(" · ")}</span>`;
}
