/**
 * Single-use links sent by e-mail (verifying a new account, resetting a password): a random token in the link, its
 * sha256 in the state store with its purpose, account and expiry. Following the link takes it for good (atomic on
 * both stores), so a link works once, and not after it expires.
 */
import { type Clock, systemClock } from "../../runtime/clock.ts";
import type { OneTimePurpose, OneTimeToken, OneTimeTokenStore } from "../store/types.ts";
import { hashSecretToken, isSecretTokenShaped, newSecretToken } from "./secret-tokens.ts";

export interface OneTimeLinks {
  /** A new link's token for the account, valid `ttlMs`; its hash is what the store keeps. */
  issue(accountId: string, purpose: OneTimePurpose, ttlMs: number): Promise<{ token: string; hash: string }>;
  /** Takes the link's token: its record once, then null (and null when expired, unknown or malformed). */
  take(token: string | null | undefined, purpose: OneTimePurpose): Promise<OneTimeToken | null>;
}

export function oneTimeLinks(store: OneTimeTokenStore, clock: Clock = systemClock): OneTimeLinks {
  return {
    async issue(accountId, purpose, ttlMs) {
      const issued = newSecretToken();
      const now = clock();
      await store.putOneTimeToken({
        hash: issued.hash,
        purpose,
        accountId,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
      });
      return issued;
    },
    take: async (token, purpose) =>
      isSecretTokenShaped(token) ? store.takeOneTimeToken(hashSecretToken(token), purpose) : null,
  };
}
