/**
 * Broad source codes (pipeline/fields/broad-codes.yaml): the fields such a code suggests but does not settle.
 * pipeline/fields/venue-fields.ts keeps them only where a finer source agrees.
 */
import { z } from "zod";
import { ResearchField } from "../../snapshot/records.ts";
import { loadYamlTable } from "../sources/yaml.ts";

const FILE = new URL("./broad-codes.yaml", import.meta.url);

const Vocabulary = z.record(z.string(), z.array(ResearchField).min(1));
const Table = z.object({ ccf: Vocabulary });
export type BroadVocabulary = keyof z.infer<typeof Table>;

const TABLE = loadYamlTable(FILE, Table);

/** The tentative fields of a source's codes, each once; codes the table does not list add nothing. */
export function tentativeFields(vocabulary: BroadVocabulary, codes: readonly string[]): ResearchField[] {
  return [...new Set(codes.flatMap((code) => TABLE[vocabulary][code.trim().toUpperCase()] ?? []))];
}
