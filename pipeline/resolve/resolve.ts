/**
 * Entity resolution as one global clustering: every observation is a node, evidence between two nodes is an
 * edge, and venues are the connected groups left once cannot-links have had their say. Nothing depends on the
 * order observations arrive in: edges are applied strongest first, ties broken by the nodes' own keys.
 *
 *   A. must-links: a shared exact key (dblp key, CORE id, reference id, ISSN, reviewed alias);
 *   B. strong edges, by score: a shared acronym with similar titles (rare words weigh more), or an identical
 *      normalised title (for trackers only when their acronyms agree: a tracker's acronym is its series);
 *   C. weak attachments, decided on the state B left and applied together: a group with no list row (tracker
 *      series, untitled rows) or a lone row attaches to the one venue its acronym, joint-acronym part ("IJCAI"
 *      of "IJCAI-ECAI") or agreeing rank claims point at; several candidates make it ambiguous, never a guess.
 *      A titled row never follows an acronym part to a series whose title contradicts its own, and a row titled
 *      as one venue under another venue's acronym attaches nowhere;
 *   D. joint editions ("ICAT-EGVE", "IWSM MENSURA"): one venue with the series whose title lies inside theirs;
 *   E. successors: a series whose CORE note says what it goes on as ("now SACMAT") joins that venue.
 * D and E are held apart only by the current lists (CCF 2026, ICORE2026), not by older lists' two rows.
 * Cannot-links: two distinct rows of one curated list (same `exclusive` group) never share a venue, unless
 * they are duplicate rows (near-identical titles), which are merged and reported. A group whose rows may not
 * found a venue (acceptance lists, the archived paperswithcode list) is left unmatched.
 */
import { Groups } from "./groups.ts";
import {
  type Ambiguity,
  type Cluster,
  type Decision,
  type MatchEvent,
  type MatchRule,
  RESOLVE_DEFAULTS,
  type Resolution,
  type Resolvable,
  type ResolveOptions,
} from "./resolution.ts";
import {
  titleTokens,
  type WeightedTitle,
  weighted,
  weightedContainment,
  weightedJaccard,
  weightedSimilarity,
  wordWeights,
} from "./similarity.ts";
import { suspectedDuplicates, type Verdict } from "./suspected-duplicates.ts";

/** The lists of today: two venues each of them ranks stay two venues, whatever a joint name says. */
const CURRENT_LISTS = ["ccf2026", "icore"];
/** Weighted share of a series' title found in its joint edition's title. */
const JOINT_CONTAINMENT = 0.7;
/** A joint row's title this much inside the series' title is the series' own title, not a joint name. */
const JOINT_OWN_TITLE = 0.9;
/** How many non-exact decisions the report lists one by one (counts are always complete). */
const LISTED_DECISIONS = 3000;

interface Node {
  i: number;
  id: string;
  d: Resolvable<unknown>;
  tokens: Set<string>;
  /** No title, or one that only spells the acronym: the acronym is all this row says. */
  untitled: boolean;
  /** Position in the order of the nodes' own keys (the tie-break that makes the result order-free). */
  rank: number;
  aliases: string[];
}

function push<K, V>(index: Map<K, V[]>, key: K, value: V): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}

const byId = (a: Node, b: Node) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** The same order as byId, on numbers: set once all nodes exist. */
const byRank = (a: Node, b: Node) => a.rank - b.rank;

export function resolve<O>(
  observations: readonly O[],
  describe: (o: O) => Resolvable<O>,
  options: Partial<ResolveOptions> = {},
): Resolution<O> {
  const opts = { ...RESOLVE_DEFAULTS, ...options };
  const nodes: Node[] = observations.map((o, i) => {
    const d = describe(o);
    // A title that only repeats the acronym ("KDD", "ACM SIGCOMM Conference") says nothing more.
    const own = new Set(d.acronyms.map((a) => a.toLowerCase()));
    const words = d.title ? titleTokens(d.title) : new Set<string>();
    const compact = d.normTitle?.replace(/ /g, "") ?? "";
    const untitled = words.size === 0 || own.has(compact) || [...words].every((w) => own.has(w));
    return {
      i,
      id: `${d.source}:${d.key}`,
      d,
      tokens: words,
      untitled,
      rank: 0,
      aliases: d.exactKeys.filter((k) => k.startsWith("alias:")),
    };
  });
  const sortedNodes = [...nodes].sort(byId);
  sortedNodes.forEach((n, rank) => {
    n.rank = rank;
  });
  const weight = wordWeights(nodes.map((n) => n.tokens));
  const titles: WeightedTitle[] = nodes.map((n) => weighted(n.tokens, weight));
  const title = (n: Node) => titles[n.i] as WeightedTitle;
  const sim = (a: Node, b: Node) => weightedSimilarity(title(a), title(b), weight);
  const jaccard = (a: Node, b: Node) => weightedJaccard(title(a), title(b), weight);
  // Acronyms agree when one spells the other with more letters ("SIGKDD" / "KDD", "ACM_WiSec" / "WiSec").
  const contains = (x: string, y: string) => x === y || (y.length >= 3 && x.includes(y));
  const acronymsAgree = (a: Node, b: Node) =>
    a.d.acronyms.length === 0 ||
    b.d.acronyms.length === 0 ||
    a.d.acronyms.some((x) => b.d.acronyms.some((y) => contains(x, y) || contains(y, x)));
  // Duplicate rows of one list: one title, or one acronym (a "SIG" prefix aside) and near-identical titles.
  const series = (n: Node) => n.d.acronyms.map((x) => x.replace(/^SIG(?=[A-Z]{2})/, ""));
  // A row that only gives the acronym cannot be told from another row with that acronym: a duplicate too.
  // Rows sharing a reviewed alias key (aliases.yaml: a list naming one venue twice) are duplicates as well.
  const duplicates = (a: Node, b: Node) =>
    (a.d.normTitle !== null && a.d.normTitle === b.d.normTitle) ||
    a.aliases.some((k) => b.aliases.includes(k)) ||
    // The same words under acronyms that disagree are two venues ("Koli Calling" and ICER, one CORE title each).
    (a.tokens.size >= 2 && jaccard(a, b) === 1 && acronymsAgree(a, b)) ||
    (series(a).some((x) => series(b).includes(x)) &&
      (a.untitled || b.untitled || jaccard(a, b) >= opts.duplicateThreshold)) ||
    sharedKeyClose(a, b);
  // Journals: two rows sharing an ISSN under close titles are one journal listed twice ("Sustainable Computing" /
  // "Sustainable Computing: Informatics and Systems"; a renamed journal SCImago lists under both titles).
  const lostKeys = new Map<number, string[]>();
  const lostWhy = new Map<number, string[]>();
  const kept = (n: Node) => n.d.exactKeys.filter((k) => !lostKeys.get(n.i)?.includes(k));
  const sharedKeyClose = (a: Node, b: Node) =>
    a.d.withoutKeys !== undefined &&
    b.d.withoutKeys !== undefined &&
    jaccard(a, b) >= opts.duplicateThreshold &&
    kept(a).some((k) => kept(b).includes(k));

  // The groups of nodes (node i is item i); each root keeps the list of its members.
  const grouping = new Groups(nodes);
  const find = (x: number): number => grouping.find(x);
  /** Both groups hold rows of one curated list and no row of one duplicates a row of the other. */
  const cannot = (ra: number, rb: number): [Node, Node] | null => {
    const left = grouping.of(ra);
    const right = grouping.of(rb);
    const groups = new Set(left.flatMap((x) => (x.d.exclusive ? [x.d.exclusive] : [])));
    for (const g of groups) {
      const xs = left.filter((x) => x.d.exclusive === g);
      const ys = right.filter((y) => y.d.exclusive === g);
      if (ys.length > 0 && !xs.some((x) => ys.some((y) => duplicates(x, y))))
        return [xs[0] as Node, ys[0] as Node];
    }
    return null;
  };
  /** Both groups hold a row of one current list (CCF 2026, ICORE2026): that list ranks them as two venues. */
  const currentListsApart = (ra: number, rb: number): [Node, Node] | null => {
    for (const source of CURRENT_LISTS) {
      const x = grouping.of(ra).find((n) => n.d.source === source);
      const y = grouping.of(rb).find((n) => n.d.source === source);
      if (x && y) return [x, y];
    }
    return null;
  };
  const aliased = new Set(nodes.filter((n) => n.aliases.length > 0).map((n) => n.i));
  const aliasClash = (ra: number, rb: number) => {
    if (!aliased.has(ra) || !aliased.has(rb)) return false;
    const a = new Set(grouping.of(ra).flatMap((n) => n.aliases));
    if (a.size === 0) return false;
    const b = grouping.of(rb).flatMap((n) => n.aliases);
    return b.length > 0 && !b.some((k) => a.has(k));
  };

  const counts: Record<string, number> = {};
  const listed: Decision[] = [];
  const ambiguities: Ambiguity[] = [];
  const ruleOf = new Map<number, { rule: MatchRule; score: number }>();
  const record = (rule: Decision["rule"], score: number, a: Node, b: Node) => {
    const key = `${rule} ${a.d.source}~${b.d.source}`;
    counts[key] = (counts[key] ?? 0) + 1;
    if (rule !== "exact" && listed.length < LISTED_DECISIONS)
      listed.push({ rule, score: Math.round(score * 1000) / 1000, a: a.id, b: b.id });
  };
  /**
   * Joins the groups of a and b unless a cannot-link forbids it; true when they are (now) one group. A joint
   * edition or a series' successor (`rule` "joint", "successor") is held apart only by the current lists (CCF 2026,
   * ICORE2026), not by older ones that list a series and what it became as two rows.
   */
  const union = (a: Node, b: Node, rule: MatchRule, score: number, checkAlias = false): boolean => {
    const ra = find(a.i);
    const rb = find(b.i);
    if (ra === rb) return true;
    if (checkAlias && aliasClash(ra, rb)) return false;
    const clash = rule === "joint" || rule === "successor" ? currentListsApart(ra, rb) : cannot(ra, rb);
    if (clash) {
      record("cannot-link", score, clash[0], clash[1]);
      return false;
    }
    const [keep, drop] = grouping.join(ra, rb);
    if (aliased.has(drop)) aliased.add(keep);
    const sameSource = a.d.source === b.d.source;
    const shown: MatchRule = sameSource && rule !== "exact" ? "duplicate-row" : rule;
    record(shown, score, a, b);
    for (const n of [a, b]) if (!ruleOf.has(n.i)) ruleOf.set(n.i, { rule: shown, score });
    return true;
  };

  // Blocks: only nodes sharing a key, an acronym or a title are ever compared.
  const byExact = new Map<string, Node[]>();
  const byAcronym = new Map<string, Node[]>();
  const byTitle = new Map<string, Node[]>();
  for (const n of nodes) {
    for (const k of n.d.exactKeys) push(byExact, k, n);
    for (const a of n.d.acronyms) push(byAcronym, a, n);
    if (n.d.normTitle && !n.untitled) push(byTitle, n.d.normTitle, n);
  }
  /** The nodes under one blocking key, none when the block is too large to compare (see `maxBlock`). */
  const block = (index: Map<string, Node[]>, key: string): Node[] => {
    const list = index.get(key) ?? [];
    return list.length > opts.maxBlock ? [] : list;
  };
  const sortedEntries = (index: Map<string, Node[]>) =>
    [...index.entries()]
      .filter(([, list]) => list.length > 1)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, list]) => [key, list.sort(byRank)] as const);
  const sortedBlocks = (index: Map<string, Node[]>) => sortedEntries(index).map(([, list]) => list);

  // A. Must-links. A key two distinct rows of one source share (ccfddl files AsiaCCS under dblp conf/ccs)
  // identifies no single venue: it is reported and not used.
  // Journals (`withoutKeys`): the key goes to the row whose title its other holders bear, one row of every other
  // source holding it (SCImago's title for an ISSN); the other rows lose it (a field conflict at merge).
  const ownKey = (key: string, list: Node[]): boolean => {
    if (!list.every((n) => n.d.withoutKeys)) return false;
    const bySource = new Map<string, number>();
    for (const n of list) bySource.set(n.d.source, (bySource.get(n.d.source) ?? 0) + 1);
    const witnesses = list.filter((n) => bySource.get(n.d.source) === 1);
    const claimants = list.filter((n) => bySource.get(n.d.source) !== 1);
    const score = (c: Node) => Math.max(0, ...witnesses.map((w) => jaccard(c, w)));
    const [best] = claimants
      .filter((c) => score(c) >= opts.duplicateThreshold)
      .sort((x, y) => score(y) - score(x) || byRank(x, y));
    if (!best) return false;
    const owners = claimants.filter((c) => c === best || duplicates(c, best));
    const witness = witnesses.reduce((w, x) => (jaccard(best, x) > jaccard(best, w) ? x : w));
    for (const n of [...owners, ...witnesses]) union(best, n, "exact", 1);
    for (const n of claimants) {
      if (owners.includes(n)) continue;
      lostKeys.set(n.i, [...(lostKeys.get(n.i) ?? []), key]);
      lostWhy.set(n.i, [
        ...(lostWhy.get(n.i) ?? []),
        `${key} is claimed by "${n.d.title}" and "${best.d.title}" (${n.d.source}); ` +
          `${witness.d.source} gives it to "${witness.d.title}": it stays with the row of that title`,
      ]);
    }
    return true;
  };
  for (const [key, list] of sortedEntries(byExact)) {
    const clash = list.find((x) =>
      list.some((y) => y.d.source === x.d.source && x.id !== y.id && !duplicates(x, y)),
    );
    if (clash && ownKey(key, list)) continue;
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

  // B. Strong edges, strongest first.
  type Edge = { a: Node; b: Node; score: number; rule: MatchRule };
  const edges: Edge[] = [];
  /** Identical titles under disagreeing acronyms: no edge, but reported as suspected duplicates if left apart. */
  const titleOnly: Edge[] = [];
  const acronymEntries = sortedEntries(byAcronym);
  const pairs = (list: Node[], each: (a: Node, b: Node) => void) => {
    if (list.length > opts.maxBlock) return;
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) each(list[x] as Node, list[y] as Node);
  };
  for (const [key, list] of acronymEntries) {
    pairs(list, (a, b) => {
      // Two rows sharing two acronym variants meet in two blocks: scored in the first they share only.
      if (a.d.acronyms.find((x) => b.d.acronyms.includes(x)) !== key) return;
      const s = sim(a, b);
      // A marked acronym ("AiCE'") needs a near-identical title, or a close one and a rank claim both rows make.
      const ranked = a.d.rankClaims.some((c) => b.d.rankClaims.includes(c));
      const strict = (a.d.strictAcronym || b.d.strictAcronym) && !ranked;
      const bar = strict ? opts.strictThreshold : opts.acronymThreshold;
      // "IEEESCC" / "SCC", "AC-IADIS" / "AC": the shared form is one side's acronym without its publisher.
      const prefixed = [a, b].some((n) => n.d.bareAcronym === key && n.d.acronyms[0] !== key);
      if (s >= bar) edges.push({ a, b, score: s, rule: prefixed ? "publisher-prefix" : "acronym+title" });
    });
  }
  for (const list of sortedBlocks(byTitle)) {
    pairs(list, (a, b) => {
      // One title under two acronyms may be two venues (Inscrypt and ICISC share theirs): weak evidence only.
      if (!acronymsAgree(a, b)) {
        titleOnly.push({ a, b, score: 1, rule: "title" });
        return;
      }
      edges.push({ a, b, score: 1, rule: "title" });
    });
  }
  // A former name a title note gives: its title borne by another row under an agreeing acronym (ICORE2026's IEEE
  // SSE, "previously IEEE International Conference on Services Computing SCC", and QUALIS's IEEESCC of that title),
  // or its acronym borne by a row of a similar title (ICORE2026's ICSA "was previously WICSA" and CCF 2026's WICSA,
  // Working IEEE/IFIP Conference on Software Architecture). Applied after every other strong edge, once each venue
  // holds its own rows, so a list still ranking the old name as a venue of its own (QUALIS's ICOIN beside its AINA,
  // "was ICOIN") keeps the two apart.
  const formerEdges: Edge[] = [];
  for (const n of nodes) {
    const { titles = [], acronyms = [] } = n.d.former ?? {};
    const formerAcronym = (m: Node) => m.d.acronyms.some((a) => acronyms.includes(a));
    for (const former of titles)
      for (const m of block(byTitle, former))
        if (m !== n && (acronymsAgree(n, m) || formerAcronym(m)))
          formerEdges.push({ a: n, b: m, score: 1, rule: "former-name" });
    for (const a of acronyms)
      for (const m of block(byAcronym, a)) {
        const s = m === n ? 0 : sim(n, m);
        if (s >= opts.acronymThreshold) formerEdges.push({ a: n, b: m, score: s, rule: "former-name" });
      }
  }
  // Journals: at one score an identical title goes first (a special-issue row "Information Systems Journal" with
  // acronym ISJ is that journal's, not "IEEE Systems Journal"'s, whose acronym it shares).
  const titleFirst = (x: Edge, y: Edge) =>
    x.a.d.withoutKeys ? Number(x.rule !== "title") - Number(y.rule !== "title") : 0;
  edges.sort((x, y) => y.score - x.score || titleFirst(x, y) || byRank(x.a, y.a) || byRank(x.b, y.b));
  for (const e of edges) union(e.a, e.b, e.rule, e.score, true);
  formerEdges.sort((x, y) => y.score - x.score || byRank(x.a, y.a) || byRank(x.b, y.b));
  for (const e of formerEdges) union(e.a, e.b, e.rule, e.score, true);

  // B'. Journals: a title under a generic qualifier ("Performance Evaluation: An International Journal",
  // "Information Retrieval Journal") joins the one other group bearing the plain title, when the two groups' rank
  // claims agree or only one side has any (a ranked CCF row without ISSN, an ISSN row without rank).
  const byTitleKey = new Map<string, Node[]>();
  for (const n of nodes) if (n.d.titleKey && !n.untitled) push(byTitleKey, n.d.titleKey, n);
  const claimsOf = (r: number) => new Set(grouping.of(r).flatMap((n) => n.d.rankClaims));
  for (const list of sortedBlocks(byTitleKey)) {
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
          acronymsAgree(a, b),
      );
    if (!pair) continue;
    const [ca, cb] = [claimsOf(ga), claimsOf(gb)];
    if (ca.size > 0 && cb.size > 0 && ![...ca].some((c) => cb.has(c))) continue;
    union(pair[0], pair[1], "title+rank", jaccard(pair[0], pair[1]), true);
  }

  // C. Weak attachments, decided on B's state and then applied.
  const isAnchor = (n: Node) => !n.d.tracker && !n.untitled;
  /** Share of a group's list rows that carry one of n's acronyms. */
  const support = (r: number, n: Node) => {
    const anchors = grouping.of(r).filter(isAnchor);
    const carrying = anchors.filter((m) => m.d.acronyms.some((a) => n.d.acronyms.includes(a)));
    return anchors.length === 0 ? 0 : carrying.length / anchors.length;
  };
  const weakGroup = (r: number) => !grouping.of(r).some(isAnchor);
  // A row whose title is one venue's (a list row's, under an acronym that disagrees) while its acronym is another's
  // (list rows carrying it under a title unlike its own): paperswithcode's "CHI" titled as AAAI. Neither can be
  // trusted to place it, so it attaches nowhere, save to a row of its own list bearing that title (the list names
  // one venue twice: QUALIS files KDD under "KDD" and under "CHI"). A row whose acronym names no other venue is a
  // renamed one and may still follow its title (FGR / FG, ISMEM / ISMM).
  const titleOwner = (n: Node) => {
    if (n.untitled || !n.d.normTitle) return undefined;
    const owner = byTitle
      .get(n.d.normTitle)
      ?.find((m) => isAnchor(m) && find(m.i) !== find(n.i) && !acronymsAgree(n, m));
    if (!owner) return undefined;
    // Its acronym is another venue's: rows carry it under unlike titles, none under a title like its own (ISMM,
    // Memory Management, also names Mathematical Morphology: a shared acronym, not a conflict).
    const carriers = n.d.acronyms.flatMap((a) => block(byAcronym, a)).filter((k) => k !== n && isAnchor(k));
    const named =
      carriers.some((k) => find(k.i) !== find(owner.i)) &&
      carriers.every((k) => sim(n, k) < opts.acronymThreshold);
    return named ? owner : undefined;
  };
  const conflicts = new Map<Node, Node>();
  for (const n of nodes) {
    const owner = titleOwner(n);
    if (owner) conflicts.set(n, owner);
  }
  // Each pass decides on the state the last one left. Only a row left ambiguous can gain from another's
  // attachment (its candidates may merge into one), so later passes revisit those alone.
  let visit = sortedNodes;
  for (let pass = 0; pass < 3; pass++) {
    const attachments: { n: Node; to: Node; rule: MatchRule; score: number }[] = [];
    const pending: Ambiguity[] = [];
    const undecided: Node[] = [];
    for (const n of visit) {
      const own = find(n.i);
      const alone = grouping.of(own).length === 1;
      if (!weakGroup(own) && !alone) continue;
      const owner = conflicts.get(n);
      if (owner && pass === 0) record("title-conflict", 1, n, owner);
      const best = new Map<number, { to: Node; score: number; rule: MatchRule }>();
      const consider = (m: Node, rule: MatchRule) => {
        const r = find(m.i);
        if (r === own) return;
        // Jaccard, not overlap: a short title contained in several ("Artificial Intelligence") must not tie.
        const s = jaccard(n, m);
        const prev = best.get(r);
        if (!prev || s > prev.score) best.set(r, { to: m, score: s, rule });
      };
      const rankAgrees = (m: Node) => n.d.rankClaims.some((c) => m.d.rankClaims.includes(c));
      for (const a of owner ? [] : n.d.acronyms) {
        for (const m of block(byAcronym, a)) {
          if (n.d.strictAcronym || m.d.strictAcronym) continue;
          if (weakGroup(own) || n.untitled) consider(m, "acronym");
          else if (rankAgrees(m)) consider(m, "acronym+rank");
        }
      }
      // A lone row whose title another venue bears, under another acronym (a renamed or mislabelled row).
      if (alone && !n.d.tracker && !n.untitled && n.d.normTitle) {
        // Nor does another row follow a conflicting row's title to its group.
        for (const m of byTitle.get(n.d.normTitle) ?? [])
          if (owner ? m.d.source === n.d.source : !conflicts.has(m)) consider(m, "title");
      }
      if (best.size === 0 && !owner) {
        let contradicted: Node | null = null;
        for (const a of n.d.acronymParts ?? []) {
          for (const m of block(byAcronym, a)) {
            // A titled row goes to a part's series only if its title does not contradict the series' title.
            if (!n.untitled && !m.untitled && sim(n, m) < opts.acronymThreshold) contradicted ??= m;
            else consider(m, "acronym-part");
          }
        }
        if (contradicted && best.size === 0 && pass === 0) record("title-contradicts", 0, n, contradicted);
      }
      const open = [...best.entries()].filter(([r]) => !aliasClash(own, r) && !cannot(own, r));
      // A venue a list defines is a better home than another group of tracker or untitled rows.
      const anchored = open.filter(([r]) => !weakGroup(r));
      const ranked = (anchored.length > 0 ? anchored : open)
        .map(([r, c]) => [r, { ...c, support: support(r, n) }] as const)
        .sort(
          ([ra, a], [rb, b]) => b.score - a.score || b.support - a.support || byRank(a.to, b.to) || ra - rb,
        );
      const [first, second] = ranked;
      if (!first) continue;
      // Close titles: the venue whose rows mostly carry this acronym wins ("CHI" is CHI's acronym, not that
      // of KDD, which one mislabelled row gives it); otherwise nothing tells them apart.
      const tied = second && first[1].score - second[1].score < opts.margin;
      if (tied && first[1].support - second[1].support < 0.5) {
        undecided.push(n);
        pending.push({
          source: n.d.source,
          key: n.d.key,
          title: n.d.title,
          reason: "several venues share the acronym and nothing tells them apart: kept apart",
          candidates: ranked.slice(0, 5).map(([r, c]) => ({
            cluster: r,
            titles: titlesOf(grouping.of(r)),
            similarity: c.score,
          })),
        });
        continue;
      }
      attachments.push({ n, to: first[1].to, rule: first[1].rule, score: first[1].score });
    }
    for (const a of attachments) union(a.n, a.to, a.rule, a.score, true);
    if (attachments.length === 0 || pass === 2) {
      ambiguities.push(...pending);
      break;
    }
    visit = undecided;
  }

  // D. Joint editions ("ECML-PKDD", "IJCNLP & AACL", "ICAT-EGVE", "IWSM MENSURA", "AISW-PET"): a group holding a
  // titled row with a joint acronym is one venue with the series a part of that acronym names, when the series'
  // title lies inside the joint row's (the joint edition is an edition of the series, or the series goes on as the
  // joint conference). A joint row titled as one series alone ("IJCAI-ECAI" titled as IJCAI, "AISW-PET" as AISW)
  // is that series' edition and joins no other. Otherwise the group joins the series with the closest title, one
  // per pass, decided on the pass's starting state. Two venues a current list ranks apart are never joined.
  const jointSeries = (n: Node) => {
    const parts = n.d.acronymParts ?? [];
    // Two named series at least, each with three letters or more: "ISGT-LA" and "VR-SIG" are a region and a
    // society, not a partner.
    if (n.untitled || parts.length < 2 || parts.some((p) => p.length < 3)) return [];
    return parts.flatMap((part) => {
      // The series goes by the part itself ("ICAT"), not by a longer acronym that merely contains it.
      return block(byAcronym, part).filter(
        (m) =>
          (m.d.acronyms[0] === part || m.d.bareAcronym === part) &&
          isAnchor(m) &&
          !m.d.strictAcronym &&
          m.tokens.size >= 2,
      );
    });
  };
  for (let pass = 0; pass < 2; pass++) {
    const joins = new Map<number, { n: Node; m: Node; score: number }>();
    for (const n of sortedNodes) {
      const own = find(n.i);
      const candidates = jointSeries(n);
      // A series whose title holds the joint row's, and no other part's series: the row is that series' edition
      // ("IJCAI-ECAI" titled as IJCAI). A title holding two series' titles is the joint venue's own (ICORE2026's
      // "EGVE", QUALIS's "ECML" for ECML-PKDD), not one series'.
      const holds = (outer: Node, inner: Node) => weightedContainment(title(inner), title(outer), weight);
      const home = candidates.find(
        (m) =>
          holds(m, n) >= JOINT_OWN_TITLE &&
          !candidates.some((o) => find(o.i) !== find(m.i) && holds(m, o) >= JOINT_CONTAINMENT),
      );
      for (const m of home ? [home] : candidates) {
        if (find(m.i) === own || (!home && holds(n, m) < JOINT_CONTAINMENT)) continue;
        const score = jaccard(n, m);
        const prev = joins.get(own);
        if (!prev || score > prev.score) joins.set(own, { n, m, score });
      }
    }
    let joined = 0;
    for (const j of joins.values()) if (union(j.n, j.m, "joint", j.score, true)) joined++;
    if (joined === 0) break;
  }

  // E. Successors: a series whose notes say it goes on as another ("RTA … (now merged with FSCD …)", "RBAC … (now
  // SACMAT)") is one venue with the one group whose list rows carry that acronym; two such groups, or none, and it
  // stays where it is.
  for (const n of sortedNodes) {
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
    const to = grouping.of(home).find(isAnchor) as Node;
    union(n, to, "successor", 1, true);
  }

  // Venues: groups with a row that may found one, in the order of their first observation.
  const roots = [...grouping.members.entries()]
    .filter(([, list]) => list.some((n) => n.d.canCreate))
    .map(([r, list]) => ({ r, list: list.sort((a, b) => a.i - b.i) }))
    .sort((a, b) => (a.list[0] as Node).i - (b.list[0] as Node).i);
  const clusterOf = new Map(roots.map(({ r }, c) => [r, c]));
  const clusters: Cluster<O>[] = roots.map(({ list }) => ({
    // A row that lost a key (journals) is handed on without it.
    members: list.map((n) => {
      const lost = lostKeys.get(n.i);
      const o = observations[n.i] as O;
      return lost && n.d.withoutKeys ? (n.d.withoutKeys(lost, (lostWhy.get(n.i) ?? []).join("; ")) as O) : o;
    }),
    exactKeys: new Set(list.flatMap(kept)),
  }));
  const events: MatchEvent[] = nodes.map((n) => {
    const c = clusterOf.get(find(n.i)) ?? null;
    const founder = c !== null && roots[c]?.list[0]?.i === n.i;
    const how = ruleOf.get(n.i);
    const rule: MatchRule = c === null ? "unmatched" : founder || !how ? "new" : how.rule;
    return { source: n.d.source, key: n.d.key, rule, cluster: c, similarity: how?.score };
  });
  for (const a of ambiguities)
    a.candidates = a.candidates.map((x) => ({ ...x, cluster: clusterOf.get(find(x.cluster)) ?? -1 }));

  // Venues the alias table keeps apart on purpose (two alias keys) are reviewed: not suspects. Venues a curated
  // list ranks as two distinct rows are listed apart from the suspects: the list itself says two venues.
  const verdict = (a: Node, b: Node): Verdict => {
    const [ra, rb] = [find(a.i), find(b.i)];
    if (aliasClash(ra, rb)) return "reviewed";
    return cannot(ra, rb) !== null ? "listed-apart" : "suspect";
  };
  return {
    clusters,
    events,
    ambiguities,
    decisions: { counts, listed },
    ...suspectedDuplicates([...edges, ...titleOnly], find, clusterOf, verdict),
  };
}

const titlesOf = (list: Node[]) =>
  [...new Set(list.flatMap((n) => (n.d.title ? [n.d.title] : [])))].slice(0, 3);
