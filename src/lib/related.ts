/**
 * Related venues of every venue page: the lists the API detail gives as `related_conferences` and
 * `related_journals`, from the query layer (relatedVenues). The layer computes
 * each list once per similarity profile (fields and tiers), so the whole build asks about a thousand queries,
 * not one per page. Shown as the snapshot's rows, in the layer's order.
 */
import type { Similarity } from "../../read/query/index.ts";
import type { ConferenceRow, JournalRow } from "../../snapshot/records.ts";
import { queryLayer, snapshot } from "./snapshot.ts";

export interface RelatedVenues {
  conferences: ConferenceRow[];
  journals: JournalRow[];
}

export interface AllRelatedVenues {
  conferences: ReadonlyMap<string, RelatedVenues>;
  journals: ReadonlyMap<string, RelatedVenues>;
}

/** The snapshot rows of the ids the layer answered, in its order. */
function rowsOf<T>(ids: readonly { id: string }[], byId: ReadonlyMap<string, T>): T[] {
  return ids.flatMap(({ id }) => byId.get(id) ?? []);
}

let cached: Promise<AllRelatedVenues> | undefined;

/** Related venues of every conference and journal of the snapshot, by id. */
export function allRelatedVenues(): Promise<AllRelatedVenues> {
  cached ??= queryLayer().then(async (layer) => {
    const data = snapshot();
    const related = async (like: Similarity, kind: "conference" | "journal"): Promise<RelatedVenues> => {
      const { conferences, journals } = await layer.relatedVenues(like, kind);
      return {
        conferences: rowsOf(conferences, data.conferenceById),
        journals: rowsOf(journals, data.journalById),
      };
    };
    // The similarity a detail is matched on: a conference's fields, CCF and CORE tiers; a journal's fields and
    // CCF tier (details.ts, conferenceCore and journalCore).
    const conferences = await Promise.all(
      data.conferences.map(
        async (c) =>
          [
            c.id,
            await related(
              { id: c.id, fields: c.fields, ccf_rank: c.ccf_rank, core_rank: c.core_rank },
              "conference",
            ),
          ] as const,
      ),
    );
    const journals = await Promise.all(
      data.journals.map(
        async (j) =>
          [
            j.id,
            await related({ id: j.id, fields: j.fields, ccf_rank: j.ccf_rank, core_rank: "" }, "journal"),
          ] as const,
      ),
    );
    return { conferences: new Map(conferences), journals: new Map(journals) };
  });
  return cached;
}
