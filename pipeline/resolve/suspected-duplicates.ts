/**
 * Venues left apart although a pair of their rows was an edge of stage B (a shared acronym with similar titles,
 * or an identical title, acronyms agreeing or not): each such pair of venues once, for review (the count is a
 * quality gate with a committed baseline).
 */
import type { MatchRule, SuspectedDuplicate } from "./resolution.ts";

/** A row as this report needs it: its node number and what names it. */
interface Row {
  i: number;
  d: { source: string; key: string; title: string | null };
}

/** Where a pair of venues left apart belongs: reviewed on purpose (left out), a curated list's two rows, or a suspect. */
export type Verdict = "reviewed" | "listed-apart" | "suspect";

/**
 * One pass over the pairs: the closest pair of rows for each pair of venues, sorted by venue, filed by `verdict`
 * (asked once for each pair of venues: it depends on the venues, not on which of their rows met).
 */
export function suspectedDuplicates<N extends Row>(
  pairs: readonly { a: N; b: N; score: number; rule: MatchRule; why?: string }[],
  find: (x: number) => number,
  clusterOf: Map<number, number>,
  verdict: (a: N, b: N) => Verdict,
): { suspects: SuspectedDuplicate[]; listedApart: SuspectedDuplicate[] } {
  const found = new Map<string, SuspectedDuplicate>();
  const verdicts = new Map<string, Verdict>();
  const side = (n: N, cluster: number) => ({
    cluster,
    source: n.d.source,
    key: n.d.key,
    title: n.d.title,
  });
  for (const { a, b, score, rule, why: given } of pairs) {
    const ca = clusterOf.get(find(a.i));
    const cb = clusterOf.get(find(b.i));
    if (ca === undefined || cb === undefined || ca === cb) continue;
    const key = ca < cb ? `${ca}~${cb}` : `${cb}~${ca}`;
    let v = verdicts.get(key);
    if (v === undefined) {
      v = verdict(a, b);
      verdicts.set(key, v);
    }
    if (v === "reviewed") continue;
    const prev = found.get(key);
    if (prev && prev.similarity >= score) continue;
    const why = given ?? (rule === "title" ? "identical title" : "same acronym, similar titles");
    found.set(key, { a: side(a, ca), b: side(b, cb), similarity: Math.round(score * 1000) / 1000, why });
  }
  const sorted = [...found.entries()].sort(
    ([, x], [, y]) => x.a.cluster - y.a.cluster || x.b.cluster - y.b.cluster,
  );
  const filed = (want: Verdict) => sorted.filter(([key]) => verdicts.get(key) === want).map(([, d]) => d);
  return { suspects: filed("suspect"), listedApart: filed("listed-apart") };
}
