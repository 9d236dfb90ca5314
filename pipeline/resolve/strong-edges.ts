/**
 * Phase B, strong edges, applied strongest first: a shared acronym with similar titles (rare words weigh more), an
 * identical normalised title (for trackers only when their acronyms agree: a tracker's acronym is its series), and
 * last a former name a title note gives. Then B', journals' qualified titles.
 */
import { sortedEntries } from "./blocks.ts";
import { byRank, type Node } from "./nodes.ts";
import type { MatchRule } from "./resolution.ts";
import type { Resolving } from "./resolving.ts";

export interface Edge {
  a: Node;
  b: Node;
  score: number;
  rule: MatchRule;
  /** Why the pair is listed for review, when not the rule's usual words. */
  why?: string;
}

/** Applies the strong edges; returns the pairs the suspected duplicates are drawn from. */
export function strongEdges(r: Resolving): Edge[] {
  const byAcronym = acronymEdges(r);
  const { edges: byTitle, titleOnly } = titleEdges(r);
  const edges = [...byAcronym, ...byTitle];
  const former = formerNameEdges(r);
  const { union } = r.clustering;
  // Journals: at one score an identical title goes first (a special-issue row "Information Systems Journal" with
  // acronym ISJ is that journal's, not "IEEE Systems Journal"'s, whose acronym it shares).
  const titleFirst = (x: Edge, y: Edge) =>
    x.a.d.withoutKeys ? Number(x.rule !== "title") - Number(y.rule !== "title") : 0;
  edges.sort((x, y) => y.score - x.score || titleFirst(x, y) || byRank(x.a, y.a) || byRank(x.b, y.b));
  for (const e of edges) union(e.a, e.b, e.rule, e.score, true);
  former.sort((x, y) => y.score - x.score || byRank(x.a, y.a) || byRank(x.b, y.b));
  for (const e of former) union(e.a, e.b, e.rule, e.score, true);
  return [...edges, ...titleOnly];
}

/** Every pair of a block small enough to compare, in the block's order. */
function pairs(r: Resolving, list: Node[], each: (a: Node, b: Node) => void): void {
  if (list.length > r.opts.maxBlock) return;
  for (let x = 0; x < list.length; x++)
    for (let y = x + 1; y < list.length; y++) each(list[x] as Node, list[y] as Node);
}

function acronymEdges(r: Resolving): Edge[] {
  const { sim } = r.evidence;
  const edges: Edge[] = [];
  for (const [key, list] of sortedEntries(r.blocks.byAcronym)) {
    pairs(r, list, (a, b) => {
      // Two rows sharing two acronym variants meet in two blocks: scored in the first they share only.
      if (a.d.acronyms.find((x) => b.d.acronyms.includes(x)) !== key) return;
      const s = sim(a, b);
      // A marked acronym ("AiCE'") needs a near-identical title, or a close one and a rank claim both rows make.
      const ranked = a.d.rankClaims.some((c) => b.d.rankClaims.includes(c));
      const strict = (a.d.strictAcronym || b.d.strictAcronym) && !ranked;
      const bar = strict ? r.opts.strictThreshold : r.opts.acronymThreshold;
      // "IEEESCC" / "SCC", "AC-IADIS" / "AC": the shared form is one side's acronym without its publisher.
      const prefixed = [a, b].some((n) => n.d.bareAcronym === key && n.d.acronyms[0] !== key);
      if (s >= bar) edges.push({ a, b, score: s, rule: prefixed ? "publisher-prefix" : "acronym+title" });
    });
  }
  return edges;
}

/** Identical titles: edges, and `titleOnly` pairs under disagreeing acronyms (reviewed if left apart, not joined). */
function titleEdges(r: Resolving): { edges: Edge[]; titleOnly: Edge[] } {
  const edges: Edge[] = [];
  const titleOnly: Edge[] = [];
  for (const [, list] of sortedEntries(r.blocks.byTitle)) {
    pairs(r, list, (a, b) => {
      // One title under two acronyms may be two venues (Inscrypt and ICISC share theirs): weak evidence only.
      if (!r.evidence.acronymsAgree(a, b)) {
        titleOnly.push({ a, b, score: 1, rule: "title" });
        return;
      }
      edges.push({ a, b, score: 1, rule: "title" });
    });
  }
  return { edges, titleOnly };
}

/**
 * A former name a title note gives: its title borne by another row under an agreeing acronym (ICORE2026's IEEE
 * SSE, "previously IEEE International Conference on Services Computing SCC", and QUALIS's IEEESCC of that title),
 * or its acronym borne by a row of a similar title (ICORE2026's ICSA "was previously WICSA" and CCF 2026's WICSA,
 * Working IEEE/IFIP Conference on Software Architecture). Applied after every other strong edge, once each venue
 * holds its own rows, so a list still ranking the old name as a venue of its own (QUALIS's ICOIN beside its AINA,
 * "was ICOIN") keeps the two apart.
 */
function formerNameEdges(r: Resolving): Edge[] {
  const { sim, acronymsAgree } = r.evidence;
  const { block, byTitle, byAcronym } = r.blocks;
  const edges: Edge[] = [];
  for (const n of r.nodes.all) {
    const { titles = [], acronyms = [] } = n.d.former ?? {};
    const formerAcronym = (m: Node) => m.d.acronyms.some((a) => acronyms.includes(a));
    for (const former of titles)
      for (const m of block(byTitle, former))
        if (m !== n && (acronymsAgree(n, m) || formerAcronym(m)))
          edges.push({ a: n, b: m, score: 1, rule: "former-name" });
    for (const a of acronyms)
      for (const m of block(byAcronym, a)) {
        const s = m === n ? 0 : sim(n, m);
        if (s >= r.opts.acronymThreshold) edges.push({ a: n, b: m, score: s, rule: "former-name" });
      }
  }
  return edges;
}

/**
 * B'. Journals: a title under a generic qualifier ("Performance Evaluation: An International Journal",
 * "Information Retrieval Journal") joins the one other group bearing the plain title, when the two groups' rank
 * claims agree or only one side has any (a ranked CCF row without ISSN, an ISSN row without rank).
 */
export function qualifiedTitles(r: Resolving): void {
  const { find, of, union } = r.clustering;
  const claimsOf = (root: number) => new Set(of(root).flatMap((n) => n.d.rankClaims));
  for (const [, list] of sortedEntries(r.blocks.byTitleKey)) {
    const groups = [...new Set(list.map((n) => find(n.i)))];
    if (groups.length !== 2) continue;
    const [ga, gb] = groups as [number, number];
    const pair = list
      .filter((a) => find(a.i) === ga)
      .flatMap((a) => list.filter((b) => find(b.i) === gb).map((b) => [a, b] as const))
      // One side bears the plain title: two subtitles of one title ("…: Research", "…: Innovations in Practice")
      // are two journals.
      .find(
        ([a, b]) =>
          a.d.normTitle !== b.d.normTitle &&
          (a.d.normTitle === a.d.titleKey || b.d.normTitle === b.d.titleKey) &&
          r.evidence.acronymsAgree(a, b),
      );
    if (!pair) continue;
    const [ca, cb] = [claimsOf(ga), claimsOf(gb)];
    if (ca.size > 0 && cb.size > 0 && ![...ca].some((c) => cb.has(c))) continue;
    union(pair[0], pair[1], "title+rank", r.evidence.jaccard(pair[0], pair[1]), true);
  }
}
