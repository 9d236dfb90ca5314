/**
 * Entity resolution: groups the observations of all sources into venues. Observations arrive in source
 * priority order; each joins the best existing cluster or starts a new one:
 *   1. an exact key (dblp key, CORE id, reference id, ISSN, hand-kept alias) shared with a cluster;
 *   2. a shared normalised acronym whose titles are similar enough, or failing that, whose rank claims agree
 *      (the alias table settles known collisions);
 *   3. an identical normalised title;
 *   4. otherwise a new cluster, unless the source may not create venues (acceptance-only sources).
 * A cluster never takes two observations of one source: within one list, two rows are two venues.
 */
import { titleSimilarity, titleTokens } from "./similarity.ts";

export interface Resolvable {
  source: string;
  key: string;
  /** Keys that identify a venue on their own: "dblp:conf/aaai", "core:52", "ref:87", "issn:0360-0300", "alias:…". */
  exactKeys: string[];
  /** Normalised acronym variants. */
  acronyms: string[];
  /** Normalised title (for the identical-title rule). */
  normTitle: string | null;
  title: string | null;
  /** Rank claims as "SYSTEM:rank" ("CCF:A"): evidence that two spellings of one acronym are one venue. */
  rankClaims: string[];
  /** May this observation start a venue of its own? */
  canCreate: boolean;
}

/** A venue as resolution leaves it: its observations and every exact key they brought. */
export interface Cluster<O> {
  members: O[];
  exactKeys: Set<string>;
}

/**
 * What matching compares a cluster on while resolution runs. Dropped when it ends: at 100 times today's
 * catalogue these sets weigh as much as the observations themselves.
 */
interface Working<O> extends Cluster<O> {
  sources: Set<string>;
  acronyms: Set<string>;
  normTitles: Set<string>;
  tokenSets: Set<string>[];
  rankClaims: Set<string>;
  /** Holds an alias key: then it belongs to that alias only. */
  aliased: boolean;
}

const isAlias = (key: string) => key.startsWith("alias:");

export type MatchRule =
  | "exact"
  | "acronym+title"
  | "acronym+rank"
  | "acronym"
  | "title"
  | "new"
  | "unmatched";

export interface MatchEvent {
  source: string;
  key: string;
  rule: MatchRule;
  cluster: number | null;
  similarity?: number;
}

export interface Ambiguity {
  source: string;
  key: string;
  title: string | null;
  reason: string;
  candidates: { cluster: number; titles: string[]; similarity: number }[];
}

export interface ResolveOptions {
  /** Title similarity needed to join a cluster that shares an acronym when several share it. */
  acronymThreshold: number;
  /** Lower bar when exactly one cluster has the acronym. */
  singleCandidateThreshold: number;
}

export interface Resolution<O> {
  clusters: Cluster<O>[];
  events: MatchEvent[];
  ambiguities: Ambiguity[];
}

const DEFAULTS: ResolveOptions = { acronymThreshold: 0.5, singleCandidateThreshold: 0.3 };

function push<K, V>(index: Map<K, V[]>, key: K, value: V): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}

export function resolve<O>(
  observations: readonly O[],
  describe: (o: O) => Resolvable,
  options: Partial<ResolveOptions> = {},
): Resolution<O> {
  const opts = { ...DEFAULTS, ...options };
  const clusters: Working<O>[] = [];
  const byExact = new Map<string, number>();
  const byAcronym = new Map<string, number[]>();
  const byTitle = new Map<string, number[]>();
  const events: MatchEvent[] = [];
  const ambiguities: Ambiguity[] = [];

  const open = (c: number, source: string) => !clusters[c]?.sources.has(source);
  const clusterTitles = (c: number) => [...(clusters[c]?.normTitles ?? [])].slice(0, 3);
  const bestSimilarity = (c: number, tokens: Set<string>) =>
    Math.max(0, ...(clusters[c]?.tokenSets ?? []).map((t) => titleSimilarity(t, tokens)));

  const join = (c: number, o: O, d: Resolvable, tokens: Set<string>) => {
    const cluster = clusters[c] as Working<O>;
    cluster.members.push(o);
    cluster.sources.add(d.source);
    for (const k of d.exactKeys) {
      if (isAlias(k)) cluster.aliased = true;
      cluster.exactKeys.add(k);
      if (!byExact.has(k)) byExact.set(k, c);
    }
    for (const a of d.acronyms) {
      if (!cluster.acronyms.has(a)) push(byAcronym, a, c);
      cluster.acronyms.add(a);
    }
    if (d.normTitle && !cluster.normTitles.has(d.normTitle)) {
      cluster.normTitles.add(d.normTitle);
      push(byTitle, d.normTitle, c);
    }
    if (tokens.size > 0) cluster.tokenSets.push(tokens);
    for (const r of d.rankClaims) cluster.rankClaims.add(r);
  };

  for (const o of observations) {
    const d = describe(o);
    const tokens = d.title ? titleTokens(d.title) : new Set<string>();
    const record = (rule: MatchRule, cluster: number | null, similarity?: number) =>
      events.push({ source: d.source, key: d.key, rule, cluster, similarity });

    // 1. Exact keys.
    const exact = [...new Set(d.exactKeys.map((k) => byExact.get(k)).filter((c) => c !== undefined))];
    const exactOpen = exact.filter((c) => open(c, d.source));
    if (exactOpen.length > 0) {
      const c = exactOpen[0] as number;
      if (exactOpen.length > 1) {
        ambiguities.push({
          source: d.source,
          key: d.key,
          title: d.title,
          reason: "exact keys point at several venues; joined the first",
          candidates: exactOpen.map((x) => ({ cluster: x, titles: clusterTitles(x), similarity: 1 })),
        });
      }
      join(c, o, d, tokens);
      record("exact", c);
      continue;
    }

    // 2. Shared acronym, settled by title similarity. Clusters holding an alias key belong to that alias only.
    const hasAlias = d.exactKeys.some(isAlias);
    const candidates = [...new Set(d.acronyms.flatMap((a) => byAcronym.get(a) ?? []))].filter(
      (c) => open(c, d.source) && !hasAlias && !clusters[c]?.aliased,
    );
    if (candidates.length > 0) {
      const scored = candidates
        .map((c) => ({ cluster: c, similarity: tokens.size ? bestSimilarity(c, tokens) : 0 }))
        .sort((a, b) => b.similarity - a.similarity || a.cluster - b.cluster);
      const best = scored[0] as { cluster: number; similarity: number };
      const untitled = tokens.size === 0 || (clusters[best.cluster]?.tokenSets.length ?? 0) === 0;
      if (best.similarity >= opts.acronymThreshold) {
        join(best.cluster, o, d, tokens);
        record("acronym+title", best.cluster, best.similarity);
        continue;
      }
      if (scored.length === 1 && (untitled || best.similarity >= opts.singleCandidateThreshold)) {
        join(best.cluster, o, d, tokens);
        record("acronym", best.cluster, best.similarity);
        continue;
      }
      // Renamed venues: titles drifted apart, but the lists rank them the same.
      const sameRank = scored.filter((s) => d.rankClaims.some((r) => clusters[s.cluster]?.rankClaims.has(r)));
      if (sameRank.length === 1) {
        const only = sameRank[0] as { cluster: number; similarity: number };
        join(only.cluster, o, d, tokens);
        record("acronym+rank", only.cluster, only.similarity);
        continue;
      }
      ambiguities.push({
        source: d.source,
        key: d.key,
        title: d.title,
        reason:
          scored.length > 1 && untitled
            ? "several venues share the acronym and there is no title to choose"
            : "acronym shared but titles differ: kept apart",
        candidates: scored.slice(0, 5).map((s) => ({ ...s, titles: clusterTitles(s.cluster) })),
      });
    }

    // 3. Identical normalised title.
    const sameTitle = d.normTitle ? (byTitle.get(d.normTitle) ?? []).filter((c) => open(c, d.source)) : [];
    if (sameTitle.length > 0) {
      const c = sameTitle[0] as number;
      join(c, o, d, tokens);
      record("title", c);
      continue;
    }

    // 4. A venue of its own.
    if (!d.canCreate) {
      record("unmatched", null);
      continue;
    }
    clusters.push({
      members: [],
      sources: new Set(),
      exactKeys: new Set(),
      acronyms: new Set(),
      normTitles: new Set(),
      tokenSets: [],
      rankClaims: new Set(),
      aliased: false,
    });
    join(clusters.length - 1, o, d, tokens);
    record("new", clusters.length - 1);
  }
  return {
    clusters: clusters.map(({ members, exactKeys }) => ({ members, exactKeys })),
    events,
    ambiguities,
  };
}
