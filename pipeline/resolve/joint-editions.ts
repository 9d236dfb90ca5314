/**
 * Phase D, joint editions ("ECML-PKDD", "IJCNLP & AACL", "ICAT-EGVE", "IWSM MENSURA", "AISW-PET"): a group holding
 * a titled row with a joint acronym is one venue with the series a part of that acronym names, when the series'
 * title lies inside the joint row's (the joint edition is an edition of the series, or the series goes on as the
 * joint conference). A joint row titled as one series alone ("IJCAI-ECAI" titled as IJCAI, "AISW-PET" as AISW) is
 * that series' edition and joins no other. Otherwise the group joins the series with the closest title, one per
 * pass, decided on the pass's starting state. Two venues a current list ranks apart are never joined.
 */
import { isAnchor, type Node } from "./nodes.ts";
import type { Resolving } from "./resolving.ts";

/** Weighted share of a series' title found in its joint edition's title. */
const JOINT_CONTAINMENT = 0.7;
/** A joint row's title this much inside the series' title is the series' own title, not a joint name. */
const JOINT_OWN_TITLE = 0.9;

export function jointEditions(r: Resolving): void {
  for (let pass = 0; pass < 2; pass++) {
    let joined = 0;
    for (const j of joins(r).values()) if (r.clustering.union(j.n, j.m, "joint", j.score, true)) joined++;
    if (joined === 0) break;
  }
}

/** The series each group with a joint row joins, by the group's root, decided on the current state. */
function joins(r: Resolving): Map<number, { n: Node; m: Node; score: number }> {
  const { find } = r.clustering;
  const { holds, jaccard } = r.evidence;
  const found = new Map<number, { n: Node; m: Node; score: number }>();
  for (const n of r.nodes.sorted) {
    const own = find(n.i);
    const candidates = jointSeries(r, n);
    // A series whose title holds the joint row's, and no other part's series: the row is that series' edition
    // ("IJCAI-ECAI" titled as IJCAI). A title holding two series' titles is the joint venue's own (ICORE2026's
    // "EGVE", QUALIS's "ECML" for ECML-PKDD), not one series'.
    const home = candidates.find(
      (m) =>
        holds(m, n) >= JOINT_OWN_TITLE &&
        !candidates.some((o) => find(o.i) !== find(m.i) && holds(m, o) >= JOINT_CONTAINMENT),
    );
    for (const m of home ? [home] : candidates) {
      if (find(m.i) === own || (!home && holds(n, m) < JOINT_CONTAINMENT)) continue;
      const score = jaccard(n, m);
      const prev = found.get(own);
      if (!prev || score > prev.score) found.set(own, { n, m, score });
    }
  }
  return found;
}

/** The series the parts of a titled row's joint acronym name. */
function jointSeries(r: Resolving, n: Node): Node[] {
  const parts = n.d.acronymParts ?? [];
  // Two named series at least, each with three letters or more: "ISGT-LA" and "VR-SIG" are a region and a
  // society, not a partner.
  if (n.untitled || parts.length < 2 || parts.some((p) => p.length < 3)) return [];
  return parts.flatMap((part) =>
    // The series goes by the part itself ("ICAT"), not by a longer acronym that merely contains it.
    r.blocks
      .block(r.blocks.byAcronym, part)
      .filter(
        (m) =>
          (m.d.acronyms[0] === part || m.d.bareAcronym === part) &&
          isAnchor(m) &&
          !m.d.strictAcronym &&
          m.tokens.size >= 2,
      ),
  );
}
