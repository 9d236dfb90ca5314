/**
 * An account's tracked venues as its watchlist. The service has no browser sign-in: an account signs in with an
 * API key or a login token (`Authorization: Bearer`), and its profile's tracked venues are set with `npm run
 * accounts -- set-profile`. `GET /watchlists/account` with that credential answers the account's watchlist
 * addresses: the same `/watchlist?id=` page and `/calendar/watch/<id>.ics` calendar a stored watchlist has, with
 * the id `<account id>.<token>`. The token is random, kept once in the state store, and the venues are read from
 * the profile at each request, so the address stays the same as venues are tracked or untracked.
 */
import { randomBytes } from "node:crypto";
import { sameSignature } from "../../accounts/auth/signing-key.ts";
import type { Store } from "../../accounts/store/types.ts";
import type { Caller } from "../../read/caller.ts";

/** What an account watchlist reads of the state store. */
export type AccountWatchlistStore = Pick<Store, "getAccount" | "getProfile" | "getOrInitSetting">;

export const ACCOUNT_WATCHLIST_PATH = "/watchlists/account";

/** `<account id>.<token>`: the token is 16 random bytes, base64url (22 characters). */
const ACCOUNT_WATCHLIST_ID = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{22})$/;

const tokenSetting = (accountId: string) => `watchlist-token:${accountId}`;

/**
 * Tokens read so far, per store and account: a token never changes once set, and calendar clients poll its
 * address, so the store's upsert is asked once per account and process, not at every request.
 */
const tokens = new WeakMap<AccountWatchlistStore, Map<string, Promise<string>>>();

function tokensOf(store: AccountWatchlistStore): Map<string, Promise<string>> {
  let byAccount = tokens.get(store);
  if (!byAccount) {
    byAccount = new Map();
    tokens.set(store, byAccount);
  }
  return byAccount;
}

/** The account's token: the one kept in the store, made (once, atomically) on first use. */
function tokenOf(store: AccountWatchlistStore, accountId: string): Promise<string> {
  const byAccount = tokensOf(store);
  const known = byAccount.get(accountId);
  if (known) return known;
  const token = store.getOrInitSetting(tokenSetting(accountId), randomBytes(16).toString("base64url"));
  byAccount.set(accountId, token);
  // A failed read is not remembered: the next request asks the store again.
  token.catch(() => {
    if (byAccount.get(accountId) === token) byAccount.delete(accountId);
  });
  return token;
}

/** The watched venues behind an id. */
export interface WatchedIds {
  id: string;
  conferences: string[];
  journals: string[];
}

/** The account's tracked venues under its watchlist id. */
async function trackedBy(store: AccountWatchlistStore, accountId: string, id: string): Promise<WatchedIds> {
  const profile = await store.getProfile(accountId);
  return { id, conferences: profile?.trackedConferences ?? [], journals: profile?.trackedJournals ?? [] };
}

/** The account's tracked venues when `id` is its watchlist id, else null (another form, a wrong token, no account). */
export async function accountWatched(store: AccountWatchlistStore, id: string): Promise<WatchedIds | null> {
  const [, accountId = "", token = ""] = ACCOUNT_WATCHLIST_ID.exec(id) ?? [];
  if (!accountId || !(await store.getAccount(accountId))) return null;
  const kept = await tokenOf(store, accountId);
  if (!sameSignature(kept, token)) return null;
  return trackedBy(store, accountId, id);
}

/**
 * The calling account's watchlist id and tracked venues; null for a caller who is not an account. The edge has
 * resolved the account from its credential, so its token is read once and not checked against itself.
 */
export async function callerWatched(store: AccountWatchlistStore, caller: Caller | undefined) {
  if (caller?.kind !== "account") return null;
  const { accountId } = caller;
  return trackedBy(store, accountId, `${accountId}.${await tokenOf(store, accountId)}`);
}
