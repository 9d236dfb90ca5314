/**
 * Blocks: only nodes sharing a key, an acronym or a title are ever compared. Every block lists its nodes in the
 * order of their keys (they are filed in that order), so what a phase reads from one does not depend on the
 * order observations arrive in.
 */
import type { Node } from "./nodes.ts";

export interface Blocks {
  byExact: Map<string, Node[]>;
  byAcronym: Map<string, Node[]>;
  /** Titled rows by normalised title. */
  byTitle: Map<string, Node[]>;
  /** Titled rows by title with a journal's generic qualifier dropped (`titleKey`). */
  byTitleKey: Map<string, Node[]>;
  /** Titled rows by the rarest words of their titles (`RARE_WORDS` each): near-same titles meet in one. */
  byRareWord: Map<string, Node[]>;
  /** The nodes under one blocking key, none when the block is too large to compare (see `maxBlock`). */
  block(index: Map<string, Node[]>, key: string): Node[];
}

function push<K, V>(index: Map<K, V[]>, key: K, value: V): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}

/** Files the nodes, given in the order of their keys. */
export function blocksOf(sorted: readonly Node[], maxBlock: number): Blocks {
  const blocks: Blocks = {
    byExact: new Map(),
    byAcronym: new Map(),
    byTitle: new Map(),
    byTitleKey: new Map(),
    byRareWord: new Map(),
    block: (index, key) => {
      const list = index.get(key) ?? [];
      return list.length > maxBlock ? [] : list;
    },
  };
  const df = new Map<string, number>();
  for (const n of sorted) for (const w of n.tokens) df.set(w, (df.get(w) ?? 0) + 1);
  const rarest = (n: Node) =>
    [...n.tokens]
      .sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, RARE_WORDS);
  for (const n of sorted) {
    for (const k of n.d.exactKeys) push(blocks.byExact, k, n);
    for (const a of n.d.acronyms) push(blocks.byAcronym, a, n);
    if (n.d.normTitle && !n.untitled) push(blocks.byTitle, n.d.normTitle, n);
    if (n.d.titleKey && !n.untitled) push(blocks.byTitleKey, n.d.titleKey, n);
    if (!n.untitled) for (const w of rarest(n)) push(blocks.byRareWord, w, n);
  }
  return blocks;
}

/** How many of a title's rarest words it is filed under: two near-same titles share one of them or more. */
const RARE_WORDS = 2;

/** The blocks of two nodes or more, by key. */
export const sortedEntries = (index: Map<string, Node[]>) =>
  [...index.entries()].filter(([, list]) => list.length > 1).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
