/**
 * The one rank line: "CCF A · CORE A* · QUALIS A1", or "unranked". Detail pages, deadline lists, the watchlist,
 * search rows and rank pages all print a venue's ranks through it, with the same words.
 */
import { escapeHtml } from "./html.ts";
import { type Locale, t } from "./i18n.ts";

export interface Ranked {
  ccf_rank: string;
  core_rank: string;
  qualis_rank: string;
}

/** Plain text, for feed titles and Markdown. */
export function rankText(venue: Ranked): string {
  const parts = [
    ["CCF", venue.ccf_rank],
    ["CORE", venue.core_rank],
    ["QUALIS", venue.qualis_rank],
  ]
    .filter(([, rank]) => rank)
    .map(([system, rank]) => `${system} ${rank}`);
  return parts.length > 0 ? parts.join(" · ") : "unranked";
}

/**
 * The line as HTML: each "CCF A" one unbreakable `.rank`, so a narrow cell wraps only between ranks (never
 * "CCF A · CORE" / "A*").
 */
export function rankLineHtml(venue: Ranked, locale: Locale = "en"): string {
  const text = rankText(venue);
  return text === "unranked"
    ? `<span class="rank-line muted">${escapeHtml(t(locale, "rank.unranked"))}</span>`
    : `<span class="rank-line">${text
        .split(" · ")
        .map((rank) => `<span class="rank">${escapeHtml(rank)}</span>`)
        .join(" · ")}</span>`;
}
