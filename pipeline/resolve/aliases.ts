/**
 * The alias table, reviewed data in `pipeline/resolve/aliases.yaml`: true collisions (two venues, one acronym) told apart by
 * a title pattern, renamed venues whose old and new titles share few words tied together, and the nicknames
 * researchers use. Each rule yields an exact key, so every source's row for the venue lands in one place; the
 * names listed for a key are published as the venue's aliases (search finds them). A bad file fails the build,
 * naming the rule.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { normalizeAcronym } from "../normalize/normalize.ts";
import { SOURCES } from "../sources/sources.ts";
import { parseYamlTable } from "../sources/yaml.ts";

const FILE = new URL("./aliases.yaml", import.meta.url);
/** How errors name the table. */
const ALIASES_YAML = "pipeline/resolve/aliases.yaml";

interface AliasRule {
  /** Normalised acronym the rule applies to. */
  acronym: string;
  /** Title pattern; null = any title, including none. */
  title: RegExp | null;
  /** Limit the rule to one source (for sources that give a nickname and no title). */
  source?: string;
  key: string;
}

const Rule = z
  .object({
    acronym: z.string().trim().min(1),
    title: z.string().trim().min(1).optional(),
    source: z
      .string()
      .refine((s) => Object.hasOwn(SOURCES, s), {
        message: "unknown source (see pipeline/sources/sources.yaml)",
      })
      .optional(),
    key: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower case a-z, 0-9 and single hyphens"),
    why: z.string().trim().min(10, "say why the rule exists"),
  })
  .strict();

const Table = z
  .object({
    rules: z.array(z.unknown()).min(1),
    names: z.record(z.string(), z.array(z.string().trim().min(1)).min(1)).default({}),
  })
  .strict();

function load(text: string): { rules: AliasRule[]; names: Map<string, string[]> } {
  const table = parseYamlTable(text, Table, ALIASES_YAML);
  const rules = table.rules.map((raw, i) => {
    const label = `rule ${i + 1}${typeof raw === "object" && raw && "acronym" in raw ? ` (${String(raw.acronym)})` : ""}`;
    const parsed = Rule.safeParse(raw);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((x) => `${x.path.join(".") || "rule"}: ${x.message}`);
      throw new Error(`${ALIASES_YAML} ${label}: ${problems.join("; ")}`);
    }
    const r = parsed.data;
    const acronym = normalizeAcronym(r.acronym);
    if (!acronym) throw new Error(`${ALIASES_YAML} ${label}: the acronym has no letters or digits`);
    let title: RegExp | null = null;
    if (r.title !== undefined) {
      try {
        title = new RegExp(r.title, "i");
      } catch (e) {
        throw new Error(`${ALIASES_YAML} ${label}: bad title pattern: ${(e as Error).message}`);
      }
    }
    return { acronym, title, ...(r.source ? { source: r.source } : {}), key: `alias:${r.key}` };
  });
  const used = new Set(rules.map((r) => r.key));
  const names = new Map<string, string[]>();
  for (const [key, list] of Object.entries(table.names)) {
    if (!used.has(`alias:${key}`)) throw new Error(`${ALIASES_YAML} names.${key}: no rule gives this key`);
    names.set(`alias:${key}`, [...new Set(list)]);
  }
  return { rules, names };
}

/** Parses an alias table (the text of aliases.yaml); throws naming the bad rule. Exported for tests. */
export const parseAliasTable = load;

const { rules: RULES, names: NAMES } = load(readFileSync(FILE, "utf8"));

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

/** The names to publish for a venue holding these exact keys (its `alias:` keys' listed names). */
export function aliasNames(keys: Iterable<string>): string[] {
  const out: string[] = [];
  for (const k of keys) if (k.startsWith("alias:")) out.push(...(NAMES.get(k) ?? []));
  return [...new Set(out)];
}
