/**
 * Phase A', held out: a row whose acronym is one venue's while its title is another's (QUALIS's "CHI" titled as
 * SIGKDD's conference, paperswithcode's "CHI" titled as AAAI) says two things that cannot both be true, and nothing
 * in the row tells which. It joins no venue and founds none; the build report lists it with the two venues. A row
 * the reviewed alias table places (an `alias:` key) is exempt: the table has decided it. A row whose acronym names
 * no other venue is a renamed one and may still follow its title (FGR / FG, ISMEM / ISMM). Both venues are named
 * by rows of curated lists (CCF, CORE, QUALIS, the reference): a tracker copies titles (mpc titles ArcticCrypt as
 * EUROCRYPT).
 */
import { isAnchor, type Node } from "./nodes.ts";
import type { HeldOut } from "./resolution.ts";
import type { Resolving } from "./resolving.ts";

export const TITLE_CONFLICT_RULE = "acronym-title-conflict" as const;

/** A row of a curated list (CCF, CORE, QUALIS): what names a venue; a tracker's title may be copied from another. */
const listed = (n: Node) => isAnchor(n) && Boolean(n.d.exclusive);
const rowOf = (n: Node) => ({ source: n.d.source, key: n.d.key, title: n.d.title });

/** Marks every row whose acronym and title point to different venues as held out. */
export function holdOutTitleConflicts(r: Resolving): void {
  for (const n of r.nodes.sorted) {
    const found = conflictOf(r, n);
    if (!found) continue;
    r.clustering.holdOut(n, found.heldOut);
    r.clustering.record("title-conflict", 1, n, found.owner);
  }
}

/** The venue the row's acronym names and the one its title names, when they differ. */
function conflictOf(r: Resolving, n: Node): { heldOut: HeldOut; owner: Node } | null {
  const { find } = r.clustering;
  const { block, byAcronym, byTitle } = r.blocks;
  const { sim, acronymsAgree } = r.evidence;
  if (n.untitled || !n.d.normTitle || n.aliases.length > 0) return null;
  const owner = byTitle
    .get(n.d.normTitle)
    ?.find((m) => listed(m) && find(m.i) !== find(n.i) && !acronymsAgree(n, m));
  if (!owner) return null;
  // Its acronym is another venue's: rows carry it under unlike titles, none under a title like its own (ISMM,
  // Memory Management, also names Mathematical Morphology: a shared acronym, not a conflict).
  const carriers = n.d.acronyms.flatMap((a) => block(byAcronym, a)).filter((k) => k !== n && isAnchor(k));
  const named = carriers.find((k) => listed(k) && find(k.i) !== find(owner.i));
  if (!named || carriers.some((k) => sim(n, k) >= r.opts.acronymThreshold)) return null;
  const heldOut: HeldOut = {
    rule: TITLE_CONFLICT_RULE,
    row: { ...rowOf(n), acronym: n.d.acronyms[0] ?? null },
    acronym_venue: rowOf(named),
    title_venue: rowOf(owner),
  };
  return { heldOut, owner };
}
