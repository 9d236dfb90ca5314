/**
 * One canonical name per publisher: the reviewed spellings in pipeline/merge/publishers.yaml ("Elsevier BV",
 * "Elsevier Ltd." → "Elsevier"). A spelling not listed is shown as the source gives it.
 */
import { z } from "zod";
import { loadYamlTable } from "../sources/yaml.ts";

const FILE = new URL("./publishers.yaml", import.meta.url);
const Table = z.record(z.string().min(1), z.array(z.string().min(1)));

/** Case, spacing and punctuation do not tell publishers apart. */
function spellingKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

function load(): Map<string, string> {
  const canonical = new Map<string, string>();
  for (const [name, spellings] of Object.entries(loadYamlTable(FILE, Table))) {
    for (const spelling of [name, ...spellings]) {
      const key = spellingKey(spelling);
      const taken = canonical.get(key);
      if (taken && taken !== name) {
        throw new Error(
          `pipeline/merge/publishers.yaml: "${spelling}" is listed under "${taken}" and "${name}"`,
        );
      }
      canonical.set(key, name);
    }
  }
  return canonical;
}

const CANONICAL = load();

/** The canonical name of a publisher spelling, or the spelling itself when the table does not list it. */
export function canonicalPublisher(name: string | null): string | null {
  if (!name) return name;
  return CANONICAL.get(spellingKey(name)) ?? name;
}
