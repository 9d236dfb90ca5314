/**
 * A CORE export in the form its origin publishes it (core/CORE_<year>.json), as the origin's converter wrote it:
 * what the fixture origins serve and what the JSON reader of the CORE editions is tested against.
 */

/**
 * The rows of a CORE<year>.csv export, its first row included, as the published objects: the first row's values
 * become every object's keys (a repeated value "" gives "", "__1", ...), integer-like values JSON numbers. Integer-like
 * keys come first in each object, as JavaScript orders them and as the origin's JSON writer put them.
 */
export function publishedCoreObjects(rows: readonly string[][]): Record<string, string | number>[] {
  const [head, ...rest] = rows;
  const seen = new Map<string, number>();
  const keys = (head ?? []).map((value) => {
    const n = seen.get(value) ?? 0;
    seen.set(value, n + 1);
    return n === 0 ? value : `__${n}`;
  });
  return rest.map((row) =>
    Object.fromEntries(row.map((v, i) => [keys[i], /^[1-9]\d*$/.test(v) ? Number(v) : v])),
  );
}
