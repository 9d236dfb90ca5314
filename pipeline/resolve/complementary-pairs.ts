/**
 * Close pairs the strong edges never compare, for the suspected duplicates: two venues that hold no row of one
 * curated list (no cannot-link between them) and are each ranked by a list the other lacks, whose rows share an
 * acronym under titles too unlike for stage B ("Multimedia Modelling" / "Multimedia Modeling", "European SPI" /
 * "European Conference on Software Process Improvement") or bear near-same titles under two acronyms ("I3D" /
 * "I3DG", "CAivDE" / "CAaiVDE"), where the reference confirms it: the rank it gives the venue holding its row,
 * from a list that venue lacks, is the other venue's rank in that list. One venue split in two shows so (the
 * build report's "Ranks against the reference": the reference has CORE B, ours "—"). Listed for review, never
 * joined.
 */
import { isAnchor, type Node } from "./nodes.ts";
import type { Resolving } from "./resolving.ts";
import type { Edge } from "./strong-edges.ts";

/** The lists that rank venues (CCF, CORE, QUALIS) and the reference service, which repeats their ranks. */
const RANKING = new Set(["ccf", "ccf2026", "icore", "core", "core_portal", "qualis", "reference"]);
/** The lists of each rank system the reference repeats (rank claims are "CCF:B", "CORE:A*"). */
const LISTS_OF: Record<string, string[]> = {
  CCF: ["ccf", "ccf2026"],
  CORE: ["icore", "core", "core_portal"],
};
/** Weighted Jaccard two titles under different acronyms need to be listed. */
const NEAR_SAME_TITLE = 0.5;

export function complementaryPairs(r: Resolving): Edge[] {
  const { find, of, cannot } = r.clustering;
  const listsOf = new Map<number, Set<string>>();
  const lists = (root: number) => {
    let set = listsOf.get(root);
    if (!set) {
      set = new Set(of(root).flatMap((n) => (ranks(n) ? [n.d.source] : [])));
      listsOf.set(root, set);
    }
    return set;
  };
  // Each venue has a ranking list the other lacks, and they share none but the reference (a venue the reference
  // lists twice, ESEC and FSE, is one venue's two rows).
  const complementary = (ra: number, rb: number) => {
    const [la, lb] = [lists(ra), lists(rb)];
    const shared = [...la].filter((s) => lb.has(s) && s !== "reference");
    return shared.length === 0 && [...la].some((s) => !lb.has(s)) && [...lb].some((s) => !la.has(s));
  };
  // The reference gives one venue a rank its own rows lack the list of, and the other venue's row of that list
  // gives that very rank (MMM: the reference's CORE B, CORE's row for "Multimedia Modelling" B).
  const rankedThere = (ra: number, rb: number) =>
    of(ra).some(
      (x) =>
        x.d.source === "reference" &&
        x.d.rankClaims.some((claim) => {
          const lists = LISTS_OF[claim.split(":")[0] ?? ""] ?? [];
          return (
            !of(ra).some((y) => lists.includes(y.d.source)) &&
            of(rb).some((y) => lists.includes(y.d.source) && y.d.rankClaims.includes(claim))
          );
        }),
    );
  const seen = new Set<string>();
  const pairs: Edge[] = [];
  const consider = (a: Node, b: Node, score: number, why: string) => {
    const [ra, rb] = [find(a.i), find(b.i)];
    if (ra === rb || r.clustering.heldOut.has(a.i) || r.clustering.heldOut.has(b.i)) return;
    const key = ra < rb ? `${ra}~${rb}` : `${rb}~${ra}`;
    if (seen.has(key) || cannot(ra, rb) || !complementary(ra, rb)) return;
    if (!rankedThere(ra, rb) && !rankedThere(rb, ra)) return;
    seen.add(key);
    pairs.push({ a, b, score, rule: "acronym+title", why });
  };
  // A marked acronym ("ACC'") is the reference's word that the acronym names two venues: not one of them.
  const ranked = (list: Node[]) => list.filter((n) => isAnchor(n) && ranks(n) && !n.d.strictAcronym);
  for (const acronym of r.blocks.byAcronym.keys()) {
    eachPair(ranked(r.blocks.block(r.blocks.byAcronym, acronym)), (a, b) =>
      consider(a, b, r.evidence.sim(a, b), "same acronym, ranks in complementary lists"),
    );
  }
  for (const word of r.blocks.byRareWord.keys()) {
    eachPair(ranked(r.blocks.block(r.blocks.byRareWord, word)), (a, b) => {
      if (a.d.acronyms.some((x) => b.d.acronyms.includes(x))) return;
      const s = r.evidence.jaccard(a, b);
      if (s >= NEAR_SAME_TITLE) consider(a, b, s, "near-same titles, ranks in complementary lists");
    });
  }
  return pairs;
}

/** A row of a ranking list, or a reference row that repeats a rank. */
const ranks = (n: Node) =>
  RANKING.has(n.d.source) && (n.d.source !== "reference" || n.d.rankClaims.length > 0);

function eachPair(list: Node[], each: (a: Node, b: Node) => void): void {
  for (let x = 0; x < list.length; x++)
    for (let y = x + 1; y < list.length; y++) each(list[x] as Node, list[y] as Node);
}
