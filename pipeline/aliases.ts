/**
 * Hand-kept alias table for venues that acronym + title matching gets wrong: true collisions (two venues,
 * one acronym) are told apart by a title pattern; renamed venues whose old and new titles share few words
 * are tied together. Each rule yields an exact key, so every source's row for the venue lands in one place.
 */
interface AliasRule {
  /** Normalised acronym the rule applies to. */
  acronym: string;
  /** Title pattern; null = any title, including none. */
  title: RegExp | null;
  /** Limit the rule to one source (for sources that give a nickname and no title). */
  source?: string;
  key: string;
}

const RULES: AliasRule[] = [
  // Collisions.
  { acronym: "FSE", title: /fast software encryption/i, key: "alias:fse-encryption" },
  {
    acronym: "FSE",
    title: /foundations of software engineering|esec/i,
    key: "alias:fse-software-engineering",
  },
  { acronym: "ITC", title: /\btest\b/i, key: "alias:itc-test" },
  { acronym: "ITC", title: /teletraffic/i, key: "alias:itc-teletraffic" },
  { acronym: "SEC", title: /edge computing/i, key: "alias:sec-edge-computing" },
  { acronym: "SEC", title: /security|privacy/i, key: "alias:sec-ifip-security" },
  // Renames: titles changed but it is one venue.
  { acronym: "MOBIHOC", title: /mobile/i, key: "alias:mobihoc" },
  { acronym: "EUROSYS", title: /computer systems|eurosys/i, key: "alias:eurosys" },
  { acronym: "RAID", title: /intrusion/i, key: "alias:raid" },
  { acronym: "SIGMOD", title: /management of data|sigmod/i, key: "alias:sigmod" },
  // Nicknames the acceptance-rate sources use, with no title to match on.
  { acronym: "SP", title: /symposium on security and privacy/i, key: "alias:ieee-sp" },
  { acronym: "OAKLAND", title: null, source: "csconferences", key: "alias:ieee-sp" },
  { acronym: "SECURITY", title: /usenix security/i, key: "alias:usenix-security" },
  { acronym: "USENIXSEC", title: null, source: "csconferences", key: "alias:usenix-security" },
  { acronym: "ATC", title: /usenix annual technical/i, key: "alias:usenix-atc" },
  { acronym: "ATC", title: null, source: "csconferences", key: "alias:usenix-atc" },
  { acronym: "VLDB", title: /very large data ?bases/i, key: "alias:vldb" },
  { acronym: "VLDB", title: null, source: "csconferences", key: "alias:vldb" },
  { acronym: "FSE", title: null, source: "csconferences", key: "alias:fse-software-engineering" },
  { acronym: "NAACL", title: /north american/i, key: "alias:naacl" },
  { acronym: "NAACLHLT", title: null, source: "lixin", key: "alias:naacl" },
  { acronym: "WWW", title: /world wide web|web conference/i, key: "alias:www" },
  { acronym: "THEWEBCONF", title: null, source: "lixin", key: "alias:www" },
  { acronym: "THEWEBCONFERENCE", title: null, key: "alias:www" },
];

export function aliasKeys(
  normalizedAcronyms: readonly string[],
  title: string | null,
  source: string,
): string[] {
  const keys = RULES.filter(
    (r) =>
      normalizedAcronyms.includes(r.acronym) &&
      (r.source === undefined || r.source === source) &&
      (r.title === null || (title !== null && r.title.test(title))),
  ).map((r) => r.key);
  return [...new Set(keys)];
}
