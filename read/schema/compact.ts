/**
 * Compact answers on request (issue 30): `fields=` keeps only the named fields of list rows, `sections=` only the
 * named sections of a detail, `full=` asks the statistics for the whole history. Absent, every answer keeps the
 * interface spec's shape. The names are checked here, so a typo is a 400 naming the valid ones, REST and MCP alike.
 */
import { z } from "zod";
import { booleanParam } from "./param-rules.ts";

/** A comma-separated list, trimmed, empty items dropped; a value that names nothing counts as absent. */
const names = (value: string) =>
  value
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "");

/**
 * A comma-separated subset of `valid()` (read when a request is checked, so schemas defined later in the module
 * may supply it), where a group name stands for its members; the output lists the members, in no set order.
 */
function subsetParam(
  param: string,
  valid: () => readonly string[],
  groups: () => Readonly<Record<string, readonly string[]>>,
  description: string,
) {
  return z
    .string({ error: `${param} must be a comma-separated list of names` })
    .transform((value, ctx) => {
      const asked = names(value);
      if (asked.length === 0) return undefined;
      const known = new Set(valid());
      const byGroup = groups();
      const unknown = asked.filter((name) => !known.has(name) && byGroup[name] === undefined);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `${param}: unknown ${unknown.map((n) => JSON.stringify(n)).join(", ")}; valid: ${[...Object.keys(byGroup), ...known].join(", ")}`,
        });
        return z.NEVER;
      }
      // A real field wins over a group of the same name (deadline rows have their own `next`).
      return [...new Set(asked.flatMap((name) => (known.has(name) ? [name] : (byGroup[name] ?? []))))];
    })
    .optional()
    .meta({ type: "string", description });
}

/** The rank fields of a row, asked for together as `ranks`. */
const RANK_FIELDS = ["ccf_rank", "core_rank", "qualis_rank"];

/** Row fields the groups name, among those a row schema has. */
function rowGroups(rowKeys: () => readonly string[]) {
  return () => {
    const keys = rowKeys();
    return {
      ranks: RANK_FIELDS.filter((key) => keys.includes(key)),
      // The submission outlook's row fields: next_submission_date, next_submission_closes_at, ...
      next: keys.filter((key) => key.startsWith("next_submission") || key === "outlook_state"),
    };
  };
}

/** `fields=` of a list whose rows have `rowKeys()`; the row's `idKey` is always kept. */
export function sparseFieldsParam(rowKeys: () => readonly string[], idKey = "id") {
  return subsetParam(
    "fields",
    rowKeys,
    rowGroups(rowKeys),
    `Row fields to keep (${idKey} always; ranks = all three).`,
  );
}

/** The fields every sparse detail keeps, whatever the sections. */
export const DETAIL_IDENTITY = ["id", "short_name", "full_name", "detail_page"] as const;

/**
 * `sections=` of a detail with `detailKeys()`: the detail's own sections beyond its row (`rowKeys()`), `row` for
 * the whole row, `ranks` for the rank fields (rank_history is a section of its own).
 */
export function detailSectionsParam(detailKeys: () => readonly string[], rowKeys: () => readonly string[]) {
  const sections = () => detailKeys().filter((key) => !rowKeys().includes(key));
  return subsetParam(
    "sections",
    sections,
    () => ({
      row: rowKeys(),
      ranks: RANK_FIELDS.filter((key) => rowKeys().includes(key)),
    }),
    "Sections to keep beside id and names (row = the search row, ranks = all three).",
  );
}

/** `full=` of the statistics: "true" or true for the whole history; anything else but "false"/false is a 400. */
export const StatisticsParams = z.object({
  full: booleanParam("full", false, "true: all months and countries, each source's name and commit."),
});
export type StatisticsParams = z.output<typeof StatisticsParams>;
