/**
 * Phase C, weak attachments, decided on the state B left and applied together: a group with no list row (tracker
 * series, untitled rows) or a lone row attaches to the one venue its acronym, joint-acronym part ("IJCAI" of
 * "IJCAI-ECAI") or agreeing rank claims point at; several candidates make it ambiguous, never a guess. A titled
 * row never follows an acronym part to a series whose title contradicts its own (a workshop named after a
 * series is not the series), nor its title alone to a venue
 * its own source lists apart (held elsewhere, in another month, under another acronym); a row titled as one venue
 * under another venue's acronym was held out before (`title-conflicts.ts`) and is not visited.
 */
import { WORKSHOP_TITLE } from "./names.ts";
import { byRank, isAnchor, type Node } from "./nodes.ts";
import type { Ambiguity, MatchRule } from "./resolution.ts";
import type { Resolving } from "./resolving.ts";

/** The best row of one group for a row to attach to. */
interface Candidate {
  to: Node;
  score: number;
  rule: MatchRule;
}

/** A row up for attachment, as its pass finds it. */
interface Visit {
  n: Node;
  /** The root of its group. */
  own: number;
  /** Its group holds no other row. */
  alone: boolean;
  pass: number;
}

export function weakAttachments(r: Resolving): void {
  // Each pass decides on the state the last one left. Only a row left ambiguous can gain from another's
  // attachment (its candidates may merge into one), so later passes revisit those alone.
  let visit = r.nodes.sorted.filter((n) => !r.clustering.heldOut.has(n.i));
  for (let pass = 0; pass < 3; pass++) {
    const attachments: (Candidate & { n: Node })[] = [];
    const pending: Ambiguity[] = [];
    const undecided: Node[] = [];
    for (const n of visit) {
      const choice = choose(r, n, pass);
      if (choice && "ambiguous" in choice) {
        undecided.push(n);
        pending.push(choice.ambiguous);
      } else if (choice) attachments.push({ n, ...choice.attach });
    }
    for (const a of attachments) r.clustering.union(a.n, a.to, a.rule, a.score, true);
    if (attachments.length === 0 || pass === 2) {
      r.clustering.ambiguities.push(...pending);
      break;
    }
    visit = undecided;
  }
}

/** A group with no list row: tracker series and untitled rows only. */
const weakGroup = (r: Resolving, root: number) => !r.clustering.of(root).some(isAnchor);

/** Share of a group's list rows that carry one of n's acronyms. */
function support(r: Resolving, root: number, n: Node): number {
  const anchors = r.clustering.of(root).filter(isAnchor);
  const carrying = anchors.filter((m) => m.d.acronyms.some((a) => n.d.acronyms.includes(a)));
  return anchors.length === 0 ? 0 : carrying.length / anchors.length;
}

/** Where a row of a weak group or a lone row goes: one venue, none, or several it cannot be told between. */
function choose(
  r: Resolving,
  n: Node,
  pass: number,
): { attach: Candidate } | { ambiguous: Ambiguity } | undefined {
  const own = r.clustering.find(n.i);
  const alone = r.clustering.of(own).length === 1;
  if (!weakGroup(r, own) && !alone) return undefined;
  const best = candidates(r, { n, own, alone, pass });
  const open = [...best.entries()].filter(
    ([root]) => !r.clustering.aliasClash(own, root) && !r.clustering.cannot(own, root),
  );
  // A venue a list defines is a better home than another group of tracker or untitled rows.
  const anchored = open.filter(([root]) => !weakGroup(r, root));
  const ranked = (anchored.length > 0 ? anchored : open)
    .map(([root, c]) => [root, { ...c, support: support(r, root, n) }] as const)
    .sort(([ra, a], [rb, b]) => b.score - a.score || b.support - a.support || byRank(a.to, b.to) || ra - rb);
  const [first, second] = ranked;
  if (!first) return undefined;
  // Close titles: the venue whose rows mostly carry this acronym wins ("CHI" is CHI's acronym, not that
  // of KDD, which one mislabelled row gives it); otherwise nothing tells them apart.
  const tied = second && first[1].score - second[1].score < r.opts.margin;
  if (tied && first[1].support - second[1].support < 0.5)
    return {
      ambiguous: {
        source: n.d.source,
        key: n.d.key,
        title: n.d.title,
        reason: "several venues share the acronym and nothing tells them apart: kept apart",
        candidates: ranked.slice(0, 5).map(([root, c]) => ({
          cluster: root,
          titles: titlesOf(r.clustering.of(root)),
          similarity: c.score,
        })),
      },
    };
  return { attach: { to: first[1].to, rule: first[1].rule, score: first[1].score } };
}

/** The best row of every other group the row's acronym, title or acronym parts point at, by group. */
function candidates(r: Resolving, v: Visit): Map<number, Candidate> {
  const { n, own, alone, pass } = v;
  const { block, byAcronym, byTitle } = r.blocks;
  const best = new Map<number, Candidate>();
  const consider = (m: Node, rule: MatchRule) => {
    const root = r.clustering.find(m.i);
    if (root === own || r.clustering.heldOut.has(m.i)) return;
    // Jaccard, not overlap: a short title contained in several ("Artificial Intelligence") must not tie.
    const s = r.evidence.jaccard(n, m);
    const prev = best.get(root);
    if (!prev || s > prev.score) best.set(root, { to: m, score: s, rule });
  };
  const rankAgrees = (m: Node) => n.d.rankClaims.some((c) => m.d.rankClaims.includes(c));
  for (const a of n.d.acronyms) {
    for (const m of block(byAcronym, a)) {
      if (n.d.strictAcronym || m.d.strictAcronym) continue;
      if (weakGroup(r, own) || n.untitled) consider(m, "acronym");
      else if (rankAgrees(m)) consider(m, "acronym+rank");
    }
  }
  // A lone row whose title another venue bears, under another acronym (a renamed or mislabelled row); not where a
  // row of its own source there is held in another place and month under another acronym: two venues sharing a
  // generic title (ICBCB, Xi'an in March, and BIOCOMP, Las Vegas in July).
  if (alone && !n.d.tracker && !n.untitled && n.d.normTitle) {
    const keptApart = new Set<number>();
    for (const m of byTitle.get(n.d.normTitle) ?? []) {
      const root = r.clustering.find(m.i);
      const apart = r.clustering.of(root).find((k) => r.evidence.heldApart(n, k));
      if (!apart) consider(m, "title");
      else if (pass === 0 && !keptApart.has(root)) {
        keptApart.add(root);
        r.clustering.record("held-elsewhere", 0, n, apart);
      }
    }
  }
  if (best.size === 0) {
    let contradicted: Node | null = null;
    for (const a of n.d.acronymParts ?? []) {
      for (const m of block(byAcronym, a)) {
        // A titled row goes to a part's series only if its title does not contradict the series' title, and a
        // workshop named after a series (QUALIS's "CSI-SE", "CONTEXT-BPM") is an event of its own beside it.
        const titled = !n.untitled && !m.untitled;
        if (titled && (r.evidence.sim(n, m) < r.opts.acronymThreshold || satelliteOf(n, m)))
          contradicted ??= m;
        else consider(m, "acronym-part");
      }
    }
    if (contradicted && best.size === 0 && pass === 0)
      r.clustering.record("title-contradicts", 0, n, contradicted);
  }
  return best;
}

/** "Workshop" is no word of the title comparison (similarity.ts): a workshop's title holds its series' words. */
const satelliteOf = (n: Node, series: Node) =>
  WORKSHOP_TITLE.test(n.d.title ?? "") && !WORKSHOP_TITLE.test(series.d.title ?? "");

const titlesOf = (list: Node[]) =>
  [...new Set(list.flatMap((n) => (n.d.title ? [n.d.title] : [])))].slice(0, 3);
