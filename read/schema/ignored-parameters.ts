/**
 * Query parameters an operation does not know, named in the answer with the closest known name, so that
 * `?q=usenix` is not silently read as "every conference". The answer itself is unchanged (the parameter is
 * ignored, as before); the envelope gains `ignored_parameters` beside `data` (docs/api.md).
 */
import { z } from "zod";

export const IgnoredParameter = z
  .object({
    name: z.string(),
    did_you_mean: z
      .string()
      .nullable()
      .meta({ description: "The known parameter it most likely meant; null when none is close." }),
  })
  .meta({ id: "IgnoredParameter" });
export type IgnoredParameter = z.output<typeof IgnoredParameter>;

/** Names other APIs give these parameters, for a client guessing from habit. */
const HABITS: Record<string, readonly string[]> = {
  query: ["q", "search", "keyword", "keywords", "term", "text", "name", "title"],
  per_page: ["page_size", "pagesize", "limit", "size", "count", "per", "perpage", "rows"],
  page: ["p", "offset", "start"],
  field: ["area", "topic", "category", "subject", "discipline"],
  fields: ["select", "columns", "only"],
  within_days: ["days", "window"],
  deadline_within_days: ["within_days", "days"],
  updated_since: ["since", "modified_since", "changed_since"],
  ccf_rank: ["ccf", "rank"],
  core_rank: ["core", "icore", "icore_rank"],
  qualis_rank: ["qualis"],
  sections: ["section", "include", "expand"],
};

/** Levenshtein distance, stopping early once past `limit` (names are short). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    if (Math.min(...current) > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** Spelling that does not change the meaning: case, hyphens and spaces for underscores. */
const folded = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, "_");

/** The known name `name` most likely meant: the same name spelled otherwise, a habit, else a near spelling. */
export function closestParameter(name: string, known: readonly string[]): string | null {
  const wanted = folded(name);
  if (wanted === "") return null;
  const same = known.find((k) => folded(k) === wanted);
  if (same) return same;
  const habit = known.find((k) => HABITS[k]?.includes(wanted));
  if (habit) return habit;
  // A typo of a known name or of a habit: at most one edit in short names, two from five letters on.
  const limit = wanted.length < 5 ? 1 : 2;
  let best: { name: string; distance: number } | null = null;
  for (const k of known) {
    for (const spelling of [k, ...(HABITS[k] ?? [])]) {
      const d = distance(wanted, spelling, limit);
      if (d <= limit && (!best || d < best.distance)) best = { name: k, distance: d };
    }
  }
  return best?.name ?? null;
}

/** The query parameters not in `known`, each once, in the order sent, with the closest known name. */
export function ignoredParameters(sent: Iterable<string>, known: readonly string[]): IgnoredParameter[] {
  const knownSet = new Set(known);
  const names = [...new Set(sent)].filter((name) => !knownSet.has(name));
  return names.map((name) => ({ name, did_you_mean: closestParameter(name, known) }));
}

/** The parameter names an operation's zod object knows. */
export const parameterNames = (schema: z.ZodObject): readonly string[] => Object.keys(schema.shape);
