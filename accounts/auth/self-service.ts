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
import { z } from "zod";
import { quotaSubject } from "../../runtime/client-ip.ts";
import { type Clock, DAY_MS, HOUR_MS, MINUTE_MS, systemClock, utcDate } from "../../runtime/clock.ts";
import type { Outbox } from "../mail/types.ts";
import { type Account, DuplicateEmailError, type Store } from "../store/types.ts";
import { type AccountMails, ENGLISH_ACCOUNT_MAILS } from "./account-mail.ts";
import { normalizeEmail } from "./accounts.ts";
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

const Email = z.email().max(254);

export function emailProblem(email: string): string | null {
  if (email === "") return "enter your e-mail address";
  return Email.safeParse(email).success ? null : "this is not an e-mail address (name@example.org)";
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

export function createSelfService(deps: SelfServiceDeps): SelfService {
  const { store, outbox, hasher } = deps;
  const settings = deps.settings ?? DEFAULT_SELF_SERVICE;
  const clock = deps.clock ?? systemClock;
  const links: OneTimeLinks = oneTimeLinks(store, clock);
  const base = deps.publicBaseUrl.replace(/\/+$/, "");
  const verifyTtl = settings.verifyLinkHours * HOUR_MS;
  const resetTtl = settings.resetLinkMinutes * MINUTE_MS;

  /** Counts the request against its address; the seconds to wait when the hour's requests are used up. */
  const overLimit = async (ip: string): Promise<Limited | null> => {
    const counted = await store.consume(
      `account-requests:${quotaSubject(ip)}`,
      settings.requestsPerHour,
      HOUR_MS / 1000,
    );
    return counted.allowed ? null : { retryAfterSeconds: HOUR_MS / 1000 };
  };

  /** Whether one more account mail may go to `email` today (counted; the day is a rolling 24 hours). */
  const mayMail = async (email: string) =>
    (await store.consume(`account-mails:${email}`, settings.mailsPerDay, DAY_MS / 1000)).allowed;

  /** The mails and the site's base in `language`; English at today's addresses when it has none. */
  const inLanguage = (language: string | undefined) => {
    const local = language ? deps.mailLanguage?.(language) : null;
    return local
      ? { mails: local.mails, site: `${base}${local.pathPrefix}` }
      : { mails: ENGLISH_ACCOUNT_MAILS, site: base };
  };

  const sendVerification = async (account: Pick<Account, "id" | "email">, language?: string) => {
    if (!(await mayMail(account.email))) return;
    const { mails, site } = inLanguage(language);
    const { token, hash } = await links.issue(account.id, "verify", verifyTtl);
    await outbox.enqueue(
      mails.verification({
        to: account.email,
        url: `${site}/account/verify?token=${token}`,
        validFor: mails.duration(settings.verifyLinkHours, "hour"),
        dedupeKey: `verify:${account.id}:${hash.slice(0, 16)}`,
      }),
    );
  };

  const sendReset = async (account: Pick<Account, "id" | "email">, language?: string) => {
    if (!(await mayMail(account.email))) return;
    const { mails, site } = inLanguage(language);
    const { token, hash } = await links.issue(account.id, "reset", resetTtl);
    await outbox.enqueue(
      mails.reset({
        to: account.email,
        url: `${site}/account/reset?token=${token}`,
        validFor: mails.duration(settings.resetLinkMinutes, "minute"),
        dedupeKey: `reset:${account.id}:${hash.slice(0, 16)}`,
      }),
    );
  };

  /** Someone signed up with a registered address: its owner hears of it (once a day), or gets a new link. */
  const noteExisting = async (existing: Account, language?: string) => {
    if (!existing.verified) return sendVerification(existing, language);
    if (!(await mayMail(existing.email))) return;
    const today = utcDate(clock());
    const { mails, site } = inLanguage(language);
    await outbox.enqueue(
      mails.alreadyRegistered(existing.email, site, `signup-attempt:${existing.id}:${today}`),
    );
  };

  /** Validates an address-only form (re-send, forgot). */
  const addressOf = (raw: string): { email: string } | { problems: FieldProblems } => {
    const email = normalizeEmail(raw);
    const problem = emailProblem(email);
    return problem ? { problems: { email: problem } } : { email };
  };

  return {
    settings,

    async signUp(input, ip, language) {
      const email = normalizeEmail(input.email);
      const name = input.name.trim();
      const institution = input.institution?.trim() ?? "";
      const problems: FieldProblems = {};
      const emailWrong = emailProblem(email);
      if (emailWrong) problems.email = emailWrong;
      const nameWrong = textProblem(name, "name", true);
      if (nameWrong) problems.name = nameWrong;
      const institutionWrong = textProblem(institution, "institution", false);
      if (institutionWrong) problems.institution = institutionWrong;
      const passwordWrong = newPasswordProblem(input.password, { email, name });
      if (passwordWrong) problems.password = passwordWrong;
      if (Object.keys(problems).length > 0) return { problems };
      const limited = await overLimit(ip);
      if (limited) return limited;
      // Hashed whether or not the address is taken: both answers cost the same.
      const { hash, salt } = await hasher.hash(input.password);
      const account: Account = {
        id: randomBytes(8).toString("hex"),
        email,
        name,
        institution: institution === "" ? null : institution,
        passwordHash: hash,
        passwordSalt: salt,
        verified: false,
        createdAt: clock().toISOString(),
      };
      try {
        await store.createAccount(account);
      } catch (error) {
        if (!(error instanceof DuplicateEmailError)) throw error;
        const existing = await store.findAccountByEmail(email);
        if (existing) await noteExisting(existing, language);
        return { ok: true, email };
      }
      await sendVerification(account, language);
      return { ok: true, email };
    },

    async resendVerification(raw, ip, language) {
      const address = addressOf(raw);
      if ("problems" in address) return address;
      const limited = await overLimit(ip);
      if (limited) return limited;
      const account = await store.findAccountByEmail(address.email);
      if (account && !account.verified) await sendVerification(account, language);
      return { ok: true, email: address.email };
    },

    async verify(token) {
      const taken = await links.take(token, "verify");
      if (!taken || !(await store.markAccountVerified(taken.accountId))) return null;
      return store.getAccount(taken.accountId);
    },

    async requestReset(raw, ip, language) {
      const address = addressOf(raw);
      if ("problems" in address) return address;
      const limited = await overLimit(ip);
      if (limited) return limited;
      const account = await store.findAccountByEmail(address.email);
      // An unconfirmed account cannot log in anyway: it gets its confirmation link again instead.
      if (account?.verified) await sendReset(account, language);
      else if (account) await sendVerification(account, language);
      return { ok: true, email: address.email };
    },

    async resetPassword(token, password, ip) {
      const limited = await overLimit(ip);
      if (limited) return limited;
      const expired = {
        problems: { token: "this link has expired or was already used: ask for a new one below" },
      };
      // Taken first (a wrong password afterwards does not burn the link: it is put back), so the account's own
      // e-mail and name are known to the password rules.
      const taken = await links.take(token, "reset");
      const account = taken ? await store.getAccount(taken.accountId) : null;
      if (
        !taken ||
        !account ||
        Date.parse(taken.createdAt) < Date.parse(account.credentialsValidAfter ?? "")
      ) {
        return expired;
      }
      const problem = newPasswordProblem(password, account);
      if (problem) {
        await store.putOneTimeToken(taken);
        return { problems: { password: problem } };
      }
      let hashed: Awaited<ReturnType<PasswordHasher["hash"]>>;
      try {
        hashed = await hasher.hash(password);
      } catch (error) {
        await store.putOneTimeToken(taken);
        throw error;
      }
      const now = clock().toISOString();
      await store.setAccountPassword(account.id, hashed, now);
      await deps.sessions.endAll(account.id);
      return { ok: true, accountId: account.id };
    },
  };
}
