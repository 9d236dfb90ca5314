/**
 * What every phase of resolve() reads, set up once: the nodes, the evidence between them, the blocks that say which
 * are compared; and the one state the phases change, the groups (`clustering`).
 */
import { type Blocks, blocksOf } from "./blocks.ts";
import { type Clustering, clusteringOf } from "./clustering.ts";
import { type Evidence, evidenceOf } from "./evidence.ts";
import { type Nodes, nodesOf } from "./nodes.ts";
import type { Resolvable, ResolveOptions } from "./resolution.ts";

export interface Resolving {
  nodes: Nodes;
  opts: ResolveOptions;
  evidence: Evidence;
  blocks: Blocks;
  clustering: Clustering;
}

export function startResolving<O>(
  observations: readonly O[],
  describe: (o: O) => Resolvable<O>,
  opts: ResolveOptions,
): Resolving {
  const nodes = nodesOf(observations, describe);
  const evidence = evidenceOf(nodes.all, opts);
  return {
    nodes,
    opts,
    evidence,
    blocks: blocksOf(nodes.sorted, opts.maxBlock),
    clustering: clusteringOf(nodes.all, evidence),
  };
}
