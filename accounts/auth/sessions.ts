/**
 * The site's log-in sessions: a random token in the browser's cookie, its sha256 in the state store with the account
 * and an absolute expiry (SESSION_DAYS). A session is gone when it expires, on log-out, when its account's password
 * is reset (every session ends: Store.deleteAccountSessions; one started before the reset is refused even if a
 * concurrent request recreated it), or when the account is gone or no longer verified.
 */
import { type Clock, DAY_MS, systemClock } from "../../runtime/clock.ts";
import type { Account, SessionStore, Store } from "../store/types.ts";
import { issuedBeforeReset } from "./credential-age.ts";
import { hashSecretToken, isSecretTokenShaped, newSecretToken } from "./secret-tokens.ts";

export const DEFAULT_SESSION_DAYS = 14;

export interface StartedSession {
  /** The cookie's value; shown to the browser only. */
  token: string;
  expiresAt: Date;
}

export interface Sessions {
  start(accountId: string): Promise<StartedSession>;
  /** The verified account of a live session cookie, or null (no such session, expired, reset, account gone). */
  account(token: string | null | undefined): Promise<Account | null>;
  /** Logs out: the session is gone for every instance. */
  end(token: string | null | undefined): Promise<void>;
  /** Every session of the account (a password reset). */
  endAll(accountId: string): Promise<number>;
  /** How long a new session lives, for the cookie's Max-Age. */
  lifetimeMs: number;
}

export function createSessions(
  store: SessionStore & Pick<Store, "getAccount">,
  sessionDays: number = DEFAULT_SESSION_DAYS,
  clock: Clock = systemClock,
): Sessions {
  const lifetimeMs = sessionDays * DAY_MS;
  return {
    lifetimeMs,
    async start(accountId) {
      const { token, hash } = newSecretToken();
      const now = clock();
      const expiresAt = new Date(now.getTime() + lifetimeMs);
      await store.createSession({
        id: hash,
        accountId,
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      return { token, expiresAt };
    },
    async account(token) {
      if (!isSecretTokenShaped(token)) return null;
      const session = await store.getSession(hashSecretToken(token));
      if (!session) return null;
      const account = await store.getAccount(session.accountId);
      if (!account?.verified || issuedBeforeReset(Date.parse(session.createdAt), account)) return null;
      return account;
    },
    async end(token) {
      if (isSecretTokenShaped(token)) await store.deleteSession(hashSecretToken(token));
    },
    endAll: (accountId) => store.deleteAccountSessions(accountId),
  };
}
