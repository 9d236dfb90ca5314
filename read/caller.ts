/**
 * Who is calling and how much of their daily quota is left. The edge asks an AccessControl for both; the
 * accounts store supplies the real one (accounts/auth/access.ts: API keys, JWTs, paid access, per-account
 * quotas), functions/edge/anonymous-access.ts the default for a deployment without accounts.
 */

/** Why a credential was refused; the 401 message says which. */
export type InvalidReason =
  | "unsupported_scheme"
  | "malformed"
  | "unknown_key"
  | "revoked_key"
  | "expired_token"
  | "invalid_token"
  | "superseded_token"
  | "unknown_account"
  | "credentials_disabled";

export const INVALID_REASON_MESSAGES: Record<InvalidReason, string> = {
  unsupported_scheme: "the Authorization header must use the Bearer scheme",
  malformed: "the credential is neither an API key nor a login token",
  unknown_key: "unknown API key",
  revoked_key: "this API key has been revoked",
  expired_token: "the login token has expired; log in again",
  invalid_token: "the login token is invalid",
  superseded_token: "the login token was issued before the account's password was reset; log in again",
  unknown_account: "the account of this credential does not exist or is not verified",
  credentials_disabled: "this deployment accepts no credentials (it has no account store)",
};

export type Caller =
  | { kind: "anonymous"; ip: string }
  /**
   * A registered account, through one of its API keys (keyId) or a login JWT (keyId null); `dailyQuota` when the
   * operator granted it one other than the default.
   */
  | { kind: "account"; accountId: string; keyId: string | null; ip: string; dailyQuota?: number }
  /**
   * A request whose payment the edge verified (X-Paid-Access). `claim` is the reservation holding the token's single
   * use: kept once its paid answer is sent, given back otherwise, so a token is spent only by what it paid for.
   */
  | { kind: "paid"; ip: string; claim?: string }
  /** A credential was sent but is unknown, revoked, expired or malformed: answered 401. */
  | { kind: "invalid"; reason: InvalidReason; ip: string };

export interface QuotaResult {
  limit: number;
  remaining: number;
  /** Set when this request is over quota: 402 for accounts, 429 for anonymous callers. */
  exceeded: null | { status: 402 | 429; retryAfterSeconds: number };
  /** Holds this request's charge until the answer goes out (settle) or is refunded; absent when none is held. */
  reservation?: string;
}

export interface AccessControl {
  /** Identifies the caller from the request's credentials and its client address. */
  resolve(req: Request, ip: string): Promise<Caller>;
  /** Counts one metered request (API, MCP) and reports the quota after it. */
  consume(caller: Caller): Promise<QuotaResult>;
  /** Reports the quota without counting (pages, files, refused requests). */
  peek(caller: Caller): Promise<QuotaResult>;
  /**
   * Gives back one counted request that was not answered (5xx, 406/415, client gone); `reservation` is the one
   * consume returned, if any.
   */
  refund?(caller: Caller, reservation?: string): Promise<void>;
  /**
   * Keeps the charge of an answered request for good, and counts it as a use of the caller's API key if it came
   * with one. Returns at once: the store writes are batched.
   */
  settle?(reservation: string, caller: Caller): void;
}
