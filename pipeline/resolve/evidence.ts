/**
 * What two nodes say of each other: how alike their titles are (rare words weigh more), whether their acronyms
 * agree, whether they are duplicate rows of one list. Holds the exact keys journals' rows lose in the must-links
 * (phase A), since a lost key no longer makes two rows duplicates.
 */
import type { Node } from "./nodes.ts";
import type { ResolveOptions } from "./resolution.ts";
import {
  type WeightedTitle,
  weighted,
  weightedContainment,
  weightedJaccard,
  weightedSimilarity,
  wordWeights,
} from "./similarity.ts";

export interface Evidence {
  /** Weighted title similarity. */
  sim(a: Node, b: Node): number;
  /** Weighted Jaccard of the titles' words. */
  jaccard(a: Node, b: Node): number;
  /** Weighted share of `inner`'s title found in `outer`'s. */
  holds(outer: Node, inner: Node): number;
  /** Acronyms agree when one spells the other with more letters ("SIGKDD" / "KDD", "ACM_WiSec" / "WiSec"). */
  acronymsAgree(a: Node, b: Node): boolean;
  /** Duplicate rows of one list: rows a cannot-link does not hold apart (never two SCImago rows of disjoint ISSNs). */
  duplicates(a: Node, b: Node): boolean;
  /**
   * Two rows of one source under acronyms that disagree, each saying where and when its venue meets, in other
   * places and other months: that source lists two venues, whatever title they share.
   */
  heldApart(a: Node, b: Node): boolean;
  /** The node's exact keys, less those it lost. */
  keysOf(n: Node): string[];
  /** Takes a key from a journal's row, saying why (the row is handed on without it). */
  loseKey(n: Node, key: string, why: string): void;
  /** The keys the node lost and why, if any. */
  lost(n: Node): { keys: string[]; why: string[] } | undefined;
}

/** The source whose journal rows carry all their journal's ISSNs. */
const ISSN_REGISTER = "scimago";

export function evidenceOf(nodes: readonly Node[], opts: ResolveOptions): Evidence {
  const weight = wordWeights(nodes.map((n) => n.tokens));
  const titles: WeightedTitle[] = nodes.map((n) => weighted(n.tokens, weight));
  const title = (n: Node) => titles[n.i] as WeightedTitle;
  const jaccard = (a: Node, b: Node) => weightedJaccard(title(a), title(b), weight);
  const contains = (x: string, y: string) => x === y || (y.length >= 3 && x.includes(y));
  const acronymsAgree = (a: Node, b: Node) =>
    a.d.acronyms.length === 0 ||
    b.d.acronyms.length === 0 ||
    a.d.acronyms.some((x) => b.d.acronyms.some((y) => contains(x, y) || contains(y, x)));
  // Duplicate rows of one list: one title, or one acronym (a "SIG" prefix aside) and near-identical titles.
  const series = (n: Node) => n.d.acronyms.map((x) => x.replace(/^SIG(?=[A-Z]{2})/, ""));
  // A place compared on its letters alone ("Xi an, China" / "Xi'an, China"); a venue that moves between months of
  // the year or between places (IMCOM: Danang, then Taipei, each January) is not two venues by one of them.
  const placeKey = (place: string) => place.toLowerCase().replace(/[^\p{L}]+/gu, "");
  const differ = (x: string | null | undefined, y: string | null | undefined, key = (v: string) => v) =>
    Boolean(x && y && key(x) !== key(y));
  const heldApart = (a: Node, b: Node) =>
    a.d.source === b.d.source &&
    !acronymsAgree(a, b) &&
    differ(a.d.held?.place, b.d.held?.place, placeKey) &&
    differ(a.d.held?.month, b.d.held?.month);
  const lostKeys = new Map<number, { keys: string[]; why: string[] }>();
  const keysOf = (n: Node) => n.d.exactKeys.filter((k) => !lostKeys.get(n.i)?.keys.includes(k));
  // Journals: two rows sharing an ISSN under close titles are one journal listed twice ("Sustainable Computing" /
  // "Sustainable Computing: Informatics and Systems"; a renamed journal SCImago lists under both titles).
  const sharedKeyClose = (a: Node, b: Node) =>
    a.d.withoutKeys !== undefined &&
    b.d.withoutKeys !== undefined &&
    jaccard(a, b) >= opts.duplicateThreshold &&
    keysOf(a).some((k) => keysOf(b).includes(k));
  // Journals: two rows of SCImago, which lists every journal under all its ISSNs, sharing none are two journals
  // whatever their titles (Hindawi's "Journal of Engineering", 2314-4904, and the IET's, 2051-3305). Not the
  // reference's: it gives one ISSN a row, and a renamed journal's old and new one in two rows (TASLP's 1558-7916
  // and 2329-9290), which CCF ranks as one journal.
  const issns = (n: Node) => keysOf(n).filter((k) => k.startsWith("issn:"));
  const issnsApart = (a: Node, b: Node) => {
    if (a.d.source !== ISSN_REGISTER || b.d.source !== ISSN_REGISTER) return false;
    const [x, y] = [issns(a), issns(b)];
    return x.length > 0 && y.length > 0 && !x.some((k) => y.includes(k));
  };
  return {
    sim: (a, b) => weightedSimilarity(title(a), title(b), weight),
    jaccard,
    holds: (outer, inner) => weightedContainment(title(inner), title(outer), weight),
    acronymsAgree,
    // A row that only gives the acronym cannot be told from another row with that acronym: a duplicate too.
    // Rows sharing a reviewed alias key (aliases.yaml: a list naming one venue twice) are duplicates as well.
    duplicates: (a, b) =>
      !issnsApart(a, b) &&
      ((a.d.normTitle !== null && a.d.normTitle === b.d.normTitle) ||
        a.aliases.some((k) => b.aliases.includes(k)) ||
        // The same words under acronyms that disagree are two venues ("Koli Calling" and ICER, one CORE title each).
        (a.tokens.size >= 2 && jaccard(a, b) === 1 && acronymsAgree(a, b)) ||
        (series(a).some((x) => series(b).includes(x)) &&
          (a.untitled || b.untitled || jaccard(a, b) >= opts.duplicateThreshold)) ||
        sharedKeyClose(a, b)),
    heldApart,
    keysOf,
    loseKey: (n, key, why) => {
      const lost = lostKeys.get(n.i);
      if (lost) {
        lost.keys.push(key);
        lost.why.push(why);
      } else lostKeys.set(n.i, { keys: [key], why: [why] });
    },
    lost: (n) => lostKeys.get(n.i),
  };
}
