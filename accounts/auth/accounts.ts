/**
 * Account administration: creating users, issuing, listing and revoking API keys, editing profiles. The accounts
 * CLI is a thin shell over these; views use the snake_case names the JSON output carries.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { VenueId } from "../../snapshot/records.ts";
import type { Account, ApiKeyRecord, Profile, Store } from "../store/types.ts";
import { DuplicateEmailError } from "../store/types.ts";
import { generateApiKey, newKeyId } from "./api-keys.ts";
import { newPasswordProblem } from "./password-policy.ts";
import { hashPassword } from "./passwords.ts";

export type AccountErrorCode = "invalid_input" | "duplicate_email" | "not_found" | "unverified";

export class AccountError extends Error {
  constructor(
    readonly code: AccountErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "AccountError";
  }
}

const MAX_NAME = 200;
const MAX_LABEL = 100;
const MAX_CV = 20_000;
const EmailSchema = z.email().max(254);

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether a (normalised) address is one every form takes: sign-up, the operator's create-user, digests. */
export const isEmailAddress = (email: string): boolean => EmailSchema.safeParse(email).success;

export interface AccountView {
  id: string;
  email: string;
  name: string | null;
  institution: string | null;
  verified: boolean;
  created_at: string;
}

export interface ApiKeyView {
  id: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
  usage_count: number;
  last_used_at: string | null;
}

export interface ProfileView {
  id: string;
  public: boolean;
  institution: string | null;
  cv: string | null;
  tracked_conferences: string[];
  tracked_journals: string[];
  attended_conferences: string[];
  /** The public profile leaves the tracked venues out. */
  hide_tracked: boolean;
  updated_at: string;
}

export const accountView = (a: Account): AccountView => ({
  id: a.id,
  email: a.email,
  name: a.name,
  institution: a.institution,
  verified: a.verified,
  created_at: a.createdAt,
});

export const apiKeyView = (k: ApiKeyRecord): ApiKeyView => ({
  id: k.id,
  label: k.label,
  created_at: k.createdAt,
  revoked_at: k.revokedAt,
  usage_count: k.usageCount,
  last_used_at: k.lastUsedAt,
});

export const profileView = (p: Profile): ProfileView => ({
  id: p.accountId,
  public: p.public,
  institution: p.institution,
  cv: p.cv,
  tracked_conferences: p.trackedConferences,
  tracked_journals: p.trackedJournals,
  attended_conferences: p.attendedConferences,
  hide_tracked: p.hideTracked ?? false,
  updated_at: p.updatedAt,
});

/** Trims; empty becomes null; too long is an error naming the field. */
function optionalText(value: string | undefined | null, field: string, max: number): string | null {
  const text = value?.trim() ?? "";
  if (text.length > max)
    throw new AccountError("invalid_input", `${field} must have at most ${max} characters`);
  return text === "" ? null : text;
}

export interface NewUser {
  email: string;
  password: string;
  name?: string;
  institution?: string;
}

/** Creates an e-mail-verified account (the administrator vouches for the address). */
export async function createUser(store: Store, input: NewUser, now = new Date()): Promise<AccountView> {
  const email = normalizeEmail(input.email);
  if (!isEmailAddress(email)) {
    throw new AccountError("invalid_input", `not a valid e-mail address: ${input.email}`);
  }
  // The sign-up form's rules: length, the common-password list, not the address or name.
  const weak = newPasswordProblem(input.password, { email, name: input.name });
  if (weak) throw new AccountError("invalid_input", weak);
  const { hash, salt } = await hashPassword(input.password);
  const account: Account = {
    id: randomBytes(8).toString("hex"),
    email,
    name: optionalText(input.name, "name", MAX_NAME),
    institution: optionalText(input.institution, "institution", MAX_NAME),
    passwordHash: hash,
    passwordSalt: salt,
    verified: true,
    createdAt: now.toISOString(),
  };
  try {
    await store.createAccount(account);
  } catch (error) {
    if (error instanceof DuplicateEmailError) throw new AccountError("duplicate_email", error.message);
    throw error;
  }
  return accountView(account);
}

export async function accountByEmail(store: Store, email: string): Promise<Account> {
  const account = await store.findAccountByEmail(normalizeEmail(email));
  if (!account) throw new AccountError("not_found", `no account with e-mail ${email}`);
  return account;
}

/** Issues a key; the returned `key` is the only time it is ever shown. */
export async function createKey(
  store: Store,
  email: string,
  label?: string,
  now = new Date(),
): Promise<ApiKeyView & { key: string }> {
  const account = await accountByEmail(store, email);
  if (!account.verified)
    throw new AccountError("unverified", "only e-mail-verified accounts can create API keys");
  const { key, hash } = generateApiKey();
  const record = {
    id: newKeyId(),
    accountId: account.id,
    hash,
    label: optionalText(label, "label", MAX_LABEL),
    createdAt: now.toISOString(),
  };
  await store.createApiKey(record);
  return { ...apiKeyView({ ...record, revokedAt: null, usageCount: 0, lastUsedAt: null }), key };
}

export async function listKeys(store: Store, email: string): Promise<ApiKeyView[]> {
  const account = await accountByEmail(store, email);
  return (await store.listApiKeys(account.id)).map(apiKeyView);
}

export async function revokeKey(store: Store, email: string, keyId: string): Promise<ApiKeyView> {
  const account = await accountByEmail(store, email);
  const revoked = await store.revokeApiKey(account.id, keyId);
  if (!revoked) throw new AccountError("not_found", `account ${email} has no key ${keyId}`);
  return apiKeyView(revoked);
}

export interface ProfilePatch {
  public?: boolean;
  institution?: string | null;
  cv?: string | null;
  trackedConferences?: string[];
  trackedJournals?: string[];
  attendedConferences?: string[];
  hideTracked?: boolean;
}

function venueIds(ids: string[] | undefined, field: string): string[] | undefined {
  if (ids === undefined) return undefined;
  const bad = ids.find((id) => !VenueId.safeParse(id).success);
  if (bad !== undefined)
    throw new AccountError("invalid_input", `${field}: "${bad}" is not a venue id (digits only)`);
  return ids;
}

/**
 * The profile every account has from its creation until it is first edited: public (researchers are found by
 * their id, e.g. a comment's author_id), the account's institution, no CV and no venues.
 */
export function initialProfile(account: Pick<Account, "id" | "institution">, now = new Date()): Profile {
  return {
    accountId: account.id,
    public: true,
    institution: account.institution,
    cv: null,
    trackedConferences: [],
    trackedJournals: [],
    attendedConferences: [],
    updatedAt: now.toISOString(),
  };
}

/** Changes only the fields given, starting from the initial profile when the account has none stored yet. */
export async function updateProfile(
  store: Store,
  email: string,
  patch: ProfilePatch,
  now = new Date(),
): Promise<ProfileView> {
  const account = await accountByEmail(store, email);
  const current: Profile = (await store.getProfile(account.id)) ?? initialProfile(account, now);
  const next: Profile = {
    accountId: account.id,
    public: patch.public ?? current.public,
    institution:
      patch.institution === undefined
        ? current.institution
        : optionalText(patch.institution, "institution", MAX_NAME),
    cv: patch.cv === undefined ? current.cv : optionalText(patch.cv, "cv", MAX_CV),
    trackedConferences:
      venueIds(patch.trackedConferences, "tracked conferences") ?? current.trackedConferences,
    trackedJournals: venueIds(patch.trackedJournals, "tracked journals") ?? current.trackedJournals,
    attendedConferences:
      venueIds(patch.attendedConferences, "attended conferences") ?? current.attendedConferences,
    hideTracked: patch.hideTracked ?? current.hideTracked ?? false,
    updatedAt: now.toISOString(),
  };
  await store.putProfile(next);
  const saved = await store.getProfile(account.id);
  if (!saved) throw new Error("profile vanished right after it was written");
  return profileView(saved);
}
