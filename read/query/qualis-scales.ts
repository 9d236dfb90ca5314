/**
 * QUALIS has two scales. `qualis_rank` shows the 2017–2020 list (A1–A4, B1–B4, C). The reference service and
 * its clients rate on the older 2013–2016 scale (A1, A2, B1–B5); its tier for a venue is kept in the rank
 * history as the reference snapshot's QUALIS claim (edition "reference-<date>"). A tier of the current scale
 * matches only the rows that show it (a filter that returned rows showing another tier, or none, could not be
 * trusted); a tier only the older scale has (B5) matches the venues the reference rates so, never a silent empty
 * answer.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import { REFERENCE_EDITION_PREFIX } from "../../snapshot/records.ts";
import type { SqlParam } from "./sql-param.ts";
import { varcharList } from "./sql-param.ts";

/** Tiers of the 2013–2016 scale the reference uses that the 2017–2020 scale, the one rows show, lacks. */
const OLDER_SCALE_ONLY = new Set(["B5"]);

/** In-memory table (id, tier): each conference's older-scale QUALIS tier. */
const OLDER_SCALE_TABLE = "qualis_older_scale";

/** Loads the older-scale tiers from the snapshot's rank history (none in a snapshot written before it existed). */
export async function loadOlderScale(connection: DuckDBConnection, dir: string): Promise<void> {
  const file = join(dir, "rank-history.parquet");
  if (!existsSync(file)) {
    await connection.run(`CREATE TABLE ${OLDER_SCALE_TABLE} (id VARCHAR, tier VARCHAR)`);
    return;
  }
  await connection.run(
    `CREATE TABLE ${OLDER_SCALE_TABLE} AS SELECT DISTINCT venue_id AS id, rank AS tier FROM read_parquet(?) ` +
      "WHERE system = 'QUALIS' AND kind = 'conference' AND starts_with(edition, ?)",
    [file, REFERENCE_EDITION_PREFIX],
  );
}

/** The condition (on conferences aliased `c`) and its values for the requested tiers (upper case), any of which matches. */
export function qualisTiersCondition(tiers: readonly string[]): [clause: string, ...values: SqlParam[]] {
  const current: [string, SqlParam] = ["list_contains(?, c.qualis_rank)", varcharList(tiers)];
  const older = tiers.filter((t) => OLDER_SCALE_ONLY.has(t));
  if (older.length === 0) return current;
  return [
    `(${current[0]} OR c.id IN (SELECT id FROM ${OLDER_SCALE_TABLE} WHERE list_contains(?, tier)))`,
    current[1],
    varcharList(older),
  ];
}
