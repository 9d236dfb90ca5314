/**
 * POST /api/login: e-mail and password for a login token. Unknown e-mails cost the same as wrong passwords. The
 * limits on attempts (per address, per address and account, per account for addresses it does not know; kept in the
 * state store) are in login-limits.ts; the hashing runs on its own bounded thread pool (passwords.ts), a known
 * address's ahead of the rest, and a full queue answers 429 like an address over its limit.
 */
import type { Clock } from "../../runtime/clock.ts";
import type { Account, Store } from "../store/types.ts";
import { normalizeEmail } from "./accounts.ts";
import type { AuthConfig } from "./config.ts";
import { JWT_LIFETIME_SECONDS, jwtKey, signAccountJwt } from "./jwt.ts";
import { DEFAULT_LOGIN_LIMITS, LoginLimiter, type LoginLimits } from "./login-limits.ts";
import {
  DEFAULT_HASHING_POOL,
  type HashingPoolSize,
  MAX_PASSWORD_LENGTH,
  PasswordHasher,
  PasswordHashingBusy,
} from "./passwords.ts";

export interface LoginSettings {
  limits: LoginLimits;
  hashing: HashingPoolSize;
}

export const DEFAULT_LOGIN_SETTINGS: LoginSettings = {
  limits: DEFAULT_LOGIN_LIMITS,
  hashing: DEFAULT_HASHING_POOL,
};

/** Seconds a client is asked to wait when every hashing thread is busy and the queue is full. */
const BUSY_RETRY_SECONDS = 1;

export interface LoginToken {
  token: string;
  token_type: "Bearer";
  /** Seconds. */
  expires_in: number;
  user_id: string;
}

/** A token; a refusal to check now (429 with Retry-After); or null for wrong credentials or an attempt held back. */
export type LoginOutcome = LoginToken | { retryAfterSeconds: number; reason: string } | null;

/** A refusal to check now (429), null for wrong credentials, or the account (a password right for an unconfirmed one). */
export type Authentication =
  | { account: Account }
  | { unverified: true }
  | { retryAfterSeconds: number; reason: string }
  | null;

export interface Login {
  login(email: string, password: string, context: { ip: string }): Promise<LoginOutcome>;
  /**
   * The same check under the same limits, for the site's log-in form (which starts a session, not a token). A right
   * password of an unconfirmed account still counts as a failed attempt, as for `login`.
   */
  authenticate(email: string, password: string, context: { ip: string }): Promise<Authentication>;
  /** The hashing pool, shared with sign-ups and password resets so they wait their turn with logins. */
  hasher: PasswordHasher;
  /** Stops the hashing threads. */
  close(): Promise<void>;
}

export function createLogin(
  store: Store,
  config: Pick<AuthConfig, "jwtSecret">,
  settings: LoginSettings = DEFAULT_LOGIN_SETTINGS,
  clock: Clock = () => new Date(),
): Login {
  const limiter = new LoginLimiter(store, settings.limits);
  const hasher = new PasswordHasher(settings.hashing);

  const attempt = async (email: string, password: string, ip: string): Promise<Authentication> => {
    const addressWait = await limiter.addressWait(ip);
    if (addressWait > 0) return { retryAfterSeconds: addressWait, reason: "too many login attempts" };
    const normalized = normalizeEmail(email);
    // No account has a longer password; refusing early keeps huge inputs from tying up scrypt.
    const check = password.length > MAX_PASSWORD_LENGTH ? null : await limiter.check(ip, normalized);
    if (!check || check.held) {
      await limiter.refused(ip);
      return null;
    }
    const account = await store.findAccountByEmail(normalized);
    const stored = account ? { hash: account.passwordHash, salt: account.passwordSalt } : null;
    // An address the account knows is hashed ahead of strangers' guesses.
    const matches = await hasher.verify(password, stored, check.known);
    if (!account || !matches || !account.verified) {
      await limiter.failed(ip, normalized);
      return account && matches ? { unverified: true } : null;
    }
    await limiter.succeeded(ip, normalized);
    return { account };
  };

  const authenticate: Login["authenticate"] = async (email, password, { ip }) => {
    try {
      return await attempt(email, password, ip);
    } catch (error) {
      if (!(error instanceof PasswordHashingBusy)) throw error;
      return { retryAfterSeconds: BUSY_RETRY_SECONDS, reason: "login is busy" };
    }
  };

  return {
    authenticate,
    async login(email, password, context) {
      const checked = await authenticate(email, password, context);
      if (checked === null || "unverified" in checked) return null;
      if ("retryAfterSeconds" in checked) return checked;
      return {
        token: await signAccountJwt(checked.account.id, await jwtKey(store, config), clock()),
        token_type: "Bearer",
        expires_in: JWT_LIFETIME_SECONDS,
        user_id: checked.account.id,
      };
    },
    hasher,
    close: () => hasher.close(),
  };
}
