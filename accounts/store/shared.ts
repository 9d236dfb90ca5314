/** Helpers both store implementations share, so they cannot drift apart. */
import { DAY_MS, isoDate, utcDate } from "../../runtime/clock.ts";
import type {
  Account,
  ApiKeyRecord,
  AuthoredComment,
  Comment,
  ConsumeResult,
  KeyCaller,
  LeaseResult,
  LeaseStore,
  RatingInput,
  RatingSummary,
  ReservationStore,
  VenueKind,
} from "./types.ts";

/**
 * A writer of key-use batches (Store.recordKeyUses) silent this long is gone: what the store keeps of it is
 * dropped. A live writer retries a batch within seconds of the store answering again.
 */
export const KEY_USE_WRITER_KEPT_MS = 30 * DAY_MS;

/** Views count over this many UTC days, today included. */
export const VIEW_WINDOW_DAYS = 30;
/** Per-day view data is kept a little longer than the window, then dropped. */
export const VIEW_RETENTION_DAYS = 40;

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export function utcDay(ms: number): string {
  return utcDate(new Date(ms));
}

/** The `count` UTC days ending with the day of `ms`, newest first. */
export function recentDays(ms: number, count: number): string[] {
  // Past days through isoDate: utcDate remembers one day, today's, which every metered request asks for.
  return Array.from({ length: count }, (_, i) => isoDate(new Date(ms - i * DAY_MS)));
}

export function assertRating(input: RatingInput): void {
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) {
    throw new RangeError(`rating must be an integer from 1 to 5, got ${input.rating}`);
  }
}

/** Builds the summary from per-star counts (index 0 = one star). */
export function summarizeRatings(histogram: RatingSummary["histogram"]): RatingSummary {
  const count = histogram.reduce((a, b) => a + b, 0);
  const total = histogram.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return { count, average: count === 0 ? null : Math.round((total / count) * 100) / 100, histogram };
}

export function emptyHistogram(): RatingSummary["histogram"] {
  return [0, 0, 0, 0, 0];
}

/**
 * What counting `granted` requests (0 or 1) reports: admitted as the `used`-th of its window, or refused because the
 * window is full; a non-positive limit refuses without anything counted.
 */
export function countResult(granted: number, used: number, limit: number): ConsumeResult {
  if (granted > 0) return { allowed: true, used, remaining: limit - used };
  return { allowed: false, used: Math.max(limit, 0), remaining: 0 };
}

/**
 * A lease takes at most this share of what its window has left (1/LEASE_SHARE), so with several instances leasing
 * blocks the last units of a quota go out one or two at a time and none sit unused in another instance's block.
 */
export const LEASE_SHARE = 4;

/** Units a lease asking for `want` is granted when its window has `left`: 0 only when nothing is left. */
export function grantOf(left: number, want: number): number {
  return left <= 0 ? 0 : Math.min(want, left, Math.max(1, Math.ceil(left / LEASE_SHARE)));
}

/** A lease the window refused: nothing granted, the window counted full (as countResult reports a refusal). */
export function refusedLease(limit: number): LeaseResult {
  return { granted: 0, used: Math.max(limit, 0), reservation: null };
}

/** `reserve` as a lease of one unit: one counter step for both backends. */
export function reserveByLease(lease: LeaseStore["lease"]): ReservationStore["reserve"] {
  return async (key, limit, ttlSeconds) => {
    const leased = await lease(key, limit, ttlSeconds, 1);
    return { ...countResult(leased.granted, leased.used, limit), reservation: leased.reservation };
  };
}

/** What `peek` reports for a window that has counted `counted` requests: never more used than the limit. */
export function peekResult(counted: number, limit: number): ConsumeResult {
  const used = Math.min(counted, Math.max(limit, 0));
  return { allowed: used < limit, used, remaining: Math.max(limit - used, 0) };
}

/** Venue lists keep their first occurrence of each id, in order. */
export function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/**
 * One stored record as a backend hands it back (a SQLite row, a Redis hash), read by column name. Both backends
 * use the same column names, so one mapping per record type serves both; each says how it stores values.
 */
export interface StoredFields {
  text(name: string): string;
  optionalText(name: string): string | null;
  count(name: string): number;
  flag(name: string): boolean;
}

/** A granted daily quota as stored (absent: the default). */
function dailyQuotaOf(f: StoredFields): { dailyQuota?: number } {
  const quota = f.optionalText("daily_quota");
  return quota === null || quota === "" ? {} : { dailyQuota: Number(quota) };
}

function toAccount(f: StoredFields): Account {
  const validAfter = f.optionalText("credentials_valid_after");
  return {
    id: f.text("id"),
    email: f.text("email"),
    name: f.optionalText("name"),
    institution: f.optionalText("institution"),
    passwordHash: f.text("password_hash"),
    passwordSalt: f.text("password_salt"),
    verified: f.flag("verified"),
    createdAt: f.text("created_at"),
    // Only a reset password has one; accounts without it read as before.
    ...(validAfter === null ? {} : { credentialsValidAfter: validAfter }),
    ...dailyQuotaOf(f),
  };
}

function toApiKey(f: StoredFields): ApiKeyRecord {
  return {
    id: f.text("id"),
    accountId: f.text("account_id"),
    hash: f.text("hash"),
    label: f.optionalText("label"),
    createdAt: f.text("created_at"),
    revokedAt: f.optionalText("revoked_at"),
    usageCount: f.count("usage_count"),
    lastUsedAt: f.optionalText("last_used_at"),
  };
}

/** A key's columns with its account's `verified` beside them. */
function toKeyCaller(f: StoredFields): KeyCaller {
  return {
    keyId: f.text("id"),
    accountId: f.text("account_id"),
    revokedAt: f.optionalText("revoked_at"),
    accountVerified: f.flag("verified"),
    ...dailyQuotaOf(f),
  };
}

function toComment(f: StoredFields): Comment {
  return {
    id: f.text("id"),
    kind: f.text("kind") as VenueKind,
    venueId: f.text("venue_id"),
    userId: f.text("user_id"),
    text: f.text("text"),
    demo: f.flag("demo"),
    createdAt: f.text("created_at"),
  };
}

/** A comment read with its author's account name and profile flag beside it (Store.venueActivity). */
function toAuthoredComment(f: StoredFields): AuthoredComment {
  return {
    ...toComment(f),
    author: { name: f.optionalText("author_name"), publicProfile: f.flag("author_public") },
  };
}

/** The record readers of a backend whose stored records `R` are read through `fields`. */
export function recordReaders<R>(fields: (stored: R) => StoredFields) {
  const reader =
    <T>(map: (f: StoredFields) => T) =>
    (stored: R): T =>
      map(fields(stored));
  return {
    account: reader(toAccount),
    apiKey: reader(toApiKey),
    keyCaller: reader(toKeyCaller),
    comment: reader(toComment),
    authoredComment: reader(toAuthoredComment),
  };
}
