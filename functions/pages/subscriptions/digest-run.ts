/**
 * Sending by the builder after the nightly build, from the snapshot it just published: for every confirmed
 * subscription, its digest when one is due this period (the reader's day or week) and its "closes in N days"
 * messages. Each message is queued in the outbox under a dedupeKey (`digest:<subscription>:<period>`,
 * `closes:<subscription>:<venue>:<round>:<N>`) before the store records the digest, so two builders at once, or a
 * run again after a crash half-way, queue each message exactly once; the mail sender hands them to the relay,
 * paced and retried. The digest compares with the deadlines recorded at the subscriber's last one.
 */
import type { Outbox } from "../../../accounts/mail/types.ts";
import type { Store, Subscription } from "../../../accounts/store/types.ts";
import { DAY_MS } from "../../../runtime/clock.ts";
import type { Logger } from "../../../runtime/logger.ts";
import { type DigestItem, digestChanges, recordOf } from "./digest-changes.ts";
import { type FollowedItems, type FollowedStore, type ItemsQuery, itemsOf } from "./digest-items.ts";
import { closesInMail, digestMail } from "./digest-mail.ts";
import { type LinkSigner, linkSigner, unsubscribeHeaders } from "./links.ts";
import { periodOf } from "./periods.ts";

/** Deadlines a digest lists at most; the rest are counted and linked. */
const MAX_LISTED = 100;
/** Subscriptions read from the store at once. */
const PAGE = 100;

export type DigestStore = Pick<Store, "listConfirmedSubscriptions" | "recordDigest"> & FollowedStore;

export interface DigestRunDeps {
  store: DigestStore;
  outbox: Outbox;
  query: ItemsQuery;
  publicBaseUrl: string;
  /** The snapshot's build time: what is upcoming, and which period it is. */
  now: Date;
  logger: Logger;
}

export interface DigestRunCounts {
  subscriptions: number;
  digests: number;
  reminders: number;
  /** Subscriptions whose target could not be read (a watchlist gone): nothing sent. */
  skipped: number;
}

/** The smallest N of the reader's choices the deadline closes within, or null. */
export function closesWithin(item: DigestItem, choices: readonly number[], now: Date): number | null {
  if (item.deadline.estimated) return null;
  const left = Date.parse(item.deadline.closes_at) - now.getTime();
  if (left <= 0) return null;
  const within = choices.filter((n) => left <= n * DAY_MS);
  return within.length === 0 ? null : Math.min(...within);
}

export async function sendDigests(deps: DigestRunDeps): Promise<DigestRunCounts> {
  const baseUrl = deps.publicBaseUrl.replace(/\/+$/, "");
  const signer = linkSigner(deps.store);
  // Many subscribers share a filter: each target is read once per run.
  const followed = new Map<string, Promise<FollowedItems | { invalid: string }>>();
  const counts: DigestRunCounts = { subscriptions: 0, digests: 0, reminders: 0, skipped: 0 };
  for (let after = ""; ; ) {
    const page = await deps.store.listConfirmedSubscriptions(after, PAGE);
    for (const sub of page) {
      counts.subscriptions += 1;
      try {
        const language = sub.language ?? "en";
        const key = JSON.stringify([sub.target, language]);
        if (!followed.has(key)) followed.set(key, itemsOf(deps.query, deps.store, sub.target, language));
        const target = await (followed.get(key) as Promise<FollowedItems | { invalid: string }>);
        if ("invalid" in target) {
          counts.skipped += 1;
          deps.logger.warn({ subscription: sub.id, reason: target.invalid }, "digest not sent");
          continue;
        }
        const sent = await sendOne(deps, baseUrl, signer, sub, target);
        counts.digests += sent.digest ? 1 : 0;
        counts.reminders += sent.reminders;
      } catch (err) {
        // One subscription's failure (the store busy a moment) never stops the others; the next run makes it up.
        counts.skipped += 1;
        deps.logger.error({ err, subscription: sub.id }, "digest failed; the next run tries again");
      }
    }
    if (page.length < PAGE) break;
    after = page.at(-1)?.id ?? after;
  }
  return counts;
}

async function sendOne(
  deps: DigestRunDeps,
  baseUrl: string,
  signer: LinkSigner,
  sub: Subscription,
  target: FollowedItems,
): Promise<{ digest: boolean; reminders: number }> {
  // The subscription's language: its words, and the pages its links open.
  const locale = sub.language ?? "en";
  const links = await signer.links(baseUrl, sub.id, locale);
  const headers = unsubscribeHeaders(links);
  let reminders = 0;
  for (const item of target.items) {
    const days = closesWithin(item, sub.closesIn, deps.now);
    if (days === null) continue;
    const round = `${item.deadline.cycle_year}-${item.deadline.round}-${item.deadline.type}`;
    const mail = closesInMail(baseUrl, item, days, sub.timeZone, links, locale);
    await deps.outbox.enqueue({
      to: sub.email,
      ...mail,
      headers,
      dedupeKey: `closes:${sub.id}:${item.venueId}:${round}:${days}`,
    });
    reminders += 1;
  }
  const period = periodOf(deps.now, sub.timeZone, sub.frequency);
  if (sub.lastPeriod === period) return { digest: false, reminders };
  const mail = digestMail({
    baseUrl,
    about: target.about,
    listUrl: `${baseUrl}${target.listPath}`,
    period,
    frequency: sub.frequency,
    zone: sub.timeZone,
    items: target.items,
    changes: digestChanges(target.items, sub.lastDeadlines),
    first: sub.lastDeadlines === null,
    maxListed: MAX_LISTED,
    links,
    locale,
  });
  // Queued first, recorded second: a run that stops between the two queues the same digest again, which the
  // outbox's dedupeKey ignores.
  await deps.outbox.enqueue({ to: sub.email, ...mail, headers, dedupeKey: `digest:${sub.id}:${period}` });
  await deps.store.recordDigest(sub.id, period, recordOf(target.items));
  return { digest: true, reminders };
}
