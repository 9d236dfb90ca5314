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
    block: (index, key) => {
      const list = index.get(key) ?? [];
      return list.length > maxBlock ? [] : list;
    },
  };
  for (const n of sorted) {
    for (const k of n.d.exactKeys) push(blocks.byExact, k, n);
    for (const a of n.d.acronyms) push(blocks.byAcronym, a, n);
    if (n.d.normTitle && !n.untitled) push(blocks.byTitle, n.d.normTitle, n);
    if (n.d.titleKey && !n.untitled) push(blocks.byTitleKey, n.d.titleKey, n);
  }
  return blocks;
}

/** The blocks of two nodes or more, by key. */
export const sortedEntries = (index: Map<string, Node[]>) =>
  [...index.entries()].filter(([, list]) => list.length > 1).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
