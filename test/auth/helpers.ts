/** A fresh file store in a temp dir, and a config with the defaults, for the auth tests. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AuthConfig, readAuthConfig } from "../../functions/auth/config.ts";
import { SqliteStore } from "../../functions/store/sqlite-store.ts";

export const PAID_KEY = "paid-edge-key-0123456789abcdef0123";

export function testConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { ...readAuthConfig({ PAID_ACCESS_KEY: PAID_KEY }), ...overrides };
}

export interface TempStore {
  store: SqliteStore;
  dir: string;
  dispose(): Promise<void>;
}

export function tempStore(now?: () => number): TempStore {
  const dir = mkdtempSync(join(tmpdir(), "vd-auth-"));
  const store = new SqliteStore({ dir, now });
  return {
    store,
    dir,
    async dispose() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Headers as the server passes them (the Fetch API Headers class). */
export const headers = (init: Record<string, string> = {}) => new Headers(init);
