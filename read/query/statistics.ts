/**
 * The statistics payload: totals and distributions, each an array of {key, count} (shapes in docs/api.md). The
 * figures the interface spec leaves unnamed carry the reference service's names (its contract 2.2.0).
 */

import { CCF_TIERS, CORE_TIERS, QUALIS_TIERS, RESEARCH_FIELDS } from "../../snapshot/records.ts";
import { sourceAges } from "../../snapshot/source-age.ts";
import type { KeyCount, Statistics } from "../schema/api.ts";
import type { QueryContext } from "./context.ts";

const TOP_PUBLISHERS = 20;

/** Impact-factor buckets, lower bound inclusive; the last is open-ended. */
const IF_BUCKETS: readonly [string, number][] = [
  ["0-1", 0],
  ["1-2", 1],
  ["2-3", 2],
  ["3-5", 3],
  ["5-10", 5],
  ["10-20", 10],
  ["20+", 20],
];

/** Puts counts in a fixed key order, with zeros for keys that had none. */
function inOrder(rows: KeyCount[], keys: readonly string[]): KeyCount[] {
  const byKey = new Map(rows.map((r) => [r.key, r.count]));
  return keys.map((key) => ({ key, count: byKey.get(key) ?? 0 }));
}

/** The first `top` rows, then the rest summed as "other" (when there is a rest). */
export function topWithOther(rows: readonly KeyCount[], top: number): KeyCount[] {
  const other = rows.slice(top).reduce((sum, row) => sum + row.count, 0);
  return [...rows.slice(0, top), ...(other > 0 ? [{ key: "other", count: other }] : [])];
}

function ifBucket(value: number | null): string {
  if (value === null) return "none";
  let bucket = IF_BUCKETS[0]?.[0] ?? "none";
  for (const [key, lowerBound] of IF_BUCKETS) if (value >= lowerBound) bucket = key;
  return bucket;
}

export async function statistics(ctx: QueryContext): Promise<Statistics> {
  const { db, today } = ctx;
  const keyCounts = (sql: string, params: string[] = []) => db.all<KeyCount>(sql, params);

  const [totals] = await db.all<{ conferences: number; journals: number; open_calls: number }>(
    "SELECT (SELECT count(*) FROM conferences)::INTEGER AS conferences, " +
      "(SELECT count(*) FROM journals)::INTEGER AS journals, " +
      "(SELECT count(*) FROM conferences WHERE submission_date >= ?)::INTEGER AS open_calls",
    [today],
  );
  const byMonth = await keyCounts(
    "SELECT substr(submission_date, 1, 7) AS key, count(*)::INTEGER AS count FROM conferences " +
      "WHERE submission_date IS NOT NULL GROUP BY key ORDER BY key",
  );
  const byCountry = await keyCounts(
    "SELECT country AS key, count(*)::INTEGER AS count FROM conferences " +
      "WHERE country IS NOT NULL AND country <> '' GROUP BY key ORDER BY count DESC, key",
  );
  const impactFactors = await db.all<{ if_num: number | null }>("SELECT if_num FROM journals");
  const publishers = await keyCounts(
    "SELECT publisher AS key, count(*)::INTEGER AS count FROM journals " +
      "WHERE publisher IS NOT NULL AND publisher <> '' GROUP BY key ORDER BY count DESC, key",
  );
  const tierCounts = (table: string, column: string, where = "", params: string[] = []) =>
    keyCounts(
      `SELECT CASE WHEN ${column} = '' THEN 'unranked' ELSE ${column} END AS key, count(*)::INTEGER AS count ` +
        `FROM ${table} ${where} GROUP BY key`,
      params,
    );
  const openBy = (column: string) => tierCounts("conferences", column, "WHERE submission_date >= ?", [today]);
  const fieldCounts = (table: string) =>
    keyCounts(
      `SELECT key, count(*)::INTEGER AS count FROM (SELECT unnest(fields) AS key FROM ${table}) GROUP BY key`,
    );

  const ifCounts = new Map<string, number>();
  for (const { if_num } of impactFactors) {
    const key = ifBucket(if_num);
    ifCounts.set(key, (ifCounts.get(key) ?? 0) + 1);
  }

  return {
    snapshot_date: db.manifest.date,
    conferences_total: totals?.conferences ?? 0,
    journals_total: totals?.journals ?? 0,
    conferences_with_open_cfp: totals?.open_calls ?? 0,
    conference_deadline_by_month: byMonth,
    conference_country_distribution: byCountry,
    journal_impact_factor_distribution: [...IF_BUCKETS.map(([key]) => key), "none"].map((key) => ({
      key,
      count: ifCounts.get(key) ?? 0,
    })),
    journal_publisher_distribution: topWithOther(publishers, TOP_PUBLISHERS),
    conference_open_cfp_by_ccf_rank: inOrder(await openBy("ccf_rank"), [...CCF_TIERS, "unranked"]),
    conference_open_cfp_by_core_rank: inOrder(await openBy("core_rank"), [...CORE_TIERS, "unranked"]),
    conference_open_cfp_by_qualis_rank: inOrder(await openBy("qualis_rank"), [...QUALIS_TIERS, "unranked"]),
    conference_field_distribution: inOrder(await fieldCounts("conferences"), RESEARCH_FIELDS),
    journal_field_distribution: inOrder(await fieldCounts("journals"), RESEARCH_FIELDS),
    journal_ccf_rank_distribution: inOrder(await tierCounts("journals", "ccf_rank"), [
      ...CCF_TIERS,
      "unranked",
    ]),
    data_sources: sourceAges(db.manifest.sources, today),
  };
}
