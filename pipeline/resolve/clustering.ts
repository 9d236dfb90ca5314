/**
 * The groups resolution builds and the decisions taken on them: a union is applied unless a cannot-link forbids
 * it, and both are counted for the build report.
 */
import type { Evidence } from "./evidence.ts";
import { Groups } from "./groups.ts";
import type { Node } from "./nodes.ts";
import type { Ambiguity, Decision, HeldOut, MatchRule } from "./resolution.ts";

/** The lists of today: two venues each of them ranks stay two venues, whatever a joint name says. */
const CURRENT_LISTS = ["ccf2026", "icore"];
/** How many non-exact decisions the report lists one by one (counts are always complete). */
const LISTED_DECISIONS = 3000;

export interface Clustering {
  /** The root of node x's group. */
  find(x: number): number;
  /** The members of the group whose root is `root`. */
  of(root: number): Node[];
  /** Members of each group, by root. */
  readonly members: Map<number, Node[]>;
  /** Both groups hold rows of one curated list and no row of one duplicates a row of the other. */
  cannot(ra: number, rb: number): [Node, Node] | null;
  /** Both groups bear reviewed alias keys, none shared: the alias table keeps them apart. */
  aliasClash(ra: number, rb: number): boolean;
  record(rule: Decision["rule"], score: number, a: Node, b: Node): void;
  /**
   * Joins the groups of a and b unless a cannot-link forbids it; true when they are (now) one group. A joint
   * edition or a series' successor (`rule` "joint", "successor") is held apart only by the current lists (CCF
   * 2026, ICORE2026), not by older ones that list a series and what it became as two rows.
   */
  union(a: Node, b: Node, rule: MatchRule, score: number, checkAlias?: boolean): boolean;
  /** The rule and score by which each node first joined another. */
  readonly ruleOf: Map<number, { rule: MatchRule; score: number }>;
  /** Counts of applied decisions by rule and source pair, and the first non-exact ones in full. */
  readonly decisions: { counts: Record<string, number>; listed: Decision[] };
  /** Rows left apart for want of a single answer. */
  readonly ambiguities: Ambiguity[];
  /** Keeps the node out of every group: no union takes it, it founds no venue. */
  holdOut(n: Node, why: HeldOut): void;
  /** The held-out nodes, by node index. */
  readonly heldOut: Map<number, HeldOut>;
}

export function clusteringOf(nodes: readonly Node[], evidence: Evidence): Clustering {
  // Node i is item i; each root keeps the list of its members.
  const grouping = new Groups(nodes);
  const find = (x: number): number => grouping.find(x);
  const cannot = (ra: number, rb: number): [Node, Node] | null => {
    const left = grouping.of(ra);
    const right = grouping.of(rb);
    const groups = new Set(left.flatMap((x) => (x.d.exclusive ? [x.d.exclusive] : [])));
    for (const g of groups) {
      const xs = left.filter((x) => x.d.exclusive === g);
      const ys = right.filter((y) => y.d.exclusive === g);
      if (ys.length > 0 && !xs.some((x) => ys.some((y) => evidence.duplicates(x, y))))
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
  // Roots of groups holding a row with an alias key: only those can clash.
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
  const ruleOf = new Map<number, { rule: MatchRule; score: number }>();
  const record = (rule: Decision["rule"], score: number, a: Node, b: Node) => {
    const key = `${rule} ${a.d.source}~${b.d.source}`;
    counts[key] = (counts[key] ?? 0) + 1;
    if (rule !== "exact" && listed.length < LISTED_DECISIONS)
      listed.push({ rule, score: Math.round(score * 1000) / 1000, a: a.id, b: b.id });
  };
  const heldOut = new Map<number, HeldOut>();
  const union = (a: Node, b: Node, rule: MatchRule, score: number, checkAlias = false): boolean => {
    const ra = find(a.i);
    const rb = find(b.i);
    if (ra === rb) return true;
    if (heldOut.has(a.i) || heldOut.has(b.i)) return false;
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
  return {
    find,
    of: (root) => grouping.of(root),
    members: grouping.members,
    cannot,
    aliasClash,
    record,
    union,
    ruleOf,
    decisions: { counts, listed },
    ambiguities: [],
    holdOut: (n, why) => heldOut.set(n.i, why),
    heldOut,
  };
}
