/**
 * What `npm run sync` last did for each upstream folder, kept in UPSTREAM_DIR/.sync-state.json: the origin's
 * commit (git) or ETag / Last-Modified (HTTP), the date of the data, and when it was fetched. The build reads it
 * to state each source's age in the manifest.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export const STATE_FILE = ".sync-state.json";

const OriginState = z.object({
  url: z.string(),
  commit: z.string().nullable().default(null),
  etag: z.string().nullable().default(null),
  last_modified: z.string().nullable().default(null),
});
export type OriginState = z.infer<typeof OriginState>;

const FolderState = z.object({
  /** Date (YYYY-MM-DD) of the newest data fetched: the commit date, or Last-Modified; null until a fetch succeeds. */
  data_date: z.string().nullable(),
  /** Commit of the first git origin, for the manifest. */
  commit: z.string().nullable(),
  /** When the folder was last fetched successfully (changed or not); null until a fetch succeeds. */
  fetched_at: z.string().nullable(),
  origins: z.array(OriginState),
  /** The last attempt's failure, null when it succeeded. */
  error: z.string().nullable().default(null),
  attempted_at: z.string(),
});
export type FolderState = z.infer<typeof FolderState>;

const SyncState = z.object({ version: z.literal(1), folders: z.record(z.string(), FolderState) });
export type SyncState = z.infer<typeof SyncState>;

export function readSyncState(upstreamDir: string): SyncState {
  const file = join(upstreamDir, STATE_FILE);
  if (!existsSync(file)) return { version: 1, folders: {} };
  const parsed = SyncState.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file} is not a sync state file: ${parsed.error.message}`);
  return parsed.data;
}

/** Written beside the folders and renamed over the old file, so a reader never sees half a file. */
export function writeSyncState(upstreamDir: string, state: SyncState): void {
  const file = join(upstreamDir, STATE_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temp, file);
}
