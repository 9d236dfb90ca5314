/**
 * What an account does with its own data beyond keys and profile: asks for a higher daily quota (recorded for the
 * operator, who grants it with `set-quota`), exports everything kept about it, and deletes itself. The account page
 * and the accounts CLI share these; views use the snake_case names the JSON carries.
 */
import { randomBytes } from "node:crypto";
import type { Account, QuotaRequest, Store } from "../store/types.ts";
import {
  AccountError,
  accountByEmail,
  accountView,
  apiKeyView,
  initialProfile,
  profileView,
} from "./accounts.ts";

/** Bounds of a requested or granted quota (requests a UTC day). */
export const MAX_DAILY_QUOTA = 1_000_000;
export const MIN_REASON = 10;
export const MAX_REASON = 2000;

export interface QuotaRequestView {
  id: string;
  account_id: string;
  email: string;
  requested: number;
  reason: string;
  created_at: string;
  granted: number | null;
  granted_at: string | null;
}

export const quotaRequestView = (r: QuotaRequest): QuotaRequestView => ({
  id: r.id,
  account_id: r.accountId,
  email: r.email,
  requested: r.requested,
  reason: r.reason,
  created_at: r.createdAt,
  granted: r.granted,
  granted_at: r.grantedAt,
});

/** A whole number of requests a day in 1…MAX_DAILY_QUOTA, or why not. */
export function dailyQuotaProblem(raw: string): string | null {
  if (!/^\d+$/.test(raw.trim())) return "give a whole number of requests a day, such as 1000";
  const n = Number(raw.trim());
  if (n < 1 || n > MAX_DAILY_QUOTA) return `give a number from 1 to ${MAX_DAILY_QUOTA.toLocaleString("en")}`;
  return null;
}

export interface QuotaAsk {
  requested: string;
  reason: string;
}

/** Why this request cannot be recorded, per field; empty when it can. */
export function quotaAskProblems(
  ask: QuotaAsk,
  currentLimit: number,
): Partial<Record<keyof QuotaAsk, string>> {
  const problems: Partial<Record<keyof QuotaAsk, string>> = {};
  const number = dailyQuotaProblem(ask.requested);
  if (number) problems.requested = number;
  else if (Number(ask.requested) <= currentLimit)
    problems.requested = `ask for more than your quota today (${currentLimit} a day)`;
  const reason = ask.reason.trim();
  if (reason.length < MIN_REASON)
    problems.reason = `say in a few words what the requests are for (at least ${MIN_REASON} characters)`;
  else if (reason.length > MAX_REASON) problems.reason = `at most ${MAX_REASON} characters`;
  return problems;
}

/** Records the request; one open request per account at a time (a second one is refused, naming the first). */
export async function requestQuota(
  store: Store,
  account: Account,
  ask: QuotaAsk,
  now = new Date(),
): Promise<QuotaRequestView> {
  const open = (await store.listQuotaRequests(account.id)).find((r) => r.granted === null);
  if (open)
    throw new AccountError(
      "invalid_input",
      `you asked for ${open.requested} a day on ${open.createdAt.slice(0, 10)}; the operator has not answered yet`,
    );
  const request: QuotaRequest = {
    id: `qr_${randomBytes(8).toString("hex")}`,
    accountId: account.id,
    email: account.email,
    requested: Number(ask.requested.trim()),
    reason: ask.reason.trim(),
    createdAt: now.toISOString(),
    granted: null,
    grantedAt: null,
  };
  await store.addQuotaRequest(request);
  return quotaRequestView(request);
}

export async function listQuotaRequests(store: Store, openOnly: boolean): Promise<QuotaRequestView[]> {
  const all = await store.listQuotaRequests();
  return all.filter((r) => !openOnly || r.granted === null).map(quotaRequestView);
}

/**
 * Grants the account a daily quota (null: back to the default) and marks its open requests answered. Counts from
 * the account's next request: credentials are read from the store on every request.
 */
export async function setQuota(store: Store, email: string, dailyQuota: number | null, now = new Date()) {
  const account = await accountByEmail(store, email);
  if (!(await store.setAccountQuota(account.id, dailyQuota)))
    throw new AccountError("not_found", `no account with e-mail ${email}`);
  const answered =
    dailyQuota === null ? 0 : await store.grantQuotaRequests(account.id, dailyQuota, now.toISOString());
  return { account: accountView(account), daily_quota: dailyQuota, requests_answered: answered };
}

/** Everything kept about the account, without a password hash, a key's hash or any other secret. */
export async function exportAccountData(store: Store, account: Account, now = new Date()) {
  const [keys, profile, requests] = await Promise.all([
    store.listApiKeys(account.id),
    store.getProfile(account.id),
    store.listQuotaRequests(account.id),
  ]);
  return {
    exported_at: now.toISOString(),
    account: { ...accountView(account), daily_quota: account.dailyQuota ?? null },
    profile: profileView(profile ?? initialProfile(account, new Date(account.createdAt))),
    api_keys: keys.map(apiKeyView),
    watchlist: {
      tracked_conferences: profile?.trackedConferences ?? [],
      tracked_journals: profile?.trackedJournals ?? [],
    },
    quota_requests: requests.map(quotaRequestView),
  };
}

/**
 * Deletes the account: its keys go in the same step (their next request answers 401), its sessions end,
 * its profile and quota requests go. What stays holds no one's name: quota counters, views, ratings and comments
 * (shown without an author).
 */
export async function deleteAccount(store: Store, accountId: string): Promise<boolean> {
  const deleted = await store.deleteAccount(accountId);
  await store.deleteAccountSessions(accountId);
  return deleted;
}
