/** The relevance set and its scoring (precision@1 and MRR over the first 10 results), for the test and the bench. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { searchConferences } from "../../../read/query/conferences.ts";
import { contextTimes } from "../../../read/query/context.ts";
import type { SnapshotDatabase } from "../../../read/query/database.ts";
import { searchJournals } from "../../../read/query/journals.ts";

const RelevanceCase = z.object({
  query: z.string().min(1),
  kind: z.enum(["conference", "journal"]),
  /** The meant venue's exact short name. */
  expect: z.string().min(1),
});
export type RelevanceCase = z.infer<typeof RelevanceCase>;

export async function loadRelevanceSet(): Promise<RelevanceCase[]> {
  const text = await readFile(join(import.meta.dirname, "queries.yaml"), "utf8");
  return z.array(RelevanceCase).parse(parse(text));
}

export interface RelevanceScore {
  precisionAt1: number;
  mrr: number;
  /** The queries whose meant venue is not first, with what came first. */
  misses: string[];
}

/** Short names of the first 10 results of a search, best first. */
export type SearchFirstTen = (c: RelevanceCase) => Promise<(string | null)[]>;

/** Through the query layer that REST, MCP and the site share. */
export function searchSnapshot(db: SnapshotDatabase): SearchFirstTen {
  const ctx = {
    db,
    ...contextTimes(new Date()),
    baseUrl: "https://venues.test",
    activity: undefined as never,
  };
  return async (c) => {
    const params = { query: c.query, page: 1, per_page: 10 };
    return c.kind === "conference"
      ? (await searchConferences(ctx, params as never)).conferences.map((v) => v.short_name)
      : (await searchJournals(ctx, params as never)).journals.map((v) => v.short_name);
  };
}

export async function scoreRelevance(
  search: SearchFirstTen,
  cases: RelevanceCase[],
): Promise<RelevanceScore> {
  let hits = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  for (const c of cases) {
    const names = await search(c);
    const rank = names.indexOf(c.expect) + 1;
    if (rank === 1) hits++;
    else
      misses.push(`${c.query} → ${names[0] ?? "nothing"} (expected ${c.expect}${rank ? ` at ${rank}` : ""})`);
    if (rank > 0) reciprocal += 1 / rank;
  }
  return { precisionAt1: hits / cases.length, mrr: reciprocal / cases.length, misses };
}
