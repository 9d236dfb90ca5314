/**
 * The real service over HTTP for the accounts tests: loadConfig → startService (state store, services, server) on
 * a free port, with the fixture snapshot, a tiny static site and a clock the test can move. Each backend gives a
 * fresh state: a temp STATE_DIR for the SQLite file store, a fresh key prefix on a real redis-server for Redis.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";
import { createKey, createUser, type ProfilePatch, updateProfile } from "../../accounts/auth/accounts.ts";
import type { Store } from "../../accounts/store/types.ts";
import { type RunningService, startService } from "../../functions/composition-root.ts";
import { createMcpHandler } from "../../functions/mcp/index.ts";
import { loadConfig } from "../../functions/server-config.ts";
import { silentLogger } from "../../runtime/logger.ts";
import { forFile } from "./for-file.ts";
import { skipRedis, startRedis } from "./redis-server.ts";
import { BASE_URL, servedFixture } from "./served-fixture.ts";
import { FIXTURE_NOW } from "./snapshot-fixture.ts";

export { BASE_URL };
export const PAID_KEY = "paid-edge-key-for-http-tests-0123456789";
export const PASSWORD = "correct horse battery staple";

/** Where a test's state lives: the STATE_DIR or REDIS_URL / REDIS_PREFIX part of the environment. */
export interface Backend {
  name: string;
  /** Environment naming a fresh, empty state. */
  freshState(): Promise<Record<string, string>>;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions that read them
export type Body = { code: number; message: string; data: any; request_id: string };

export interface TestService {
  url: string;
  /** The served snapshots (the fixture); tests may add to `latest`. */
  snapshotsDir: string;
  store: Store;
  /** The service's clock; tests move it. */
  clock: { now: Date };
  env: Record<string, string>;
  fetch(path: string, init?: RequestInit & { ip?: string }): Promise<Response>;
  json(path: string, init?: RequestInit & { ip?: string }): Promise<{ res: Response; body: Body }>;
  /** Stops the server and closes its store, then starts a new one on the same state. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Passed to startService; default: the production default. */
  countsCacheMs?: number;
  /** Passed to startService; default: the production default. */
  viewBatchMs?: number;
  /** Serve the MCP endpoint too (as scripts/serve.ts does). */
  mcp?: boolean;
}

/**
 * Starts the service on `state`. TRUST_PROXY=1, so a test picks its client address with the `ip` option (sent as
 * X-Forwarded-For) and gets an anonymous quota of its own.
 */
export async function startTestService(
  state: Record<string, string>,
  options: StartOptions = {},
): Promise<TestService> {
  const fixture = await servedFixture({
    "index.html": "<!doctype html><title>Venues</title>",
    "conference/101.html": "<!doctype html><title>ICML</title>",
  });
  const env: Record<string, string> = {
    ...fixture.env,
    TRUST_PROXY: "1",
    PAID_ACCESS_KEY: PAID_KEY,
    ...state,
    ...options.env,
  };
  const clock = { now: FIXTURE_NOW };
  const start = () =>
    startService(loadConfig(env), {
      clock: () => clock.now,
      logger: silentLogger,
      countsCacheMs: options.countsCacheMs,
      viewBatchMs: options.viewBatchMs,
      mcp: options.mcp ? createMcpHandler : undefined,
    });
  let service: RunningService = await start();

  const fetchPath = (path: string, init: RequestInit & { ip?: string } = {}) => {
    const { ip, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (ip) headers.set("x-forwarded-for", ip);
    return fetch(`${service.server.url}${path}`, { ...rest, headers });
  };
  return {
    get url() {
      return service.server.url;
    },
    snapshotsDir: fixture.snapshotsDir,
    get store() {
      return service.store;
    },
    clock,
    env,
    fetch: fetchPath,
    async json(path, init) {
      const res = await fetchPath(path, init);
      return { res, body: (await res.json()) as Body };
    },
    async restart() {
      await service.close();
      service = await start();
    },
    async close() {
      await service.close();
      await fixture.remove();
      if (state.STATE_DIR) await rm(state.STATE_DIR, { recursive: true, force: true });
    },
  };
}

export const bearer = (credential: string) => ({ authorization: `Bearer ${credential}` });

let accounts = 0;

/** A verified account with one API key and, when given, a profile. */
export async function newAccount(
  store: Store,
  options: { name?: string; institution?: string; profile?: ProfilePatch } = {},
): Promise<{ id: string; email: string; key: string; keyId: string }> {
  accounts += 1;
  const email = `user${accounts}-${process.pid}@example.org`;
  const { id } = await createUser(store, {
    email,
    password: PASSWORD,
    name: options.name ?? `User ${accounts}`,
    institution: options.institution,
  });
  const { key, id: keyId } = await createKey(store, email, "tests");
  if (options.profile) await updateProfile(store, email, options.profile);
  return { id, email, key, keyId };
}

/** A distinct client address per call, so tests do not share an anonymous quota. */
let addresses = 0;
export const freshIp = () => {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const fileBackend: Backend = {
  name: "file store (SQLite)",
  async freshState() {
    return { STATE_DIR: await mkdtemp(join(tmpdir(), "vd-http-state-")), REDIS_URL: "" };
  },
};

/**
 * Runs `suite` once per store: SQLite always, Redis when redis-server is installed (one server per file, a fresh
 * key prefix per state).
 */
export function forEachStore(suite: (backend: Backend) => void): void {
  describe(fileBackend.name, () => suite(fileBackend));

  describe.skipIf(skipRedis)("redis store", () => {
    const redis = forFile(
      () => startRedis(),
      (server) => server.stop(),
    );
    let prefixes = 0;
    suite({
      name: "redis store",
      async freshState() {
        const { url } = redis();
        prefixes += 1;
        // STATE_DIR holds this store's state marker (store/state-identity.ts).
        const STATE_DIR = await mkdtemp(join(tmpdir(), "vd-http-redis-"));
        return { REDIS_URL: url, REDIS_PREFIX: `http${prefixes}:`, STATE_DIR };
      },
    });
  });
}
