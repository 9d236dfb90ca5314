/**
 * POST /api/login: e-mail and password for a login token. Unknown e-mails cost the same as wrong passwords.
 * Per-account back-off: after FREE_FAILURES failed attempts on one e-mail, further attempts within a doubling
 * wait (capped at MAX_BACKOFF_SECONDS) are refused like a wrong password without checking it, so guessing a
 * password costs time however many addresses the guesses come from. A success clears the count.
 */
import { LRUCache } from "lru-cache";
import type { Store } from "../store/types.ts";
import { normalizeEmail } from "./accounts.ts";
import type { AuthConfig } from "./config.ts";
import { JWT_LIFETIME_SECONDS, jwtKey, signAccountJwt } from "./jwt.ts";
import { MAX_PASSWORD_LENGTH, verifyPassword } from "./passwords.ts";

export const FREE_FAILURES = 5;
export const MAX_BACKOFF_SECONDS = 15 * 60;

interface Failures {
  count: number;
  /** Epoch ms before which the next attempt is refused unchecked. */
  until: number;
}

/** Failure counts per store (so separate deployments or test stores never share them), bounded by an LRU. */
const failuresByStore = new WeakMap<Store, LRUCache<string, Failures>>();

function failuresOf(store: Store): LRUCache<string, Failures> {
  let failures = failuresByStore.get(store);
  if (!failures) {
    failures = new LRUCache({ max: 100_000 });
    failuresByStore.set(store, failures);
  }
  return failures;
}

export interface LoginToken {
  token: string;
  token_type: "Bearer";
  /** Seconds. */
  expires_in: number;
  user_id: string;
}

/** The token payload for `data`, or null for wrong credentials (including unknown or unverified accounts). */
export async function login(
  store: Store,
  config: Pick<AuthConfig, "jwtSecret">,
  email: string,
  password: string,
  now = new Date(),
): Promise<LoginToken | null> {
  // No account has a longer password; refusing early keeps huge inputs from tying up scrypt.
  if (password.length > MAX_PASSWORD_LENGTH) return null;
  const normalized = normalizeEmail(email);
  const failures = failuresOf(store);
  const past = failures.get(normalized);
  if (past && past.until > now.getTime()) return null;
  const account = await store.findAccountByEmail(normalized);
  const stored = account ? { hash: account.passwordHash, salt: account.passwordSalt } : null;
  const matches = await verifyPassword(password, stored);
  if (!account || !matches || !account.verified) {
    const count = (past?.count ?? 0) + 1;
    const waitSeconds =
      count < FREE_FAILURES ? 0 : Math.min(MAX_BACKOFF_SECONDS, 2 ** (count - FREE_FAILURES));
    failures.set(normalized, { count, until: now.getTime() + waitSeconds * 1000 });
    return null;
  }
  failures.delete(normalized);
  return {
    token: await signAccountJwt(account.id, await jwtKey(store, config), now),
    token_type: "Bearer",
    expires_in: JWT_LIFETIME_SECONDS,
    user_id: account.id,
  };
}
