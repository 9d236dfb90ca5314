/** A ranking list's title and description in the page's language (the English ones are `RankingListInfo`'s). */
import { type Locale, type MessageKey, t } from "../../render/i18n.ts";
import { type RankingListInfo, TOP } from "./rankings.ts";
import { RANK_TIERS } from "./ranks.ts";

const TEXT: Record<string, [MessageKey, MessageKey]> = {
  "open-calls": ["ranking.open_calls.title", "ranking.open_calls.description"],
  "most-competitive": ["ranking.most_competitive.title", "ranking.most_competitive.description"],
  "cp-index": ["ranking.cp_index.title", "ranking.cp_index.description"],
  "journals-sjr": ["ranking.journals_sjr.title", "ranking.journals_sjr.description"],
  "journals-impact-factor": ["ranking.journals_if.title", "ranking.journals_if.description"],
};

export function rankingText(list: RankingListInfo, locale: Locale): { title: string; description: string } {
  const keys = TEXT[list.slug];
  if (keys) return { title: t(locale, keys[0]), description: t(locale, keys[1], { top: TOP }) };
  const tier = RANK_TIERS.find((r) => r.slug === list.slug);
  if (!tier) return { title: list.title, description: list.description };
  return {
    title: t(locale, "ranking.tier.title", { label: tier.label }),
    description: t(locale, "ranking.tier.description", { tier: tier.tier, system: tier.system }),
  };
}
