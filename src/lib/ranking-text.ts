/** A ranking list's title and description in the page's language (the English ones are `RankingListInfo`'s). */
import { type Locale, type MessageKey, t } from "../../render/i18n.ts";
import { type CoreSources, type RankingList, type RankingListInfo, TOP } from "./rankings.ts";
import { RANK_TIERS } from "./ranks.ts";

const TEXT: Record<string, [MessageKey, MessageKey]> = {
  "open-calls": ["ranking.open_calls.title", "ranking.open_calls.description"],
  "most-competitive": ["ranking.most_competitive.title", "ranking.most_competitive.description"],
  "cp-index": ["ranking.cp_index.title", "ranking.cp_index.description"],
  "journals-sjr": ["ranking.journals_sjr.title", "ranking.journals_sjr.description"],
  "journals-impact-factor": ["ranking.journals_if.title", "ranking.journals_if.description"],
};

export function rankingText(
  list: RankingListInfo | RankingList,
  locale: Locale,
): { title: string; description: string } {
  const keys = TEXT[list.slug];
  if (keys) return { title: t(locale, keys[0]), description: t(locale, keys[1], { top: TOP }) };
  const tier = RANK_TIERS.find((r) => r.slug === list.slug);
  if (!tier) return { title: list.title, description: list.description };
  const description = t(locale, "ranking.tier.description", { tier: tier.tier, system: tier.system });
  const sources = "coreSources" in list ? list.coreSources : undefined;
  return {
    title: t(locale, "ranking.tier.title", { label: tier.label }),
    description: sources ? `${description} ${coreNote(sources, tier.tier, locale)}` : description,
  };
}

/**
 * What a CORE tier's list holds: the current CORE rank is ICORE2026's, else CORE2023's (IPSN's A* is CORE2023's
 * alone), and a regional "Australasian" tier counts as its tier.
 */
function coreNote(sources: CoreSources, tier: string, locale: Locale): string {
  const note = t(locale, "ranking.core_tier.sources", { icore: sources.icore, core2023: sources.core2023 });
  return sources.australasian === 0
    ? note
    : `${note} ${t(locale, "ranking.core_tier.regional", { count: sources.australasian, tier })}`;
}
