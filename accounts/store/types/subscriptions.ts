/**
 * The digest-subscription capability of the state store. Part of the Store contract: import it from ../types.ts, which
 * re-exports every capability.
 */

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
