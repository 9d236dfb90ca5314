/** A config with the defaults, an account with keys and request headers, for the auth tests. */
import { type AuthConfig, readAuthConfig } from "../../../accounts/auth/config.ts";
import type { SqliteStore } from "../../../accounts/store/sqlite-store.ts";

export const PAID_KEY = "paid-edge-key-0123456789abcdef0123";

export function testConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { ...readAuthConfig({ PAID_ACCESS_KEY: PAID_KEY }), ...overrides };
}

/** A verified account "a1" with an API key per id (hash "h-<id>"), written straight to the store. */
export async function accountWithKeys(
  store: SqliteStore,
  keyIds: string[],
  createdAt: string,
): Promise<void> {
  await store.createAccount({
    id: "a1",
    email: "a@example.org",
    name: null,
    institution: null,
    passwordHash: "x",
    passwordSalt: "y",
    verified: true,
    createdAt,
  });
  for (const id of keyIds) {
    await store.createApiKey({ id, accountId: "a1", hash: `h-${id}`, label: null, createdAt });
  }
}

/** Headers as the server passes them (the Fetch API Headers class). */
export const headers = (init: Record<string, string> = {}) => new Headers(init);
