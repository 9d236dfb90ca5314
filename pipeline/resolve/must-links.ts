/**
 * Phase A, must-links: nodes sharing an exact key (dblp key, CORE id, reference id, ISSN, reviewed alias) are one
 * venue. A key two distinct rows of one source share (ccfddl files AsiaCCS under dblp conf/ccs) identifies no
 * single venue: it is reported and not used.
 */
import { sortedEntries } from "./blocks.ts";
import { byRank, type Node } from "./nodes.ts";
import type { Resolving } from "./resolving.ts";

export function mustLinks(r: Resolving): void {
  const { duplicates } = r.evidence;
  const { union, ambiguities } = r.clustering;
  for (const [key, list] of sortedEntries(r.blocks.byExact)) {
    const clash = list.find((x) =>
      list.some((y) => y.d.source === x.d.source && x.id !== y.id && !duplicates(x, y)),
    );
    if (clash && ownKey(r, key, list)) continue;
    if (clash) {
      ambiguities.push({
        source: clash.d.source,
        key: clash.d.key,
        title: clash.d.title,
        reason: `exact key ${clash.d.exactKeys.find((k) => list.every((n) => n.d.exactKeys.includes(k))) ?? "?"} is shared by distinct rows of one list: not used`,
        candidates: [],
      });
      continue;
    }
    for (const n of list.slice(1)) union(list[0] as Node, n, "exact", 1);
  }
}

/**
 * Journals (`withoutKeys`): a key rows of one source share goes to the row whose title its other holders bear, one
 * row of every other source holding it (SCImago's title for an ISSN); the other rows lose it (a field conflict at
 * merge). False when the key cannot be given this way.
 */
function ownKey(r: Resolving, key: string, list: Node[]): boolean {
  const { jaccard, duplicates, loseKey } = r.evidence;
  if (!list.every((n) => n.d.withoutKeys)) return false;
  const bySource = new Map<string, number>();
  for (const n of list) bySource.set(n.d.source, (bySource.get(n.d.source) ?? 0) + 1);
  const witnesses = list.filter((n) => bySource.get(n.d.source) === 1);
  const claimants = list.filter((n) => bySource.get(n.d.source) !== 1);
  const score = (c: Node) => Math.max(0, ...witnesses.map((w) => jaccard(c, w)));
  const [best] = claimants
    .filter((c) => score(c) >= r.opts.duplicateThreshold)
    .sort((x, y) => score(y) - score(x) || byRank(x, y));
  if (!best) return false;
  const owners = claimants.filter((c) => c === best || duplicates(c, best));
  const witness = witnesses.reduce((w, x) => (jaccard(best, x) > jaccard(best, w) ? x : w));
  for (const n of [...owners, ...witnesses]) r.clustering.union(best, n, "exact", 1);
  for (const n of claimants) {
    if (owners.includes(n)) continue;
    loseKey(
      n,
      key,
      `${key} is claimed by "${n.d.title}" and "${best.d.title}" (${n.d.source}); ` +
        `${witness.d.source} gives it to "${witness.d.title}": it stays with the row of that title`,
    );
  }
  return true;
}
