/**
 * What resolve() reads and what it hands back: the observation as resolution sees it, the venues it forms, every
 * decision it made and what it leaves for review.
 */
export interface Resolvable<O = never> {
  source: string;
  key: string;
  /** Keys that identify a venue on their own: "dblp:conf/aaai", "core:52", "ref:87", "issn:0360-0300", "alias:…". */
  exactKeys: string[];
  /** Normalised acronym variants. */
  acronyms: string[];
  /** The acronym without a publisher before, after or glued to it ("SCC" of "IEEESCC", "AC" of "AC-IADIS"). */
  bareAcronym?: string | null;
  /** Acronyms of the venues this row's notes say it goes on as ("SACMAT" of "RBAC … (now SACMAT)"). */
  successors?: string[];
  /** Parts of a joint or track acronym ("IJCAI" and "ECAI" of "IJCAI-ECAI"): may attach, never found. */
  acronymParts?: string[];
  /** Normalised title (for the identical-title rule). */
  normTitle: string | null;
  /** Former titles and acronyms a title note gives ("(previously IEEE … Services Computing SCC)"), normalised. */
  former?: { titles: string[]; acronyms: string[] };
  title: string | null;
  /** Rank claims as "SYSTEM:rank" ("CCF:A"): evidence that two spellings of one acronym are one venue. */
  rankClaims: string[];
  /** May this observation start a venue of its own? */
  canCreate: boolean;
  /** Rows sharing this group are distinct venues by their list's word (cannot-link), duplicates aside. */
  exclusive?: string | null;
  /** A tracker series: its acronym names the series, its title is secondary. */
  tracker?: boolean;
  /** The acronym alone says nothing (a reference row's marked acronym): it joins on a near-identical title only. */
  strictAcronym?: boolean;
  /**
   * Where and in which month the row says its venue meets (the reference's current edition: "Las Vegas, Nevada,
   * USA", "07"), null where it does not say: tells two venues of one source under one generic title apart.
   */
  held?: { place: string | null; month: string | null } | null;
  /**
   * Journals: the title with a generic qualifier dropped ("Performance Evaluation: An International Journal" →
   * "performance evaluation"): joins the one other group bearing it when their rank claims agree or only one side
   * has any (`title+rank`).
   */
  titleKey?: string | null;
  /**
   * Journals: the observation without some of its exact keys, with why. Given, rows of one source sharing a key
   * (an ISSN) are told apart by title instead of the key being dropped: rows with close titles are one journal
   * listed twice; otherwise the row whose title the key's other holders bear keeps it and the others lose it.
   */
  withoutKeys?: (keys: string[], why: string) => O;
}

/** A venue as resolution leaves it: its observations and every exact key they brought. */
export interface Cluster<O> {
  members: O[];
  exactKeys: Set<string>;
}

export type MatchRule =
  | "exact"
  | "acronym+title"
  | "publisher-prefix"
  | "joint"
  | "successor"
  | "former-name"
  | "acronym+rank"
  | "title+rank"
  | "acronym"
  | "acronym-part"
  | "title"
  | "duplicate-row"
  | "new"
  | "unmatched";

export interface MatchEvent {
  source: string;
  key: string;
  rule: MatchRule;
  cluster: number | null;
  similarity?: number;
}

/**
 * Rows or groups kept apart, by why: a cannot-link (two distinct rows of one curated list), a title that contradicts
 * the acronym a row would attach by ("AES-ICSA", AES's Semantic Audio conference, is not ICSA), a row whose title
 * is another venue's while its acronym is not (it attaches nowhere), a row sharing only its title with a row of its
 * own source held elsewhere in another month under another acronym (ICBCB, Xi'an in March, is not BIOCOMP, Las
 * Vegas in July).
 */
export type KeptApart = "cannot-link" | "title-contradicts" | "title-conflict" | "held-elsewhere";

/** One union applied, or one pair kept apart: "source:key" of both sides. */
export interface Decision {
  rule: MatchRule | KeptApart;
  score: number;
  a: string;
  b: string;
}

/** A row resolution held out: joined to no venue, founding none (`title-conflicts.ts`). */
export interface HeldOut {
  rule: "acronym-title-conflict";
  row: { source: string; key: string; acronym: string | null; title: string | null };
  /** A row of the venue its acronym names, and one of the venue its title names. */
  acronym_venue: { source: string; key: string; title: string | null };
  title_venue: { source: string; key: string; title: string | null };
}

export interface Ambiguity {
  source: string;
  key: string;
  title: string | null;
  reason: string;
  candidates: { cluster: number; titles: string[]; similarity: number }[];
}

/** Two venues left apart whose names are close: the build report lists them for review. */
export interface SuspectedDuplicate {
  a: { cluster: number; source: string; key: string; title: string | null };
  b: { cluster: number; source: string; key: string; title: string | null };
  similarity: number;
  why: string;
}

export interface ResolveOptions {
  /** Weighted title similarity for two rows sharing an acronym to be one venue. */
  acronymThreshold: number;
  /** Title similarity for a row with a marked acronym (`strictAcronym`) to join on its acronym. */
  strictThreshold: number;
  /** Weighted Jaccard above which two rows of one list are duplicates of one venue. */
  duplicateThreshold: number;
  /** A weak attachment needs its best candidate this far ahead of the next. */
  margin: number;
  /** Blocks larger than this are not compared pairwise (an acronym like "AI" at 100 times the catalogue). */
  maxBlock: number;
}

export const RESOLVE_DEFAULTS: ResolveOptions = {
  acronymThreshold: 0.5,
  strictThreshold: 0.85,
  duplicateThreshold: 0.5,
  margin: 0.15,
  maxBlock: 60,
};

export interface Resolution<O> {
  clusters: Cluster<O>[];
  events: MatchEvent[];
  ambiguities: Ambiguity[];
  /** Rows joined to no venue because they contradict themselves, with the two venues they name. */
  heldOut: HeldOut[];
  /** Counts of applied decisions by rule and source pair, and the cannot-link and weak decisions in full. */
  decisions: { counts: Record<string, number>; listed: Decision[] };
  suspects: SuspectedDuplicate[];
  /** Close pairs of venues a curated list ranks as two distinct rows (a cannot-link): listed for review, not suspects. */
  listedApart: SuspectedDuplicate[];
}
