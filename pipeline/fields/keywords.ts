/**
 * Title words onto research fields: the reviewed table in pipeline/fields/title-keywords.yaml. The title is the
 * last resort for venues no source files under a field, and the finer evidence a broad source code needs
 * (pipeline/fields/venue-fields.ts); documented as an inference in docs/research-fields.md.
 */
import { z } from "zod";
import { ResearchField } from "../../snapshot/records.ts";
import { loadYamlTable } from "../sources/yaml.ts";

const FILE = new URL("./title-keywords.yaml", import.meta.url);

const Table = z.object({
  rules: z.array(
    z.object({
      fields: z.array(ResearchField).min(1),
      words: z.array(z.string().min(1)).min(1),
    }),
  ),
});

function load(): { pattern: RegExp; fields: ResearchField[] }[] {
  return loadYamlTable(FILE, Table).rules.map((rule) => ({
    pattern: new RegExp(rule.words.join("|")),
    fields: rule.fields,
  }));
}

const RULES = load();

export function fieldsFromTitle(title: string): ResearchField[] {
  const text = title.toLowerCase();
  const fields = new Set<ResearchField>();
  for (const { pattern, fields: mapped } of RULES)
    if (pattern.test(text)) for (const f of mapped) fields.add(f);
  return [...fields];
}
