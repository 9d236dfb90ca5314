/**
 * A state store that once held accounts and keys must never be swapped for an empty one without notice — the
 * classic case being a Redis without persistence that restarted: every account, key, quota and the login-token
 * secret gone, and the service carrying on. Each store gets a random id (a setting, so it lives and travels with
 * the data: backups and restores keep it), and a marker file in STATE_DIR on this machine remembers the id the
 * store had. A store whose id differs from the marker's — empty, or another one — is refused at start.
 * Redis also keeps the version of its key layout (the SQLite file keeps its own: sqlite/connections.ts).
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ensurePrivateDirectory, writePrivateFile } from "../../runtime/private-files.ts";
import type { SettingStore } from "./types.ts";

const STATE_ID_SETTING = "state_id";
const REDIS_SCHEMA_SETTING = "schema_version";
/** Version of the Redis key layout; raise it with a migration in checkRedisSchema when the layout changes. */
export const REDIS_SCHEMA_VERSION = 1;

export class StateRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StateRefused";
  }
}

/** How the name of every marker file ends. */
export const STATE_MARKER_SUFFIX = ".state-id";

/** The marker file of a store: one per backend (and Redis key prefix) in STATE_DIR. */
export function stateMarkerFile(stateDir: string, redisPrefix: string | null): string {
  const name = redisPrefix === null ? "sqlite" : `redis-${redisPrefix.replace(/[^\w-]/g, "") || "default"}`;
  return join(stateDir, `${name}${STATE_MARKER_SUFFIX}`);
}

/** Refuses a store that is not the one this machine's marker names; records the id on first use. */
export async function checkStateIdentity(store: SettingStore, markerFile: string): Promise<void> {
  const fresh = randomUUID();
  const id = await store.getOrInitSetting(STATE_ID_SETTING, fresh);
  const recorded = existsSync(markerFile) ? readFileSync(markerFile, "utf8").trim() : "";
  if (recorded === id) return;
  if (!recorded) {
    ensurePrivateDirectory(join(markerFile, ".."));
    writePrivateFile(markerFile, `${id}\n`);
    return;
  }
  // An empty store has just been given an id, so a second start finds that id: both cases mean "not this state".
  const found = id === fresh ? "was empty" : `holds state ${id}`;
  throw new StateRefused(
    `the state store is not the one ${markerFile} records (state ${recorded}): it ${found}. Accounts, API keys, ` +
      `quotas and the login-token secret would be lost. Restore the store from its backup (docs/operations.md#backups), ` +
      `or delete ${markerFile} to start with this state on purpose.`,
  );
}

/** Refuses a Redis whose key layout is newer than this version knows. */
export async function checkRedisSchema(store: SettingStore): Promise<void> {
  const version = Number(await store.getOrInitSetting(REDIS_SCHEMA_SETTING, String(REDIS_SCHEMA_VERSION)));
  if (version > REDIS_SCHEMA_VERSION) {
    throw new StateRefused(
      `Redis holds state-store schema version ${version}, newer than this version's ${REDIS_SCHEMA_VERSION}: run the newer version`,
    );
  }
}
