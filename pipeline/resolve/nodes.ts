/**
 * The nodes of resolution: one per observation, with what every phase asks of it, and the order of the nodes' own
 * keys, the tie-break that makes the result independent of the order observations arrive in.
 */
import type { Resolvable } from "./resolution.ts";
import { titleTokens } from "./similarity.ts";
import { typoCorrections } from "./typos.ts";

export interface Node {
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

/** The nodes in observation order (node i is observation i) and in the order of their keys. */
export interface Nodes {
  all: Node[];
  sorted: Node[];
}

const byId = (a: Node, b: Node) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** The same order as byId, on numbers: set once all nodes exist. */
export const byRank = (a: Node, b: Node) => a.rank - b.rank;

/** A row a list defines a venue by: titled, and not a tracker's. */
export const isAnchor = (n: Node) => !n.d.tracker && !n.untitled;

export function nodesOf<O>(observations: readonly O[], describe: (o: O) => Resolvable<O>): Nodes {
  const described = observations.map((o) => {
    const d = describe(o);
    return { d, words: d.title ? titleTokens(d.title) : new Set<string>() };
  });
  // A slip of the pen in one title ("Forntiers") would hide its venue from every other list's row.
  const distinct = new Map(described.map(({ d, words }) => [d.normTitle ?? "", words]));
  const typos = typoCorrections(distinct.values());
  const all: Node[] = described.map(({ d, words: raw }, i) => {
    const words = typos.size === 0 ? raw : new Set([...raw].map((w) => typos.get(w) ?? w));
    // A title that only repeats the acronym ("KDD", "ACM SIGCOMM Conference") says nothing more.
    const own = new Set(d.acronyms.map((a) => a.toLowerCase()));
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
  const sorted = [...all].sort(byId);
  sorted.forEach((n, rank) => {
    n.rank = rank;
  });
  return { all, sorted };
}
