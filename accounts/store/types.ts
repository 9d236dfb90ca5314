/**
 * The state store: everything the service keeps between requests (accounts, API keys, profiles, quota and view
 * counters, ratings, comments, a few settings). Two implementations honour this one contract: an embedded SQLite
 * file (the default, no server needed, run on a worker thread) and Redis (when REDIS_URL is set). Everything is
 * async, and no call blocks the event loop: each has a deadline and fails with StoreUnavailable when it cannot answer.
 */

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

export interface ConsumeResult {
  allowed: boolean;
  /** Requests counted in the current window, never above the limit. */
  used: number;
  remaining: number;
}

export interface ReserveResult extends ConsumeResult {
  /** Names the pending reservation that holds an admitted request's charge; null when the request was refused. */
  reservation: string | null;
}

export interface LeaseResult {
  /**
   * Units counted for the lease: at most the units asked for and at most a LEASE_SHARE-th of what the window had
   * left (at least one), so the last units of a quota are not all leased to one instance; 0 when none were left.
   */
  granted: number;
  /** Counted in the window once the lease is, never above the limit. */
  used: number;
  /** The pending reservation holding the granted units; null when none were granted. */
  reservation: string | null;
}

/** What became of some of the units a lease's reservation holds. */
export interface LeaseUpdate {
  reservation: string;
  /** Units spent on answered requests: kept for good. */
  kept: number;
  /** Units not spent (unused, or requests not answered): given back to the window. */
  returned: number;
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

/**
 * Counters with a window: a request counted for good, the figures read, the window dropped (login limits,
 * single-use tokens, watchlist creation).
 */
export interface CounterStore {
  /**
   * Counts one request against `key` unless `limit` is reached; the window starts at the first request and lasts
   * `ttlSeconds`. Atomic across processes: never admits a request past the limit and loses none. The count is for
   * good (a single-use token claimed); a request still to be answered is counted with `reserve`.
   */
  consume(key: string, limit: number, ttlSeconds: number): Promise<ConsumeResult>;
  /** The same figures without counting. */
  peek(key: string, limit: number): Promise<ConsumeResult>;
  /** Drops the counter of `key` at once, as if its window had ended (a successful login clears its failures). */
  forget(key: string): Promise<void>;
}

/** A request's charge on a counter held as a pending reservation until it is answered. */
export interface ReservationStore {
  /**
   * Counts like `consume`, and in the same atomic step records an admitted request's charge as a pending
   * reservation (counter key, time taken, window expiry): a lease of one unit. The charge is kept once the
   * reservation is settled, given back when it is released, and given back by `releaseAbandoned` when neither
   * happens within the lease.
   */
  reserve(key: string, limit: number, ttlSeconds: number): Promise<ReserveResult>;
  /** Keeps the charges of answered requests: drops their reservations, all in one write. Unknown ones are ignored. */
  settle(reservations: readonly string[]): Promise<void>;
  /**
   * Gives back the requests a pending reservation holds (never below zero) and drops the reservation, atomically: a
   * request charged but not answered. A reservation no longer pending (settled, released or swept) changes nothing,
   * so a charge comes back at most once; nor does one whose counter window has ended.
   */
  release(reservation: string): Promise<void>;
  /**
   * Releases, as `release` does, every reservation taken more than `leaseMs` ago: left by a process that died
   * before answering. Safe beside live processes on the same state while no request lives longer than `leaseMs`.
   * Returns how many reservations it dropped.
   */
  releaseAbandoned(leaseMs: number): Promise<number>;
}

/** Blocks of a counter's requests taken at once by one instance, and what became of them written back. */
export interface LeaseStore {
  /**
   * Counts a block of up to `units` requests at once, in one atomic step, as one pending reservation holding them
   * (see LeaseResult for how many are granted): an instance then admits that many requests without asking again.
   * A reservation from `reserve` holds one unit; `settle`, `release` and `releaseAbandoned` act on all the units a
   * reservation still holds.
   */
  lease(key: string, limit: number, ttlSeconds: number, units: number): Promise<LeaseResult>;
  /**
   * Applies each update to its reservation in one write: its kept units stay counted, its returned ones are given
   * back (never below zero, only in their own window, never more than it holds), and the reservation is dropped
   * once it holds none. Unknown reservations (released or swept) are ignored.
   */
  settleUnits(updates: readonly LeaseUpdate[]): Promise<void>;
}

/** Per-second token buckets shared by every process on the store. */
export interface RateLimitStore {
  /**
   * Takes one token from the per-second bucket `key` (refilled `perSecond` a second, holding at most `burst`),
   * shared by every process on this store; resolves with the whole seconds to wait, 0 when taken. With `debit`,
   * takes that many tokens whatever is left (a request's cost, charged after it ran) and resolves with 0. Only a
   * store shared between machines has it (Redis); elsewhere each process keeps its buckets in memory.
   */
  takeToken?(key: string, perSecond: number, burst: number, debit?: number): Promise<number>;
}

/** Quota: per-caller counters, the reservations that hold a request's charge, and leased blocks of them. */
export interface QuotaStore extends CounterStore, ReservationStore, LeaseStore, RateLimitStore {}

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

/** A message as the outbox queues it: accounts/mail/types.ts OutgoingMail with an id of its own. */
export interface MailInput {
  /** Unique; the sender makes the Message-ID from it, so a message keeps one Message-ID across attempts. */
  id: string;
  /** A second message with a key already queued is ignored. */
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

/** A queued message claimed for sending. */
export interface QueuedMail extends MailInput {
  /** Failed attempts so far. */
  attempts: number;
  /** ms since the epoch on the store's clock: the claim's lease ends then, and another sender may claim it. */
  leaseUntil: number;
}

/** What became of an enqueued message. */
export type MailEnqueued = "queued" | "duplicate" | "suppressed";

export interface MailClaim {
  mail: QueuedMail[];
  /** Due messages found addressed to a suppressed address: recorded as suppressed, not claimed. */
  suppressed: number;
}

export interface MailQueueDepth {
  /** Waiting to be sent (due, waiting for a retry, or claimed). */
  pending: number;
  /** Given up after the last attempt, kept for the operator. */
  dead: number;
}

/**
 * The mail queue: messages kept until sent, claimed by one sender at a time under a lease, retried at the time the
 * sender names, and a suppression list (addresses a relay refused for good). Bodies are dropped once a message is
 * sent or suppressed (they hold live links); what remains is kept until `purgeMail`.
 */
export interface MailQueueStore {
  /** Queues the message, due now; a duplicate dedupeKey changes nothing; a suppressed address records it as such. */
  enqueueMail(mail: MailInput): Promise<MailEnqueued>;
  /**
   * Claims at most `limit` due messages, oldest due first, for `owner` for `leaseMs` from now (the store's clock):
   * no other owner claims them before that, and they are due again after it unless marked. A due message whose
   * address is suppressed is recorded as suppressed instead.
   */
  claimMail(owner: string, limit: number, leaseMs: number): Promise<MailClaim>;
  /** Records the message sent (bodies dropped); false when `owner` no longer holds its claim. */
  markMailSent(id: string, owner: string): Promise<boolean>;
  /**
   * Records a failed attempt: due again `retryInMs` from now, or dead when null (kept, with its bodies, for the
   * operator). False when `owner` no longer holds the claim.
   */
  markMailFailed(id: string, owner: string, error: string, retryInMs: number | null): Promise<boolean>;
  /**
   * A permanent refusal (5xx) for the message's address: the address is suppressed (no later mail to it is sent)
   * and the message recorded as suppressed. False when `owner` no longer holds the claim (the address is
   * suppressed all the same).
   */
  bounceMail(id: string, owner: string, error: string): Promise<boolean>;
  /** Whether mail to `address` (case ignored) is suppressed. */
  isMailSuppressed(address: string): Promise<boolean>;
  mailQueueDepth(): Promise<MailQueueDepth>;
  /**
   * Removes messages sent, suppressed or dead more than `keepMs` ago (their dedupe keys with them), and returns how
   * many went.
   */
  purgeMail(keepMs: number): Promise<number>;
}

export type DigestFrequency = "daily" | "weekly";

/** What a digest subscription follows: a stored watchlist, or a `/deadlines` filter (its query string). */
export type SubscriptionTarget =
  | { kind: "watchlist"; watchlistId: string }
  | { kind: "filter"; filter: string };

/** The site's languages (render/i18n.ts LOCALES), as a subscription keeps its own. */
export type SubscriptionLanguage = "en" | "zh";

/** One deadline as the last digest saw it, so the next one can say what changed. */
export interface RecordedDeadline {
  date: string;
  time: string | null;
  timezone: string;
  closesAt: string;
  estimated: boolean;
}

/** An e-mail digest subscription (no account needed: double opt-in by a confirmation link). */
export interface Subscription {
  id: string;
  /** Trimmed, lower-cased. */
  email: string;
  target: SubscriptionTarget;
  frequency: DigestFrequency;
  /** "Closes in N days" messages wanted, each of 14, 7, 3, 1; empty for none. */
  closesIn: number[];
  /** IANA zone the reader chose (default UTC). */
  timeZone: string;
  /** The site language it was asked for in: its mails and the links in them; absent: English. */
  language?: SubscriptionLanguage;
  confirmed: boolean;
  createdAt: string;
  /** sha256 (hex) of the confirmation token while unconfirmed; null once confirmed. */
  confirmHash: string | null;
  /** ISO instant an unconfirmed subscription is gone at; null once confirmed. */
  confirmExpiresAt: string | null;
  /** The period of the last digest queued (`2026-11-27`, `2026-W48`), null before the first. */
  lastPeriod: string | null;
  /** The deadlines that digest listed, by key (venue, cycle, round, type); null before the first. */
  lastDeadlines: Record<string, RecordedDeadline> | null;
}

/** Digest subscriptions; an unconfirmed one is gone (read as null, not counted) once its confirmation expires. */
export interface SubscriptionStore {
  createSubscription(subscription: Subscription): Promise<void>;
  getSubscription(id: string): Promise<Subscription | null>;
  /**
   * Confirms the unconfirmed, unexpired subscription whose confirmation token hashes to `confirmHash`, once: the
   * hash is forgotten, so the link works a single time. Null when there is none.
   */
  confirmSubscription(confirmHash: string): Promise<Subscription | null>;
  /** Changes how often and what is sent; false when the subscription is gone. */
  updateSubscription(
    id: string,
    change: Pick<Subscription, "frequency" | "closesIn" | "timeZone">,
  ): Promise<boolean>;
  /** Stops it; false when it was gone already. */
  deleteSubscription(id: string): Promise<boolean>;
  /** Live subscriptions of an address (confirmed, or unconfirmed and not expired). */
  countSubscriptions(email: string): Promise<number>;
  /** Those live subscriptions themselves, oldest first (the account page lists its address's). */
  listSubscriptions(email: string): Promise<Subscription[]>;
  /** Confirmed subscriptions with an id after `afterId` (ids in order), at most `limit`: the builder pages them. */
  listConfirmedSubscriptions(afterId: string, limit: number): Promise<Subscription[]>;
  /** Records the digest of `period` queued with the deadlines it listed; false when the subscription is gone. */
  recordDigest(id: string, period: string, deadlines: Record<string, RecordedDeadline>): Promise<boolean>;
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
