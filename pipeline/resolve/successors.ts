/**
 * Phase E, successors: a series whose notes say it goes on as another ("RTA … (now merged with FSCD …)", "RBAC …
 * (now SACMAT)") is one venue with the one group whose list rows carry that acronym; two such groups, or none, and
 * it stays where it is. Held apart only by the current lists (CCF 2026, ICORE2026), not by older lists' two rows.
 */
import { isAnchor, type Node } from "./nodes.ts";
import type { Resolving } from "./resolving.ts";

export function successors(r: Resolving): void {
  const { find, of, union } = r.clustering;
  const { block, byAcronym } = r.blocks;
  for (const n of r.nodes.sorted) {
    const homes = new Set(
      (n.d.successors ?? []).flatMap((a) =>
        block(byAcronym, a)
          .filter((m) => isAnchor(m) && m.d.acronyms[0] === a)
          .map((m) => find(m.i)),
      ),
    );
    homes.delete(find(n.i));
    const [home] = homes;
    if (homes.size !== 1 || home === undefined) continue;
    const to = of(home).find(isAnchor) as Node;
    union(n, to, "successor", 1, true);
  }
}
