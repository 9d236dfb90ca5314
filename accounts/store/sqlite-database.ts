/**
 * The SQLite database itself: every capability of the store (sqlite/*.ts, one file each) over the two connections
 * to one file (sqlite/connections.ts says how they are opened and why there are two).
 *
 * Every call here blocks its thread until SQLite is done, so the server never opens this on the main thread:
 * SqliteStore (sqlite-store.ts) runs it on a worker thread (sqlite-worker.ts) and awaits the answers.
 */
import { sqliteAccounts } from "./sqlite/accounts.ts";
import { sqliteActivity } from "./sqlite/activity.ts";
import { sqliteApiKeys } from "./sqlite/api-keys.ts";
import { SqliteConnections, type SqliteDatabaseOptions, sqliteStorageUse } from "./sqlite/connections.ts";
import { sqliteLoginAddresses } from "./sqlite/login-addresses.ts";
import { sqliteMail } from "./sqlite/mail.ts";
import { sqliteProfiles } from "./sqlite/profiles.ts";
import { sqliteQuota } from "./sqlite/quota.ts";
import { sqliteQuotaRequests } from "./sqlite/quota-requests.ts";
import { sqliteSessions } from "./sqlite/sessions.ts";
import { sqliteSettings } from "./sqlite/settings.ts";
import { sqliteSubscriptions } from "./sqlite/subscriptions.ts";
import { sqliteViews } from "./sqlite/views.ts";
import { sqliteWatchlists } from "./sqlite/watchlists.ts";
import type { Store } from "./types.ts";

export interface SqliteDatabase extends Store {
  /** What the worker's ChangeWatch polls (SqliteConnections.dataVersion); not a Store method. */
  dataVersion(): number;
}

/** Blocking: open it on a worker thread (see the top of this file). */
export function openSqliteDatabase(options: SqliteDatabaseOptions): SqliteDatabase {
  const connections = new SqliteConnections(options);
  return {
    backend: "file",
    ...sqliteAccounts(connections),
    ...sqliteProfiles(connections),
    ...sqliteApiKeys(connections),
    ...sqliteLoginAddresses(connections),
    ...sqliteQuota(connections),
    ...sqliteActivity(connections),
    ...sqliteViews(connections),
    ...sqliteWatchlists(connections),
    ...sqliteSettings(connections),
    ...sqliteSessions(connections),
    ...sqliteMail(connections),
    ...sqliteQuotaRequests(connections),
    ...sqliteSubscriptions(connections),
    storageUse: () => sqliteStorageUse(options.dir),
    dataVersion: () => connections.dataVersion(),
    close: async () => connections.close(),
  };
}
