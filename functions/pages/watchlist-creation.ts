/**
 * Who may create a watchlist, and how many: lists cost the store room and live for months, so a page elsewhere
 * may not make its visitors' browsers create them (403), and each client address (IPv6: its /64), or account when
 * the request carries a valid credential, creates at most WATCHLIST_DAILY_CREATIONS per UTC day, counted in the
 * state store so every instance agrees (429 with Retry-After until UTC midnight). A credential also lets a page
 * elsewhere create one: it speaks for an account, which no forged page holds.
 */

import type { Store } from "../../accounts/store/types.ts";
import type { Caller } from "../../read/caller.ts";
import { quotaSubject } from "../../runtime/client-ip.ts";
import { type Clock, secondsToUtcMidnight, utcDate } from "../../runtime/clock.ts";
import { crossSiteRefusal } from "../edge/same-site.ts";

export interface CreationRules {
  /** Creations per client address or account per UTC day (WATCHLIST_DAILY_CREATIONS). */
  dailyCreations: number;
  /** The host names of this service (the pages that may create lists). */
  allowedHosts: ReadonlySet<string>;
}

export const DEFAULT_DAILY_CREATIONS = 20;

export interface CreationRefusal {
  status: 403 | 429;
  message: string;
  retryAfterSeconds?: number;
}

/** Who a creation counts against: the account of a valid credential, else the client address. */
const subjectOf = (caller: Caller | undefined) =>
  caller?.kind === "account" ? `account:${caller.accountId}` : `ip:${quotaSubject(caller?.ip ?? "unknown")}`;

/** Why a creation by this request is refused as sent from another site's page, or null. */
export function crossSiteCreation(
  req: Request,
  caller: Caller | undefined,
  allowedHosts: ReadonlySet<string>,
): CreationRefusal | null {
  if (caller?.kind === "account") return null;
  const crossSite = crossSiteRefusal(req, allowedHosts);
  if (!crossSite) return null;
  return {
    status: 403,
    message: `${crossSite}: watchlists are created from this site's pages, or with an account's API key or login token`,
  };
}

/** Counts one creation against the caller's day, or says why it is refused (the day's creations are used up). */
export async function countCreation(
  store: Pick<Store, "consume">,
  dailyCreations: number,
  clock: Clock,
  caller: Caller | undefined,
): Promise<CreationRefusal | null> {
  const now = clock();
  const secondsLeft = secondsToUtcMidnight(now);
  const counted = await store.consume(
    `watchlist-creations:${utcDate(now)}:${subjectOf(caller)}`,
    dailyCreations,
    secondsLeft,
  );
  if (counted.allowed) return null;
  return {
    status: 429,
    message: `at most ${dailyCreations} watchlists are created per address a day; retry after ${secondsLeft} s (UTC midnight), or change the one you have`,
    retryAfterSeconds: secondsLeft,
  };
}
