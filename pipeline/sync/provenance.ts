/**
 * Each source as the build read it: the registry's provenance, with the commit, data date and fetch time that
 * `npm run sync` recorded when it brought the folder up to date.
 */
import type { SourceInfo } from "../../snapshot/records.ts";
import { SOURCE_ENTRIES, SOURCES } from "../sources/sources.ts";
import { readSyncState } from "./state.ts";

export function sourceProvenance(upstreamDir: string): SourceInfo[] {
  const synced = readSyncState(upstreamDir).folders;
  return Object.entries(SOURCES).map(([id, info]) => {
    const entry = SOURCE_ENTRIES[id as keyof typeof SOURCE_ENTRIES];
    const folder = synced[entry.dir];
    return {
      ...info,
      commit: folder?.commit ?? info.commit,
      date: folder?.data_date ?? entry.date,
      fetched_at: folder?.fetched_at ?? null,
      static: entry.static,
    };
  });
}
