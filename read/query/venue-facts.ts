/**
 * What a research-interest summary needs to know about venues: their names, research fields and top ranks, read
 * from the snapshot in service. The compact rows of the query layer carry no fields, hence this small lookup.
 */
import type { VenueKind } from "./activity.ts";
import type { SnapshotSource } from "./snapshot-source.ts";
import { varcharList } from "./sql-param.ts";

export interface VenueFact {
  kind: VenueKind;
  id: string;
  name: string;
  fields: string[];
  ccf_rank: string;
  /** Empty for journals (CORE ranks conferences only). */
  core_rank: string;
}

export interface VenueIds {
  conferences: readonly string[];
  journals: readonly string[];
}

/** Facts of the given venues that the snapshot holds; unknown ids are left out. */
export type VenueFactLookup = (ids: VenueIds) => Promise<VenueFact[]>;

export function snapshotVenueFacts(source: SnapshotSource): VenueFactLookup {
  return (ids) =>
    source.use(async (db) => {
      const [conferences, journals] = await Promise.all([
        db.all<Omit<VenueFact, "kind">>(
          `SELECT id, short_name AS name, fields, ccf_rank, core_rank FROM conferences
           WHERE list_contains(?, id) ORDER BY id_num`,
          [varcharList(ids.conferences)],
        ),
        db.all<Omit<VenueFact, "kind">>(
          `SELECT id, coalesce(short_name, full_name) AS name, fields, ccf_rank, '' AS core_rank FROM journals
           WHERE list_contains(?, id) ORDER BY id_num`,
          [varcharList(ids.journals)],
        ),
      ]);
      return [
        ...conferences.map((f) => ({ ...f, kind: "conference" as const })),
        ...journals.map((f) => ({ ...f, kind: "journal" as const })),
      ];
    });
}
