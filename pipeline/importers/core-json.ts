/**
 * The CORE editions as Google-Scholar-Conference-Ranker publishes them (core/CORE_<year>.json): CORE portal CSV
 * exports converted to JSON with the first data row taken for the header, so every object's keys are that row's
 * values and the row itself is not an object of its own. Read here back into the export's columns
 * (`id,title,acronym,source,rank,has_data,for1,for2,for3`), the first row restored from the keys.
 *
 * The keys cannot be read by position: JSON writers (and JSON.parse) put integer-like keys ("2172", "46") first,
 * so the columns are told apart by what they hold: the CORE id is the integer-keyed column with the most distinct
 * values (FoR codes repeat), `title … has_data` are the first five other keys in order, the rest are FoR codes.
 */

export const CORE_COLUMNS = [
  "id",
  "title",
  "acronym",
  "source",
  "rank",
  "has_data",
  "for1",
  "for2",
  "for3",
] as const;

export type CoreCells = Record<(typeof CORE_COLUMNS)[number], string>;

const isIntegerKey = (key: string) => /^(0|[1-9]\d*)$/.test(key);
/** A converter's name for a repeated header cell ("", then "__1", "__2"): the cell itself was blank. */
const headerCell = (key: string) => key.replace(/^__\d+$/, "");
const cell = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** The rows of one edition, the one lost to the header first; throws a message on a file of another shape. */
export function coreRowsFromJson(parsed: unknown): CoreCells[] {
  if (!Array.isArray(parsed) || parsed.length === 0 || typeof parsed[0] !== "object" || !parsed[0])
    throw new Error("expected a non-empty JSON array of objects");
  const objects = parsed as Record<string, unknown>[];
  const keys = Object.keys(objects[0] as object);
  if (keys.length !== CORE_COLUMNS.length)
    throw new Error(`expected ${CORE_COLUMNS.length} keys per object, found ${keys.length}`);
  const integerKeys = keys.filter(isIntegerKey);
  // Ids are (nearly) all distinct, FoR codes repeat: the integer column with the most distinct values.
  const distinct = (key: string) => new Set(objects.map((o) => cell(o[key]))).size;
  const idKey = integerKeys.reduce<string | undefined>(
    (best, key) => (best === undefined || distinct(key) > distinct(best) ? key : best),
    undefined,
  );
  if (idKey === undefined) throw new Error("no key holds a CORE id (the first row's id)");
  const named = keys.filter((key) => !isIntegerKey(key));
  const described = named.slice(0, 5);
  const forKeys = [
    ...named.slice(5).filter((key) => headerCell(key) !== ""),
    ...integerKeys.filter((key) => key !== idKey),
    ...named.slice(5).filter((key) => headerCell(key) === ""),
  ];
  const columnKeys = [idKey, ...described, ...forKeys];
  const header = Object.fromEntries(
    CORE_COLUMNS.map((column, i) => [column, headerCell(columnKeys[i] ?? "")]),
  ) as CoreCells;
  const rows = objects.map(
    (o) =>
      Object.fromEntries(
        CORE_COLUMNS.map((column, i) => [column, cell(o[columnKeys[i] ?? ""])]),
      ) as CoreCells,
  );
  return [header, ...rows];
}
