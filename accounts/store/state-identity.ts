/**
 * A state store that once held accounts and keys must never be swapped for an empty one without notice — the
 * classic case being a Redis without persistence that restarted: every account, key, quota and the login-token
 * secret gone, and the service carrying on. Each store gets a random id (a setting, so it lives and travels with
 * the data: backups and restores keep it), and a marker file in STATE_DIR on this machine remembers the id the
 * store had. A store whose id differs from the marker's — empty, or another one — is refused at start; while a
 * server runs, identity-watch.ts checks the same every few seconds.
 * Redis also keeps the version of its key layout (the SQLite file keeps its own: sqlite/connections.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readFileSync, renameSync } from "node:fs";
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

/** Longest marker name before the suffix; a longer one is named by its prefix's hash (file names stop at 255 bytes). */
const MAX_MARKER_NAME = 200;

/**
 * A Redis marker's name, one per key prefix: a prefix of the usual form `name:` (the default `vd:` included) keeps
 * the name it always had, `redis-name`; any other is spelled out byte by byte after `redis@` ([A-Za-z0-9_-] as
 * they are, every other byte `%XX`), so `vd` (`redis@vd`) and `vd:` (`redis-vd`) never share a marker.
 */
function redisMarkerName(prefix: string): string {
  const usual = /^([\w-]+):$/.exec(prefix);
  const name = usual
    ? `redis-${usual[1]}`
    : `redis@${[...Buffer.from(prefix, "utf8")]
        .map((byte) => {
          const char = String.fromCharCode(byte);
          return /[\w-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
        })
        .join("")}`;
  // `@` is never kept as it is, so `redis@@` names no spelled-out prefix.
  return name.length <= MAX_MARKER_NAME
    ? name
    : `redis@@${createHash("sha256").update(prefix).digest("hex")}`;
}

/** The marker file of a store: one per backend (and Redis key prefix) in STATE_DIR. */
export function stateMarkerFile(stateDir: string, redisPrefix: string | null): string {
  const name = redisPrefix === null ? "sqlite" : redisMarkerName(redisPrefix);
  return join(stateDir, `${name}${STATE_MARKER_SUFFIX}`);
}

/**
 * Where versions before distinct marker names kept a Redis prefix's marker (`vd` and `vd:` both in `redis-vd`), when
 * that is not where it is kept now; null otherwise.
 */
export function legacyStateMarkerFile(stateDir: string, redisPrefix: string | null): string | null {
  if (redisPrefix === null) return null;
  const legacy = join(
    stateDir,
    `redis-${redisPrefix.replace(/[^\w-]/g, "") || "default"}${STATE_MARKER_SUFFIX}`,
  );
  return legacy === stateMarkerFile(stateDir, redisPrefix) ? null : legacy;
}

/**
 * A marker under its earlier name is taken over (renamed to the current one) when it names this very store (`found`);
 * one naming another store is left alone, as under that name it may be another prefix's marker. The id taken over,
 * or "".
 */
function adoptLegacyMarker(markerFile: string, legacyFile: string | null, found: string | null): string {
  if (legacyFile === null || found === null || recordedStateId(legacyFile) !== found) return "";
  try {
    renameSync(legacyFile, markerFile);
  } catch (err) {
    // Another process on this machine took it over first: the marker is there all the same.
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  return found;
}

/** The id this machine's marker records, or "" when there is none. */
export function recordedStateId(markerFile: string): string {
  return existsSync(markerFile) ? readFileSync(markerFile, "utf8").trim() : "";
}

function recordStateId(markerFile: string, id: string): void {
  ensurePrivateDirectory(join(markerFile, ".."));
  writePrivateFile(markerFile, `${id}\n`);
}

/** The store's id, read without writing: null for an empty store. */
export const storedStateId = (store: SettingStore) => store.getSetting(STATE_ID_SETTING);

/** Where an accepted state names the state it replaces (accept-state), so servers still expecting that one follow. */
export const replacedBySetting = (previousId: string) => `state_replaced:${previousId}`;

/**
 * Why a store whose id is `found` (null: empty) is not the state `recorded`; `expected` says whose state that is
 * ("the one <marker> records", "the one this server was serving"). The fix in the same words everywhere.
 */
export function stateMismatch(recorded: string, found: string | null, expected: string): string {
  const what = found === null ? "was empty" : `holds state ${found}`;
  return (
    `the state store is not ${expected} (state ${recorded}): it ${what}. Accounts, API keys, quotas and the ` +
    "login-token secret would be lost. Restore the store from its backup (docs/operations.md#backups), or run " +
    "`npm run accounts -- accept-state` to serve this state on purpose"
  );
}

/**
 * Refuses a store that is not the one this machine's marker names; records the id on first use. A store that is
 * empty while the marker names a state is left as it is (no id written), so it stays recognisably empty. A marker
 * an earlier version wrote under another name (`legacyMarkerFile`) counts when it names this store.
 */
export async function checkStateIdentity(
  store: SettingStore,
  markerFile: string,
  legacyMarkerFile: string | null = null,
): Promise<string> {
  const found = await storedStateId(store);
  const recorded = recordedStateId(markerFile) || adoptLegacyMarker(markerFile, legacyMarkerFile, found);
  if (found !== null && found === recorded) return found;
  if (recorded) throw new StateRefused(stateMismatch(recorded, found, `the one ${markerFile} records`));
  const id = found ?? (await store.getOrInitSetting(STATE_ID_SETTING, randomUUID()));
  recordStateId(markerFile, id);
  return id;
}

export interface AcceptedState {
  /** The state this machine recorded before ("" when none). */
  previous: string;
  /** The state now recorded: the store's id, a new one when the store was empty. */
  state_id: string;
  /** Whether the store was empty and got a new id. */
  new_state: boolean;
}

/**
 * accept-state: records the store's state as this machine's (an empty store gets a new id), and notes in the store
 * that it replaces the state recorded before, so running servers still expecting that one serve it too.
 */
export async function acceptState(store: SettingStore, markerFile: string): Promise<AcceptedState> {
  const previous = recordedStateId(markerFile);
  const found = await storedStateId(store);
  const id = found ?? (await store.getOrInitSetting(STATE_ID_SETTING, randomUUID()));
  if (previous && previous !== id) await store.getOrInitSetting(replacedBySetting(previous), id);
  recordStateId(markerFile, id);
  return { previous, state_id: id, new_state: found === null };
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
