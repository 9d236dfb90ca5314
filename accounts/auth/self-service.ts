/**
 * What a reader does for themselves without the operator: sign up, confirm the address, ask for another
 * confirmation link, reset a forgotten password. Pages (functions/pages/account/) call this; it knows no HTTP.
 *
 * - No account enumeration: signing up with an address that already has an account, asking for a link for an
 *   unknown address, or for an address over its mail limit, answers exactly like the ordinary case and takes the same
 *   steps (a password is hashed, a store write is tried); the owner of a registered address gets a note instead
 *   (a fresh confirmation link when the account is still unconfirmed).
 * - Limits: every request counts against its client address (ACCOUNT_REQUESTS_PER_HOUR, IPv6 per /64) before any
 *   hashing, so a flood from one address costs neither scrypt time nor mail; and each e-mail address receives at most
 *   ACCOUNT_MAILS_PER_DAY account mails, whoever asks.
 * - Single-use, expiring links (one-time-links.ts); after a reset every session and every login token issued
 *   before it stops working (Account.credentialsValidAfter); API keys stay.
 */
import { randomBytes } from "node:crypto";
import { quotaSubject } from "../../runtime/client-ip.ts";
import { type Clock, DAY_MS, HOUR_MS, MINUTE_MS, systemClock, utcDate } from "../../runtime/clock.ts";
import type { Outbox } from "../mail/types.ts";
import { type Account, DuplicateEmailError, type OneTimePurpose, type Store } from "../store/types.ts";
import { type AccountMails, ENGLISH_ACCOUNT_MAILS } from "./account-mail.ts";
import { isEmailAddress, normalizeEmail } from "./accounts.ts";
import { type OneTimeLinks, oneTimeLinks } from "./one-time-links.ts";
import { newPasswordProblem } from "./password-policy.ts";
import type { PasswordHasher } from "./passwords.ts";
import type { Sessions } from "./sessions.ts";

export interface SelfServiceSettings {
  /** VERIFY_LINK_HOURS: how long a confirmation link works. */
  verifyLinkHours: number;
  /** RESET_LINK_MINUTES: how long a password-reset link works. */
  resetLinkMinutes: number;
  /** ACCOUNT_REQUESTS_PER_HOUR: sign-ups, link requests and resets per client address an hour. */
  requestsPerHour: number;
  /** ACCOUNT_MAILS_PER_DAY: account mails one e-mail address receives a day. */
  mailsPerDay: number;
}

export const DEFAULT_SELF_SERVICE: SelfServiceSettings = {
  verifyLinkHours: 24,
  resetLinkMinutes: 60,
  requestsPerHour: 10,
  mailsPerDay: 5,
};

const MAX_NAME = 200;

/** What the reader typed into a sign-up form. */
export interface SignUpInput {
  email: string;
  password: string;
  name: string;
  institution?: string;
}

/** A message per form field that is wrong. */
export type FieldProblems = Partial<Record<"email" | "password" | "name" | "institution" | "token", string>>;

/** The request was counted against an address over its hourly limit: nothing was done. */
export interface Limited {
  retryAfterSeconds: number;
}

export type SignUpOutcome = { ok: true; email: string } | { problems: FieldProblems } | Limited;
export type LinkRequestOutcome = { ok: true; email: string } | { problems: FieldProblems } | Limited;
export type ResetOutcome = { ok: true; accountId: string } | { problems: FieldProblems } | Limited;

export function emailProblem(email: string): string | null {
  if (email === "") return "enter your e-mail address";
  return isEmailAddress(email) ? null : "this is not an e-mail address (name@example.org)";
}

function textProblem(value: string, field: string, required: boolean): string | null {
  if (required && value === "") return `enter your ${field}`;
  return value.length > MAX_NAME ? `the ${field} may have at most ${MAX_NAME} characters` : null;
}

export interface SelfServiceDeps {
  store: Store;
  outbox: Outbox;
  /** The login's hashing pool: sign-ups and resets wait their turn with logins (and are refused when it is full). */
  hasher: PasswordHasher;
  sessions: Pick<Sessions, "endAll">;
  /** Absolute base of the links in the mails (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  settings?: SelfServiceSettings;
  clock?: Clock;
  /**
   * The mails in a language the pages speak, and the path prefix of that language's pages ("/zh"), so the links
   * in them open the pages in the language the reader used; null (or absent) for English at today's addresses.
   */
  mailLanguage?: (language: string) => { mails: AccountMails; pathPrefix: string } | null;
}

/**
 * `language` (of the page the request came from, e.g. "zh"): the mail it sends is in that language and its links
 * open that language's pages; absent, English.
 */
export interface SelfService {
  signUp(input: SignUpInput, ip: string, language?: string): Promise<SignUpOutcome>;
  /** Another confirmation link for an unconfirmed account of this address (the same answer for any address). */
  resendVerification(email: string, ip: string, language?: string): Promise<LinkRequestOutcome>;
  /** Follows a confirmation link: the account it confirmed, or null (unknown, used or expired link). */
  verify(token: string | null): Promise<Account | null>;
  /** A password-reset link for the account of this address (the same answer for any address). */
  requestReset(email: string, ip: string, language?: string): Promise<LinkRequestOutcome>;
  /** Sets a new password through a reset link; ends every session and login token issued before it. */
  resetPassword(token: string | null, password: string, ip: string): Promise<ResetOutcome>;
  settings: SelfServiceSettings;
}

/** What the self-service steps share: the deps with their defaults filled in, and the link maker. */
interface Ctx {
  store: Store;
  outbox: Outbox;
  hasher: PasswordHasher;
  sessions: Pick<Sessions, "endAll">;
  settings: SelfServiceSettings;
  clock: Clock;
  links: OneTimeLinks;
  /** PUBLIC_BASE_URL without its trailing slashes. */
  base: string;
  mailLanguage: SelfServiceDeps["mailLanguage"];
}

/** Counts the request against its address; the seconds to wait when the hour's requests are used up. */
async function overLimit(ctx: Ctx, ip: string): Promise<Limited | null> {
  const counted = await ctx.store.consume(
    `account-requests:${quotaSubject(ip)}`,
    ctx.settings.requestsPerHour,
    HOUR_MS / 1000,
  );
  return counted.allowed ? null : { retryAfterSeconds: HOUR_MS / 1000 };
}

/** Whether one more account mail may go to `email` today (counted; the day is a rolling 24 hours). */
async function mayMail(ctx: Ctx, email: string): Promise<boolean> {
  return (await ctx.store.consume(`account-mails:${email}`, ctx.settings.mailsPerDay, DAY_MS / 1000)).allowed;
}

/** The mails and the site's base in `language`; English at today's addresses when it has none. */
function inLanguage(ctx: Ctx, language: string | undefined) {
  const local = language ? ctx.mailLanguage?.(language) : null;
  return local
    ? { mails: local.mails, site: `${ctx.base}${local.pathPrefix}` }
    : { mails: ENGLISH_ACCOUNT_MAILS, site: ctx.base };
}

/** A single-use link of `purpose` to the account's address, when its mails for today are not used up. */
async function sendLink(
  ctx: Ctx,
  purpose: OneTimePurpose,
  account: Pick<Account, "id" | "email">,
  language?: string,
): Promise<void> {
  if (!(await mayMail(ctx, account.email))) return;
  const { mails, site } = inLanguage(ctx, language);
  const verify = purpose === "verify";
  const ttl = verify ? ctx.settings.verifyLinkHours * HOUR_MS : ctx.settings.resetLinkMinutes * MINUTE_MS;
  const { token, hash } = await ctx.links.issue(account.id, purpose, ttl);
  const link = {
    to: account.email,
    url: `${site}/account/${purpose}?token=${token}`,
    validFor: verify
      ? mails.duration(ctx.settings.verifyLinkHours, "hour")
      : mails.duration(ctx.settings.resetLinkMinutes, "minute"),
    dedupeKey: `${purpose}:${account.id}:${hash.slice(0, 16)}`,
  };
  await ctx.outbox.enqueue(verify ? mails.verification(link) : mails.reset(link));
}

/** Someone signed up with a registered address: its owner hears of it (once a day), or gets a new link. */
async function noteExisting(ctx: Ctx, existing: Account, language?: string): Promise<void> {
  if (!existing.verified) return sendLink(ctx, "verify", existing, language);
  if (!(await mayMail(ctx, existing.email))) return;
  const today = utcDate(ctx.clock());
  const { mails, site } = inLanguage(ctx, language);
  await ctx.outbox.enqueue(
    mails.alreadyRegistered(existing.email, site, `signup-attempt:${existing.id}:${today}`),
  );
}

/** Validates an address-only form (re-send, forgot). */
function addressOf(raw: string): { email: string } | { problems: FieldProblems } {
  const email = normalizeEmail(raw);
  const problem = emailProblem(email);
  return problem ? { problems: { email: problem } } : { email };
}

/** What is wrong with a sign-up form, field by field (empty when nothing is). */
function signUpProblems(email: string, name: string, institution: string, password: string): FieldProblems {
  const problems: FieldProblems = {};
  const emailWrong = emailProblem(email);
  if (emailWrong) problems.email = emailWrong;
  const nameWrong = textProblem(name, "name", true);
  if (nameWrong) problems.name = nameWrong;
  const institutionWrong = textProblem(institution, "institution", false);
  if (institutionWrong) problems.institution = institutionWrong;
  const passwordWrong = newPasswordProblem(password, { email, name });
  if (passwordWrong) problems.password = passwordWrong;
  return problems;
}

async function signUp(ctx: Ctx, input: SignUpInput, ip: string, language?: string): Promise<SignUpOutcome> {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  const institution = input.institution?.trim() ?? "";
  const problems = signUpProblems(email, name, institution, input.password);
  if (Object.keys(problems).length > 0) return { problems };
  const limited = await overLimit(ctx, ip);
  if (limited) return limited;
  // Hashed whether or not the address is taken: both answers cost the same.
  const { hash, salt } = await ctx.hasher.hash(input.password);
  const account: Account = {
    id: randomBytes(8).toString("hex"),
    email,
    name,
    institution: institution === "" ? null : institution,
    passwordHash: hash,
    passwordSalt: salt,
    verified: false,
    createdAt: ctx.clock().toISOString(),
  };
  try {
    await ctx.store.createAccount(account);
  } catch (error) {
    if (!(error instanceof DuplicateEmailError)) throw error;
    const existing = await ctx.store.findAccountByEmail(email);
    if (existing) await noteExisting(ctx, existing, language);
    return { ok: true, email };
  }
  await sendLink(ctx, "verify", account, language);
  return { ok: true, email };
}

/**
 * An address-only request (re-send, forgot): checked, counted, then `send` for the address's account if it has
 * one; the same answer either way.
 */
async function forAddress(
  ctx: Ctx,
  raw: string,
  ip: string,
  send: (account: Account) => Promise<void>,
): Promise<LinkRequestOutcome> {
  const address = addressOf(raw);
  if ("problems" in address) return address;
  const limited = await overLimit(ctx, ip);
  if (limited) return limited;
  const account = await ctx.store.findAccountByEmail(address.email);
  if (account) await send(account);
  return { ok: true, email: address.email };
}

async function resetPassword(
  ctx: Ctx,
  token: string | null,
  password: string,
  ip: string,
): Promise<ResetOutcome> {
  const limited = await overLimit(ctx, ip);
  if (limited) return limited;
  const expired = {
    problems: { token: "this link has expired or was already used: ask for a new one below" },
  };
  // Taken first (a wrong password afterwards does not burn the link: it is put back), so the account's own
  // e-mail and name are known to the password rules.
  const taken = await ctx.links.take(token, "reset");
  const account = taken ? await ctx.store.getAccount(taken.accountId) : null;
  if (!taken || !account || Date.parse(taken.createdAt) < Date.parse(account.credentialsValidAfter ?? "")) {
    return expired;
  }
  const problem = newPasswordProblem(password, account);
  if (problem) {
    await ctx.store.putOneTimeToken(taken);
    return { problems: { password: problem } };
  }
  let hashed: Awaited<ReturnType<PasswordHasher["hash"]>>;
  try {
    hashed = await ctx.hasher.hash(password);
  } catch (error) {
    await ctx.store.putOneTimeToken(taken);
    throw error;
  }
  const now = ctx.clock().toISOString();
  await ctx.store.setAccountPassword(account.id, hashed, now);
  await ctx.sessions.endAll(account.id);
  return { ok: true, accountId: account.id };
}

export function createSelfService(deps: SelfServiceDeps): SelfService {
  const clock = deps.clock ?? systemClock;
  const ctx: Ctx = {
    store: deps.store,
    outbox: deps.outbox,
    hasher: deps.hasher,
    sessions: deps.sessions,
    settings: deps.settings ?? DEFAULT_SELF_SERVICE,
    clock,
    links: oneTimeLinks(deps.store, clock),
    base: deps.publicBaseUrl.replace(/\/+$/, ""),
    mailLanguage: deps.mailLanguage,
  };
  return {
    settings: ctx.settings,
    signUp: (input, ip, language) => signUp(ctx, input, ip, language),
    resendVerification: (raw, ip, language) =>
      forAddress(ctx, raw, ip, async (account) => {
        if (!account.verified) await sendLink(ctx, "verify", account, language);
      }),
    async verify(token) {
      const taken = await ctx.links.take(token, "verify");
      if (!taken || !(await ctx.store.markAccountVerified(taken.accountId))) return null;
      return ctx.store.getAccount(taken.accountId);
    },
    // An unconfirmed account cannot log in anyway: it gets its confirmation link again instead.
    requestReset: (raw, ip, language) =>
      forAddress(ctx, raw, ip, (account) =>
        sendLink(ctx, account.verified ? "reset" : "verify", account, language),
      ),
    resetPassword: (token, password, ip) => resetPassword(ctx, token, password, ip),
  };
}
