/**
 * Choosing a venue's short and full name together, from one source row by source priority, and cleaning them
 * (names.ts); the names left over become aliases for search.
 */
import type { SourceId } from "../sources/observations.ts";
import {
  type Cleaned,
  cleanAcronym,
  cleanTitle,
  foldName,
  isTitleLike,
  type NameChange,
  successorNames,
} from "./names.ts";

const foldAcronym = (s: string) => s.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, "");

export interface NameSource {
  source: SourceId;
  acronym: string | null;
  title: string | null;
}

export interface ChosenNames {
  short: string | null;
  full: string | null;
  /** The source row the pair comes from. */
  source: SourceId | null;
  /** Every cleaning and replacement applied to the displayed pair. */
  changes: NameChange[];
  /** Former names and other sources' names for the venue (not the displayed pair), for search. */
  aliases: string[];
}

const words = (s: string) => new Set(foldWords(s));
const foldWords = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);

/** Shared words over all words of two word sets (1 for two empty ones). */
export function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const w of a) if (b.has(w)) both++;
  const union = a.size + b.size - both;
  return union === 0 ? 1 : both / union;
}

/**
 * The short and full name of a venue from one source row, in `titleOrder` priority: the first row whose
 * acronym is an acronym and whose title is more than the acronym. When no row has both, the first real title,
 * with the acronym of the first other row (in `acronymOrder`) that has one. An acronym also goes by the spelling
 * of the first row in `acronymOrder` that spells it ("INTERSPEECH" rather than "INTER-SPEECH").
 */
export function chooseNames(
  members: readonly NameSource[],
  titleOrder: readonly SourceId[],
  acronymOrder: readonly SourceId[] = titleOrder,
  kind: "conference" | "journal" = "conference",
  /** Sources whose title names the venue even without an acronym beside it (the current list's). */
  titledAlone: readonly SourceId[] = [],
): ChosenNames {
  const rows = members.map((m) => {
    const acronym = cleanAcronym(m.acronym);
    return { m, acronym, title: cleanTitle(m.title, acronym.text ? [acronym.text] : []) };
  });
  const changes: NameChange[] = [];
  const acronymFolds = new Set(rows.flatMap((r) => (r.acronym.text ? [foldName(r.acronym.text)] : [])));
  const titleFolds = new Set(rows.flatMap((r) => (r.title.text ? [foldName(r.title.text)] : [])));
  // Names a row's note calls former ("IEEE Computer Security Foundations Symposium (was CSFW)"): a row still
  // going by one is out of date, whatever its list's priority.
  // So is the acronym of a series whose note says it goes on as another ("AOSE … (merged into EMAS in 2013)").
  const succeeded = rows.filter((r) => successorNames(`${r.m.acronym ?? ""} ${r.m.title ?? ""}`).length > 0);
  const former = new Set(
    [
      ...rows.flatMap((r) => [...r.acronym.aliases, ...r.title.aliases]),
      ...succeeded.flatMap((r) => (r.acronym.text ? [r.acronym.text] : [])),
    ].map(foldName),
  );
  const isFormer = (r: (typeof rows)[number]) =>
    r.acronym.text !== null && former.has(foldName(r.acronym.text));
  // Another row's title in the acronym field ("Discovery Science", ICORE's title for DS) is no acronym.
  const titleInAcronym = (r: (typeof rows)[number]) => {
    const text = r.acronym.text ?? "";
    return text.includes(" ") && titleFolds.has(foldName(text));
  };
  const acronymOk = (r: (typeof rows)[number]) =>
    r.acronym.text !== null && !isTitleLike(r.acronym.text) && !titleInAcronym(r);
  // A full name that is only an acronym: the row's own, or a one-word title that is another row's acronym. A
  // journal is not named after an event (CCF's dataGen.js calls the journal World Wide Web "The Web Conference").
  const titleOk = (r: (typeof rows)[number]) =>
    r.title.text !== null &&
    foldName(r.title.text) !== foldName(r.acronym.text ?? "") &&
    !(!r.title.text.includes(" ") && acronymFolds.has(foldName(r.title.text))) &&
    !(kind === "journal" && isEventName(r.title.text));
  const inTitleOrder = rows.filter((r) => titleOrder.includes(r.m.source)).sort(orderBy(titleOrder));
  const inAcronymOrder = rows.filter((r) => acronymOrder.includes(r.m.source)).sort(orderBy(acronymOrder));
  const firstTitled = inTitleOrder.find((r) => r.title.text !== null);
  const named = inTitleOrder.find((r) => acronymOk(r) && titleOk(r));
  // The current list's title stands without an acronym: CCF 2026 names Discover Computing without one, and the
  // 2022 row's pair (IR, Information Retrieval Journal) is the old name.
  const current = inTitleOrder.find(
    (r) => (acronymOk(r) || titledAlone.includes(r.m.source)) && titleOk(r) && !isFormer(r),
  );
  if (named && current && named !== current && named.acronym.text && isFormer(named))
    changes.push({ kind: "former name", text: named.acronym.text });
  for (const r of rows)
    if (r.acronym.text && titleInAcronym(r))
      changes.push({ kind: "title in acronym field", text: r.acronym.text });
  if (kind === "journal" && firstTitled?.title.text && isEventName(firstTitled.title.text))
    changes.push({ kind: "event name for a journal", text: firstTitled.title.text });
  const primary = current ?? named ?? inTitleOrder.find(titleOk) ?? firstTitled;
  if (!primary) {
    const acr = inAcronymOrder.find(acronymOk);
    return {
      short: acr?.acronym.text ?? null,
      full: null,
      source: acr?.m.source ?? null,
      changes: acr?.acronym.removed ?? [],
      aliases: aliasesOf(rows, acr?.acronym.text ?? null, null),
    };
  }
  if (firstTitled && firstTitled !== primary && !titleOk(firstTitled) && firstTitled.title.text) {
    changes.push({ kind: "acronym as full name", text: firstTitled.title.text });
  }
  changes.push(...primary.title.removed);
  let short: string | null = null;
  if (acronymOk(primary)) {
    short = primary.acronym.text;
    changes.push(...primary.acronym.removed);
  } else {
    if (primary.acronym.text) changes.push({ kind: "title as acronym", text: primary.acronym.text });
    const other = inAcronymOrder.find(acronymOk);
    if (other) {
      short = other.acronym.text;
      changes.push(...other.acronym.removed);
    }
  }
  if (short !== null) {
    const fold = foldAcronym(short);
    const spelled = inAcronymOrder.find(
      (r) => r.acronym.text !== null && foldAcronym(r.acronym.text) === fold,
    );
    if (spelled?.acronym.text) short = spelled.acronym.text;
  }
  const full = primary.title.text;
  if (short !== null && full !== null && foldName(short) === foldName(full)) {
    changes.push({ kind: "acronym equals full name", text: short });
    short = null;
  }
  return { short, full, source: primary.m.source, changes, aliases: aliasesOf(rows, short, full) };
}

/** A conference, symposium or workshop's name, not a periodical's. */
const isEventName = (title: string) =>
  /\b(?:conference|symposium|workshop|congress)\b/i.test(title) &&
  !/\b(?:journal|transactions|proceedings|letters|series|review|magazine)\b/i.test(title);

function orderBy<R extends { m: NameSource }>(order: readonly SourceId[]) {
  return (a: R, b: R) => order.indexOf(a.m.source) - order.indexOf(b.m.source);
}

/** Words too common to make a name searchable by themselves. */
const FILLER_WORDS = new Set(["a", "an", "and", "for", "in", "of", "on", "the", "to", "&"]);

/** A title another name of the venue, or one with a word the displayed name lacks (search finds it by that word). */
const namesMore = (title: Set<string>, full: Set<string>) =>
  jaccard(title, full) < 0.6 || [...title].some((w) => w.length > 2 && !FILLER_WORDS.has(w) && !full.has(w));

/**
 * Former names from the notes, every other acronym the sources give, and other sources' titles that are not mere
 * spelling variants of the full name (renames: "International World Wide Web Conference"), or are near ones with a
 * word of their own (a former "Information Management & Computer Security").
 */
function aliasesOf(
  rows: { acronym: Cleaned; title: Cleaned }[],
  short: string | null,
  full: string | null,
): string[] {
  const seen = new Set([short, full].filter((s): s is string => !!s).map(foldName));
  const fullWords = full ? words(full) : new Set<string>();
  const out: string[] = [];
  const add = (s: string | null) => {
    if (!s) return;
    const f = foldName(s);
    if (f.length < 2 || seen.has(f)) return;
    seen.add(f);
    out.push(s);
  };
  for (const r of rows) for (const a of [...r.acronym.aliases, ...r.title.aliases]) add(a);
  for (const r of rows) if (r.acronym.text && !isTitleLike(r.acronym.text)) add(r.acronym.text);
  // Another name (words apart), or a near one with a word of its own: a former title's "Management" must find it.
  for (const r of rows) if (r.title.text && namesMore(words(r.title.text), fullWords)) add(r.title.text);
  return out;
}

/** Names deduplicated by their folded form, first spelling kept. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((n) => {
    const f = foldName(n);
    if (seen.has(f)) return false;
    seen.add(f);
    return true;
  });
}
