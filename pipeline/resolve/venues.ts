/**
 * What resolution hands back once every phase has run: the venues (groups with a row that may found one, in the
 * order of their first observation), how each row came to its venue, the rows left ambiguous, the decisions, and
 * the close pairs left apart for review.
 */
import type { Node } from "./nodes.ts";
import type { Cluster, MatchEvent, MatchRule, Resolution } from "./resolution.ts";
import type { Resolving } from "./resolving.ts";
import type { Edge } from "./strong-edges.ts";
import { suspectedDuplicates, type Verdict } from "./suspected-duplicates.ts";

/** `reviewed`: the pairs the suspected duplicates are drawn from (phase B's). */
export function venuesOf<O>(observations: readonly O[], r: Resolving, reviewed: Edge[]): Resolution<O> {
  const { find, members, ruleOf, aliasClash, cannot, ambiguities, decisions, heldOut } = r.clustering;
  const roots = [...members.entries()]
    .filter(([, list]) => list.some((n) => n.d.canCreate && !heldOut.has(n.i)))
    .map(([root, list]) => ({ root, list: list.sort((a, b) => a.i - b.i) }))
    .sort((a, b) => (a.list[0] as Node).i - (b.list[0] as Node).i);
  const clusterOf = new Map(roots.map(({ root }, c) => [root, c]));
  const clusters: Cluster<O>[] = roots.map(({ list }) => ({
    // A row that lost a key (journals) is handed on without it.
    members: list.map((n) => {
      const lost = r.evidence.lost(n);
      const o = observations[n.i] as O;
      return lost && n.d.withoutKeys ? (n.d.withoutKeys(lost.keys, lost.why.join("; ")) as O) : o;
    }),
    exactKeys: new Set(list.flatMap(r.evidence.keysOf)),
  }));
  const events: MatchEvent[] = r.nodes.all.map((n) => {
    const c = clusterOf.get(find(n.i)) ?? null;
    const founder = c !== null && roots[c]?.list[0]?.i === n.i;
    const how = ruleOf.get(n.i);
    const rule: MatchRule = c === null ? "unmatched" : founder || !how ? "new" : how.rule;
    return { source: n.d.source, key: n.d.key, rule, cluster: c, similarity: how?.score };
  });
  for (const a of ambiguities)
    a.candidates = a.candidates.map((x) => ({ ...x, cluster: clusterOf.get(find(x.cluster)) ?? -1 }));

  // Venues the alias table keeps apart on purpose (two alias keys) are reviewed: not suspects. Venues a curated
  // list ranks as two distinct rows, or one source lists held in other places and months (heldApart), are listed
  // apart from the suspects: the source itself says two venues.
  const heldApart = (ra: number, rb: number) =>
    r.clustering.of(ra).some((x) => r.clustering.of(rb).some((y) => r.evidence.heldApart(x, y)));
  const verdict = (a: Node, b: Node): Verdict => {
    const [ra, rb] = [find(a.i), find(b.i)];
    if (aliasClash(ra, rb)) return "reviewed";
    return cannot(ra, rb) !== null || heldApart(ra, rb) ? "listed-apart" : "suspect";
  };
  return {
    clusters,
    events,
    ambiguities,
    heldOut: [...heldOut.values()],
    decisions,
    ...suspectedDuplicates(reviewed, find, clusterOf, verdict),
  };
}
