/**
 * The names a researcher uses for a venue beyond its short and full name, published for search: the reviewed alias
 * table's, and the other names the venue's rows give, less those that are another venue's short name (a mislabelled
 * row: QUALIS files KDD once as "CHI").
 */
import type { AliasTableRow } from "../../snapshot/records.ts";
import { aliasNames } from "./aliases.ts";
import { type ChosenNames, uniqueNames } from "./choose-names.ts";
import { foldName } from "./names.ts";

interface PublishedVenue {
  id: string;
  row: { short_name: string | null };
}

/** Whether a name is no other venue's short name, asked for the venue `id`. */
function ownNames(venues: readonly PublishedVenue[]) {
  const owners = new Map<string, Set<string>>();
  for (const { id, row } of venues) {
    if (!row.short_name) continue;
    const key = foldName(row.short_name);
    owners.set(key, (owners.get(key) ?? new Set()).add(id));
  }
  return (id: string, name: string) => [...(owners.get(foldName(name)) ?? [])].every((owner) => owner === id);
}

/** One kind's alias rows; `merged[i]` is what merging kept of `venues[i]` (its keys and the names its rows gave). */
export function venueAliases(
  kind: AliasTableRow["kind"],
  venues: readonly PublishedVenue[],
  merged: readonly { keys: string[]; names: Pick<ChosenNames, "aliases"> }[],
): AliasTableRow[] {
  const own = ownNames(venues);
  return venues.flatMap((v, i) =>
    uniqueNames([
      ...aliasNames(merged[i]?.keys ?? []),
      ...(merged[i]?.names.aliases ?? []).filter((name) => own(v.id, name)),
    ]).map((alias) => ({ kind, venue_id: v.id, alias })),
  );
}
