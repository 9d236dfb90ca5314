/**
 * Entity resolution as one global clustering: every observation is a node (`nodes.ts`), evidence between two
 * nodes is an edge (`evidence.ts`), and venues are the connected groups left once cannot-links have had their say
 * (`clustering.ts`). Nothing depends on the order observations arrive in: edges are applied strongest first, ties
 * broken by the nodes' own keys. The phases, each on the groups the one before left:
 *
 *   A'. held out first: a row whose acronym is one venue's and whose title is another's joins none
 *      (`title-conflicts.ts`);
 *   A. must-links: a shared exact key (dblp key, CORE id, reference id, ISSN, reviewed alias) (`must-links.ts`);
 *   B. strong edges, by score: a shared acronym with similar titles (rare words weigh more), an identical
 *      normalised title, a former name; then B', journals' qualified titles (`strong-edges.ts`);
 *   C. weak attachments, decided on the state B left and applied together: a group with no list row or a lone
 *      row attaches to the one venue its acronym, joint-acronym part or agreeing rank claims point at; several
 *      candidates make it ambiguous, never a guess (`weak-attachments.ts`);
 *   D. joint editions ("ICAT-EGVE", "IWSM MENSURA"): one venue with the series whose title lies inside theirs
 *      (`joint-editions.ts`);
 *   E. successors: a series whose CORE note says what it goes on as ("now SACMAT") joins that venue
 *      (`successors.ts`).
 * D and E are held apart only by the current lists (CCF 2026, ICORE2026), not by older lists' two rows.
 * Cannot-links: two distinct rows of one curated list (same `exclusive` group) never share a venue, unless
 * they are duplicate rows (near-identical titles), which are merged and reported. A group whose rows may not
 * found a venue (acceptance lists, the archived paperswithcode list) is left unmatched (`venues.ts`).
 * The close pairs left apart are listed for review: stage B's, and those of two venues ranked by complementary
 * lists (`complementary-pairs.ts`).
 */
import { complementaryPairs } from "./complementary-pairs.ts";
import { jointEditions } from "./joint-editions.ts";
import { mustLinks } from "./must-links.ts";
import { RESOLVE_DEFAULTS, type Resolution, type Resolvable, type ResolveOptions } from "./resolution.ts";
import { startResolving } from "./resolving.ts";
import { qualifiedTitles, strongEdges } from "./strong-edges.ts";
import { successors } from "./successors.ts";
import { holdOutTitleConflicts } from "./title-conflicts.ts";
import { venuesOf } from "./venues.ts";
import { weakAttachments } from "./weak-attachments.ts";

export function resolve<O>(
  observations: readonly O[],
  describe: (o: O) => Resolvable<O>,
  options: Partial<ResolveOptions> = {},
): Resolution<O> {
  const r = startResolving(observations, describe, { ...RESOLVE_DEFAULTS, ...options });
  holdOutTitleConflicts(r);
  mustLinks(r);
  const reviewed = strongEdges(r);
  qualifiedTitles(r);
  weakAttachments(r);
  jointEditions(r);
  successors(r);
  return venuesOf(observations, r, [...reviewed, ...complementaryPairs(r)]);
}
