/**
 * The state store: everything the service keeps between requests (accounts, API keys, profiles, quota and view
 * counters, ratings, comments, a few settings). Two implementations honour this one contract: an embedded SQLite
 * file (the default, no server needed, run on a worker thread) and Redis (when REDIS_URL is set). Everything is
 * async, and no call blocks the event loop: each has a deadline and fails with StoreUnavailable when it cannot answer.
 */

import type { MailQueueStore } from "./types/mail.ts";
import type { QuotaStore } from "./types/quota.ts";
import type { SubscriptionStore } from "./types/subscriptions.ts";

export type * from "./types/mail.ts";
export type * from "./types/quota.ts";
export type * from "./types/subscriptions.ts";

export type VenueKind = "conference" | "journal";

export interface Account {
  id: string;
  /** Lower-cased, trimmed; unique. */
  email: string;
  name: string | null;
  institution: string | null;
  /** Encoded scrypt output with its parameters (see accounts/auth/passwords.ts). */
  passwordHash: string;
  passwordSalt: string;
  verified: boolean;
  /** ISO instant. */
  createdAt: string;
  /**
   * ISO instant of the last password reset: login tokens issued and sessions started before it are refused. Absent
   * when the password was never reset.
   */
  credentialsValidAfter?: string;
  /** Requests a UTC day granted by the operator (`npm run accounts -- set-quota`); absent: ACCOUNT_DAILY_QUOTA. */
  dailyQuota?: number;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  /** sha256 of the key, hex. The key itself is never stored. */
  hash: string;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
  /** Requests served with this key. */
  usageCount: number;
  lastUsedAt: string | null;
}

/** What a request with an API key needs to know of it: the key and whether its account may use it. */
export interface KeyCaller {
  keyId: string;
  accountId: string;
  revokedAt: string | null;
  /** The key's account exists and is verified. */
  accountVerified: boolean;
  /** The account's granted daily quota (Account.dailyQuota), read in the same step; absent: the default. */
  dailyQuota?: number;
}

/** Requests served with one key since the last write. */
export interface KeyUse {
  keyId: string;
  count: number;
  /** ISO instant of the last of them. */
  lastUsedAt: string;
}

/**
 * Key uses written together. `writer` names the process that counted them and `sequence` numbers its batches from
 * 1, each written only after the one before it was, so a batch written again after an unknown outcome (a timeout) is
 * recognised and not counted twice.
 */
export interface KeyUseBatch {
  writer: string;
  sequence: number;
  uses: readonly KeyUse[];
}

/** A researcher profile; its id is the account id. Venue ids are decimal-digit strings. */
export interface Profile {
  accountId: string;
  public: boolean;
  institution: string | null;
  cv: string | null;
  trackedConferences: string[];
  trackedJournals: string[];
  /** Only conferences can be attended. */
  attendedConferences: string[];
  /** The public profile leaves the tracked venues out (they stay the account's watchlist and count as trackers). */
  hideTracked?: boolean;
  updatedAt: string;
}

/**
 * A watchlist without an account: its id is the stable subscription address, the edit secret (kept only in the
 * reader's browser, stored here as its sha256) is needed to change the venues. Venue ids are decimal-digit strings.
 */
export interface Watchlist {
  id: string;
  secretHash: string;
  conferences: string[];
  journals: string[];
  updatedAt: string;
  /** ISO instant past which the list is gone: each use (a read of its page or calendar, an edit) moves it on. */
  expiresAt: string;
}

/** What the state store takes up where it lives: the SQLite files, or Redis's memory. */
export interface StorageUse {
  /** SQLite: the database file with its WAL and shared-memory files; Redis: INFO's used_memory. */
  bytes: number;
  /** Redis's maxmemory when set; null for SQLite (its limit is the file system's free space) and an unbounded Redis. */
  maxBytes: number | null;
}

export interface VenueCounts {
  trackers: number;
  attendees: number;
}

export interface RatingInput {
  kind: VenueKind;
  venueId: string;
  userId: string;
  /** Integer 1-5. */
  rating: number;
  /** Seeded demonstration data, labelled as such and removable in one go. */
  demo: boolean;
}

export interface RatingSummary {
  count: number;
  /** Mean of the ratings, null when there are none. */
  average: number | null;
  /** Counts of 1, 2, 3, 4 and 5 stars, in that order. */
  histogram: [number, number, number, number, number];
}

export interface CommentInput {
  kind: VenueKind;
  venueId: string;
  userId: string;
  text: string;
  demo: boolean;
}

export interface Comment extends CommentInput {
  id: string;
  createdAt: string;
}

/** What a venue's detail shows of a comment's author. */
export interface CommentAuthor {
  /** The account's display name; null when it has none or there is no such account. */
  name: string | null;
  /** The author has a researcher profile and it is public. */
  publicProfile: boolean;
}

export interface AuthoredComment extends Comment {
  author: CommentAuthor;
}

/** Everything one venue's detail shows from the store, read in one call. */
export interface VenueActivityRecord {
  counts: VenueCounts;
  ratings: RatingSummary;
  /** The newest comments, newest first. */
  comments: AuthoredComment[];
}

/** Views of one venue counted together, written in one batch (Store.recordViews). */
export interface VenueViews {
  kind: VenueKind;
  venueId: string;
  count: number;
}

/*
 * The store's capabilities, each a named interface: a caller that needs one takes only it, and each backend
 * implements each in a file of its own (sqlite/*.ts, redis/*.ts). `Store` is all of them together.
 */

/** Accounts: created once, read by id or e-mail, verified once, their password replaced by a reset. */
export interface AccountStore {
  /** Throws DuplicateEmailError when the e-mail is taken. */
  createAccount(account: Account): Promise<void>;
  getAccount(id: string): Promise<Account | null>;
  findAccountByEmail(email: string): Promise<Account | null>;
  /** Marks the account's e-mail verified; false when there is no such account. */
  markAccountVerified(accountId: string): Promise<boolean>;
  /**
   * Replaces the password and sets `credentialsValidAfter` (ISO), before which login tokens and sessions no longer
   * count; false when there is no such account.
   */
  setAccountPassword(
    accountId: string,
    hash: PasswordRecord,
    credentialsValidAfter: string,
  ): Promise<boolean>;
  /** Sets the account's daily quota (null: back to the default); false when there is no such account. */
  setAccountQuota(accountId: string, dailyQuota: number | null): Promise<boolean>;
  /**
   * Deletes the account, its e-mail's claim, its API keys (their next request is refused 401 as unknown), its profile
   * (tracker and attendee counts follow) and its quota requests; false when there is no such account. Sessions are ended with
   * deleteAccountSessions; ratings, comments, views and quota counters stay, no longer tied to anyone.
   */
  deleteAccount(accountId: string): Promise<boolean>;
}

/** A request for a higher daily quota, kept for the operator (`npm run accounts -- quota-requests`). */
export interface QuotaRequest {
  id: string;
  accountId: string;
  /** The account's e-mail when asked (the operator answers there). */
  email: string;
  /** Requests a day asked for. */
  requested: number;
  /** Why, in the account's words. */
  reason: string;
  createdAt: string;
  /** The quota granted by `set-quota` (which answers every open request of the account); null while open. */
  granted: number | null;
  grantedAt: string | null;
}

/** Requests for a higher quota: recorded, listed, answered. */
export interface QuotaRequestStore {
  addQuotaRequest(request: QuotaRequest): Promise<void>;
  /** Oldest first; only the account's when given. */
  listQuotaRequests(accountId?: string): Promise<QuotaRequest[]>;
  /** Marks the account's open requests granted `granted` at `at`; returns how many. */
  grantQuotaRequests(accountId: string, granted: number, at: string): Promise<number>;
}

/** An encoded scrypt hash and its salt, as Account keeps them. */
export interface PasswordRecord {
  hash: string;
  salt: string;
}

/** A signed-in browser. The cookie holds a random token; the store keeps only its sha256 as the id. */
export interface Session {
  /** sha256 of the cookie's token, hex. */
  id: string;
  accountId: string;
  /** ISO instant. */
  createdAt: string;
  /** ISO instant past which the session is gone. */
  expiresAt: string;
}

/** What a single-use link is for: verifying a new account's e-mail, or resetting a forgotten password. */
export type OneTimePurpose = "verify" | "reset";

/** A single-use link's token. The link holds a random token; the store keeps only its sha256. */
export interface OneTimeToken {
  /** sha256 of the link's token, hex. */
  hash: string;
  purpose: OneTimePurpose;
  accountId: string;
  /** ISO instant. */
  createdAt: string;
  /** ISO instant past which the link no longer works. */
  expiresAt: string;
}

/** Sessions of the site's log-in, each gone once it expires, is logged out, or its account's password is reset. */
export interface SessionStore {
  createSession(session: Session): Promise<void>;
  /** The session, or null when there is none or it has expired. */
  getSession(id: string): Promise<Session | null>;
  deleteSession(id: string): Promise<void>;
  /** Ends every session of the account (a password reset, a deleted account); returns how many there were. */
  deleteAccountSessions(accountId: string): Promise<number>;
}

/** Single-use links (e-mail verification, password reset), each taken at most once. */
export interface OneTimeTokenStore {
  putOneTimeToken(token: OneTimeToken): Promise<void>;
  /**
   * Takes the token for good, atomically across processes: its record when it exists, is for `purpose` and has not
   * expired, else null. A second take of the same token is null; a take for another purpose leaves it untouched.
   */
  takeOneTimeToken(hash: string, purpose: OneTimePurpose): Promise<OneTimeToken | null>;
}

/** Researcher profiles, one per account. */
export interface ProfileStore {
  getProfile(accountId: string): Promise<Profile | null>;
  /** Replaces the whole profile; tracker and attendee counts follow. */
  putProfile(profile: Profile): Promise<void>;
}

/** API keys: created, found by hash on every keyed request, listed, revoked, and their uses counted. */
export interface ApiKeyStore {
  createApiKey(key: Omit<ApiKeyRecord, "usageCount" | "lastUsedAt" | "revokedAt">): Promise<void>;
  /** The key with this hash (sha256, hex) and its account's state, read in one step; null when there is none. */
  findKeyCaller(hash: string): Promise<KeyCaller | null>;
  /** Oldest first. */
  listApiKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked; null when the account has no such key. Revoking twice keeps the first time. */
  revokeApiKey(accountId: string, keyId: string): Promise<ApiKeyRecord | null>;
  /**
   * Adds each use's count to its key's usage count and moves its last use forward to `lastUsedAt`, in one write;
   * unknown keys are skipped. A batch whose sequence is not above the last one its writer wrote changes nothing.
   */
  recordKeyUses(batch: KeyUseBatch): Promise<void>;
}

/** The addresses each account has logged in from (login limits spare them). */
export interface LoginAddressStore {
  /**
   * Remembers that `address` logged in to the account `account` (its e-mail), for `ttlSeconds` from now; a later
   * login from it renews the time. An account keeps at most `max` addresses, those whose time runs out last.
   */
  rememberLoginAddress(account: string, address: string, ttlSeconds: number, max: number): Promise<void>;
  /** Whether `address` is remembered for `account` (rememberLoginAddress) and its time has not run out. */
  knowsLoginAddress(account: string, address: string): Promise<boolean>;
}

/** What a venue's detail shows from the store: trackers and attendees (from profiles), ratings and comments. */
export interface ActivityStore {
  /** Trackers and attendees of every venue of one kind that has any. */
  venueCounts(kind: VenueKind): Promise<Map<string, VenueCounts>>;
  /**
   * One venue's tracker and attendee counts, rating summary and newest `limit` comments with their authors, in one
   * call (one worker message, one Redis round trip).
   */
  venueActivity(kind: VenueKind, venueId: string, limit: number): Promise<VenueActivityRecord>;
  /** One rating per user and venue; rating again replaces it. */
  putRating(rating: RatingInput): Promise<void>;
  addComment(comment: CommentInput): Promise<Comment>;
  /** Deletes every rating and comment flagged demo; returns how many went. */
  removeDemoFeedback(): Promise<number>;
}

/** Venue views per UTC day. */
export interface ViewStore {
  /** Adds each venue's views to the current UTC day, all in one write. */
  recordViews(views: readonly VenueViews[]): Promise<void>;
  /** Views of the last 30 UTC days (today and the 29 before), per venue that has any. */
  views30d(kind: VenueKind): Promise<Map<string, number>>;
  views30dOf(kind: VenueKind, venueId: string): Promise<number>;
}

/** Watchlists without an account, each gone once its expiry passes. */
export interface WatchlistStore {
  /** The watchlist, or null when there is none or it has expired (even before it is removed). */
  getWatchlist(id: string): Promise<Watchlist | null>;
  /** Creates or replaces the whole watchlist, its expiry included (the caller has checked the edit secret). */
  putWatchlist(watchlist: Watchlist): Promise<void>;
  /** Moves a watchlist's expiry on to `expiresAt` (ISO instant; never earlier); nothing when it is gone. */
  keepWatchlist(id: string, expiresAt: string): Promise<void>;
  /**
   * Deletes the watchlists whose expiry has passed and returns how many went (SQLite's periodic sweep); Redis keys
   * expire on their own (their TTL is the expiry), so there it deletes nothing.
   */
  removeExpiredWatchlists(): Promise<number>;
}

/** A few values the service generates once and keeps (the login-token key, the state's identity). */
export interface SettingStore {
  /** Stores `candidate` under `key` unless a value is there already; returns the value that is kept. */
  getOrInitSetting(key: string, candidate: string): Promise<string>;
  /** The value kept under `key`, or null; never writes (the state-identity watch reads with it). */
  getSetting(key: string): Promise<string | null>;
}

export interface StorageUseStore {
  /** How much room the store takes (for /readyz and /metrics). */
  storageUse(): Promise<StorageUse>;
}

/** Every capability, on one backend. */
export interface Store
  extends AccountStore,
    SessionStore,
    OneTimeTokenStore,
    ProfileStore,
    ApiKeyStore,
    LoginAddressStore,
    QuotaStore,
    ActivityStore,
    ViewStore,
    WatchlistStore,
    SettingStore,
    StorageUseStore,
    MailQueueStore,
    QuotaRequestStore,
    SubscriptionStore {
  readonly backend: "file" | "redis";
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Milliseconds since the epoch; injectable so tests can cross days and expire windows. */
  now?: () => number;
  /** Longest one call may take before it fails with StoreUnavailable, in ms (default DEFAULT_STORE_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** Default of StoreOptions.timeoutMs (STORE_TIMEOUT_MS). */
export const DEFAULT_STORE_TIMEOUT_MS = 2000;

/** The setting that keeps the generated login-token key (JWT_SECRET unset); SQLite backups leave it out. */
export const LOGIN_TOKEN_KEY_SETTING = "jwt_secret";

export class DuplicateEmailError extends Error {
  readonly email: string;
  constructor(email: string) {
    super(`an account with e-mail ${email} already exists`);
    this.name = "DuplicateEmailError";
    this.email = email;
  }
}

/**
 * The store cannot answer right now: a call timed out, the database is busy, read-only or full, Redis is
 * unreachable, or the store is failing fast after repeated failures (circuit open). Nothing is known about whether
 * a write went through. The edge answers such a request 503 with Retry-After, never 500.
 */
export class StoreUnavailable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StoreUnavailable";
  }
}
