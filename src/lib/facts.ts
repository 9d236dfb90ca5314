/** Wording of facts that the HTML pages and the Markdown renditions both state. */
import { type Locale, localePath, t } from "../../render/i18n.ts";
import type { CpIndex } from "../../snapshot/records.ts";
import { formatNumber } from "./format.ts";
import { rankFromLabel } from "./ranks.ts";
import type { RankCell } from "./venue-view.ts";

export const SCIMAGO_ATTRIBUTION = "SCImago Journal & Country Rank";

/** "A (CCF2022)", "B (ICORE2026: Australasian B)", or "unranked". */
export const rankText = (cell: RankCell) =>
  cell.rank ? `${cell.rank}${cell.edition ? ` (${rankFromLabel(cell)})` : ""}` : "unranked";

/** "78.2 / 100, confidence 0.70, version cp-1; recognition 100 × 0.35, selectivity 72.7 × 0.25 (unknown: 50)..." */
export function cpIndexSummary(cp: CpIndex): string {
  const factors = cp.breakdown
    .map((f) => `${f.name} ${formatNumber(f.value, 1)} × ${f.weight}${f.known ? "" : " (unknown, neutral)"}`)
    .join(", ");
  return `${formatNumber(cp.score, 1)} / 100, confidence ${cp.confidence.toFixed(2)}, version ${cp.version}; ${factors}`;
}

/** The reuse terms, pointing at the page to link back to, in the language of the rendition. */
export const termsNotice = (pageUrl: string, locale: Locale = "en") =>
  t(locale, "md.terms", { url: pageUrl, download: localePath(locale, "/download") });
