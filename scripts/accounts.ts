/**
 * Account administration: `npm run accounts -- <command> [options]`. Writes JSON to stdout; on failure a JSON
 * error to stderr and a non-zero exit (2 for usage mistakes, 1 otherwise). Uses the same state store as the server
 * (STATE_DIR or REDIS_URL), so every change takes effect at once for a running server.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { dailyQuotaProblem, listQuotaRequests, setQuota } from "../accounts/auth/account-data.ts";
import {
  AccountError,
  createKey,
  createUser,
  listKeys,
  type ProfilePatch,
  revokeKey,
  updateProfile,
} from "../accounts/auth/accounts.ts";
import { ConfigError, readAuthConfig } from "../accounts/auth/config.ts";
import { mintPaidAccess, PAID_ACCESS_HEADER } from "../accounts/auth/paid.ts";
import { acceptStoreState, openStore } from "../accounts/store/index.ts";
import type { Store } from "../accounts/store/types.ts";
import type { IdRegistry } from "../pipeline/resolve/ids.ts";
import { IDS, LATEST } from "../snapshot/files.ts";

const USAGE = `Usage: npm run accounts -- <command> [options]

  create-user  --email E (--password P | --password-stdin) [--name N] [--institution I]
  create-key   --email E [--label L]            prints the new key once
  list-keys    --email E
  revoke-key   --email E --key-id K
  set-profile  --email E [--public true|false] [--institution I] [--cv TEXT]
               [--track ID,ID] [--track-journals ID,ID] [--attend ID,ID]
  quota-requests [--open]                       requests for a higher quota from the account page, oldest
               first (--open: those not answered yet)
  set-quota    --email E (--daily N | --default)  the account's requests a UTC day from its next request
               (--default: back to ACCOUNT_DAILY_QUOTA); answers its open quota requests
  paid-token   --path P [--ttl SECONDS]         mints an ${PAID_ACCESS_HEADER} value (needs PAID_ACCESS_KEY)
  accept-state                                  serves the state store as it is now (emptied or replaced):
               records its state id (a new one for an empty store) as this machine's, and running
               servers that refuse it (503) serve it again within seconds (docs/operations.md)

State: STATE_DIR (default ./var) or REDIS_URL. Venue ids are checked against SNAPSHOTS_DIR/latest when it exists.`;

class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface Command {
  options: Options;
  needsStore: boolean;
  run(values: Values, store: Store | null): Promise<unknown>;
}

const text = { type: "string" } as const;

function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new UsageError(`--${name} is required`);
  return value;
}

const optional = (values: Values, name: string): string | undefined => {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
};

function idList(values: Values, name: string): string[] | undefined {
  const raw = optional(values, name);
  return raw?.split(",").flatMap((id) => (id.trim() === "" ? [] : [id.trim()]));
}

/** The latest snapshot's id registry (ids.json, about 2 MB), read once and only when an id list needs it. */
let registry: Partial<IdRegistry> | null | undefined;
function snapshotIds(): Partial<IdRegistry> | null {
  if (registry === undefined) {
    const file = join(resolve(process.env.SNAPSHOTS_DIR?.trim() || "snapshots"), LATEST, IDS);
    registry = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Partial<IdRegistry>) : null;
  }
  return registry;
}

/**
 * A venue id list, each id checked against the snapshot's id registry (current ids and ids merged into another)
 * when there is a snapshot to ask, so a mistyped id is refused instead of stored.
 */
function venueIds(
  values: Values,
  name: string,
  kind: keyof Omit<IdRegistry, "version">,
): string[] | undefined {
  const ids = idList(values, name);
  if (!ids?.length) return ids;
  const known = snapshotIds()?.[kind];
  // A registry without entries (a hand-made snapshot) says nothing about which ids exist.
  if (!known?.entries) return ids;
  const { entries, merged = {} } = known;
  const unknown = ids.filter((id) => !(id in entries) && !(id in merged));
  if (unknown.length > 0) {
    const what = `the snapshot has no ${kind.slice(0, -1)} with id ${unknown.join(", ")}`;
    throw new AccountError("invalid_input", `--${name}: ${what}`);
  }
  return ids;
}

function booleanFlag(values: Values, name: string): boolean | undefined {
  const raw = optional(values, name);
  if (raw === undefined) return undefined;
  if (raw === "true" || raw === "false") return raw === "true";
  throw new UsageError(`--${name} must be true or false`);
}

function password(values: Values): string {
  if (values["password-stdin"] === true) return readFileSync(0, "utf8").replace(/\r?\n$/, "");
  return required(values, "password");
}

function positiveInteger(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^[1-9]\d*$/.test(raw)) throw new UsageError(`--${name} must be a positive whole number`);
  return Number(raw);
}

/** main opens a store for every command marked needsStore. */
const withStore = (store: Store | null): Store => {
  if (!store) throw new Error("no state store opened");
  return store;
};

const COMMANDS: Record<string, Command> = {
  "create-user": {
    options: {
      email: text,
      password: text,
      "password-stdin": { type: "boolean" },
      name: text,
      institution: text,
    },
    needsStore: true,
    run: (v, store) =>
      createUser(withStore(store), {
        email: required(v, "email"),
        password: password(v),
        name: optional(v, "name"),
        institution: optional(v, "institution"),
      }),
  },
  "create-key": {
    options: { email: text, label: text },
    needsStore: true,
    run: (v, store) => createKey(withStore(store), required(v, "email"), optional(v, "label")),
  },
  "list-keys": {
    options: { email: text },
    needsStore: true,
    run: async (v, store) => ({ keys: await listKeys(withStore(store), required(v, "email")) }),
  },
  "revoke-key": {
    options: { email: text, "key-id": text },
    needsStore: true,
    run: (v, store) => revokeKey(withStore(store), required(v, "email"), required(v, "key-id")),
  },
  "set-profile": {
    options: {
      email: text,
      public: text,
      institution: text,
      cv: text,
      track: text,
      "track-journals": text,
      attend: text,
    },
    needsStore: true,
    run: (v, store) => {
      const patch: ProfilePatch = {
        public: booleanFlag(v, "public"),
        institution: optional(v, "institution"),
        cv: optional(v, "cv"),
        trackedConferences: venueIds(v, "track", "conferences"),
        trackedJournals: venueIds(v, "track-journals", "journals"),
        attendedConferences: venueIds(v, "attend", "conferences"),
      };
      return updateProfile(withStore(store), required(v, "email"), patch);
    },
  },
  "quota-requests": {
    options: { open: { type: "boolean" } },
    needsStore: true,
    run: async (v, store) => ({ requests: await listQuotaRequests(withStore(store), v.open === true) }),
  },
  "set-quota": {
    options: { email: text, daily: text, default: { type: "boolean" } },
    needsStore: true,
    run: (v, store) => {
      const daily = optional(v, "daily");
      if ((daily === undefined) === (v.default !== true))
        throw new UsageError("give either --daily N or --default");
      if (daily !== undefined) {
        const problem = dailyQuotaProblem(daily);
        if (problem) throw new UsageError(`--daily: ${problem}`);
      }
      return setQuota(withStore(store), required(v, "email"), daily === undefined ? null : Number(daily));
    },
  },
  "accept-state": {
    options: {},
    needsStore: false,
    run: () => acceptStoreState(process.env),
  },
  "paid-token": {
    options: { path: text, ttl: text },
    needsStore: false,
    run: async (v) => {
      const key = readAuthConfig(process.env).paidAccessKey;
      if (key === null) throw new ConfigError("PAID_ACCESS_KEY is not set; paid access is disabled");
      const ttlSeconds = positiveInteger(optional(v, "ttl"), "ttl", 300);
      // A paid token pays for one request on one path.
      const path = required(v, "path");
      if (!path.startsWith("/")) throw new UsageError("--path must start with /");
      const now = new Date();
      return {
        header: PAID_ACCESS_HEADER,
        value: await mintPaidAccess(key, { path, ttlSeconds, now }),
        path,
        expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
      };
    },
  },
};

function fail(code: string, message: string, exitCode: number): void {
  process.stderr.write(`${JSON.stringify({ error: { code, message } })}\n`);
  process.exitCode = exitCode;
}

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help") {
    process.stdout.write(`${JSON.stringify({ usage: USAGE.split("\n") }, null, 2)}\n`);
    return;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command "${name}"`);
  let values: Values;
  try {
    values = parseArgs({
      args: rest,
      options: command.options,
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const store = command.needsStore ? await openStore(process.env) : null;
  try {
    const result = await command.run(values, store);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await store?.close();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) fail("usage", `${error.message} (see: npm run accounts -- help)`, 2);
  else if (error instanceof AccountError) fail(error.code, error.message, 1);
  else if (error instanceof ConfigError) fail("config", error.message, 1);
  else fail("internal", error instanceof Error ? error.message : String(error), 1);
}
