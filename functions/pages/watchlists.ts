/**
 * Watchlists with a stable subscription address and no account. `POST /watchlists` creates one and answers its
 * id (the address: `/calendar/watch/<id>.ics`, `/watchlist?id=<id>`) and an edit secret the browser keeps;
 * `PUT /watchlists/<id>` with that secret (header `X-Watchlist-Secret`) replaces its venues, so starring or
 * unstarring never changes the address. The store keeps the id, the secret's sha256 and the venue ids.
 * Writes take JSON only (a cross-site form cannot send it without a preflight), bad input is a 400 naming it, a
 * body over 16 KB a 413 (edge/request-body.ts). Creation is bounded (watchlist-creation.ts: this site's pages or a
 * credential, so many a day per address), and a list nobody reads (its page, its calendar) or edits for
 * WATCHLIST_KEEP_DAYS is gone: each use moves its expiry on (at most one store write a day), and the store drops
 * expired lists (SQLite's sweep, Redis's TTL).
 * An account's tracked venues are a watchlist too, at the same kind of address (account-watchlist.ts):
 * `GET /watchlists/account` with the account's credential answers it.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Store, Watchlist } from "../../accounts/store/types.ts";
import type { Caller } from "../../read/caller.ts";
import { describeIssues } from "../../read/schema/api.ts";
import type { Clock } from "../../runtime/clock.ts";
import { DAY_MS, systemClock } from "../../runtime/clock.ts";
import {
  ACCOUNT_WATCHLIST_PATH,
  type AccountWatchlistStore,
  accountWatched,
  callerWatched,
  type WatchedIds,
} from "./account-watchlist.ts";
import {
  type CreationRefusal,
  type CreationRules,
  countCreation,
  crossSiteCreation,
  DEFAULT_DAILY_CREATIONS,
} from "./watchlist-creation.ts";

/**
 * The part of the state store watchlists use: stored watchlists, the daily creation counters, and accounts'
 * tracked venues.
 */
export type WatchlistStore = Pick<Store, "getWatchlist" | "putWatchlist" | "keepWatchlist" | "consume"> &
  AccountWatchlistStore;

export interface WatchlistRules extends CreationRules {
  /** Days a list nobody reads or edits is kept (WATCHLIST_KEEP_DAYS). */
  keepDays: number;
}

export const DEFAULT_KEEP_DAYS = 180;
export const DEFAULT_WATCHLIST_RULES = {
  keepDays: DEFAULT_KEEP_DAYS,
  dailyCreations: DEFAULT_DAILY_CREATIONS,
} as const;

export const WATCHLISTS_PATH = "/watchlists";
/** Enough for any real watchlist, small enough that one request reads a bounded number of files. */
export const WATCH_MAX_IDS = 200;
export const SECRET_HEADER = "x-watchlist-secret";

/** 16 random bytes, base64url: 22 characters. */
const WATCHLIST_ID = /^[A-Za-z0-9_-]{22}$/;
const ITEM = /^\/watchlists\/([^/]+)$/;

const VenueIds = z
  .array(z.string().regex(/^\d{1,15}$/, "venue ids are digits"))
  .max(WATCH_MAX_IDS, `at most ${WATCH_MAX_IDS} venues of each kind in one watchlist`);
const WatchlistBody = z.strictObject({
  conferences: VenueIds.default([]),
  journals: VenueIds.default([]),
});

/** The addresses of a watchlist, relative to the site. */
export const watchlistLinks = (id: string) => ({
  id,
  calendar: `/calendar/watch/${id}.ics`,
  page: `/watchlist?id=${id}`,
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });

const problem = (status: number, message: string) => json(status, { error: message });

/** A watchlist id from a path segment, or null when it cannot be one. */
const watchlistId = (text: string) => (WATCHLIST_ID.test(text) ? text : null);

/**
 * Stored watchlists under `rules`: the expiry a use gives is now + keepDays, moved on when a read finds it a day or
 * more short (half the keep when that is shorter), so a polled calendar costs at most one store write a day.
 */
class Lists {
  private readonly keepMs: number;
  private readonly slackMs: number;

  constructor(
    readonly store: WatchlistStore,
    private readonly clock: Clock,
    keepDays: number,
  ) {
    this.keepMs = keepDays * DAY_MS;
    this.slackMs = Math.min(DAY_MS, this.keepMs / 2);
  }

  /** The expiry of a list used now, ISO. */
  freshExpiry(): string {
    return new Date(this.clock().getTime() + this.keepMs).toISOString();
  }

  /** The stored list, its use noted; null when there is none (or it expired). */
  async find(id: string): Promise<Watchlist | null> {
    const valid = watchlistId(id);
    const found = valid ? await this.store.getWatchlist(valid) : null;
    if (!found) return null;
    const fresh = this.freshExpiry();
    if (Date.parse(found.expiresAt) > Date.parse(fresh) - this.slackMs) return found;
    // The read is answered even when the store cannot note the use: the expiry stays due, so the next read retries.
    const kept = await this.store.keepWatchlist(found.id, fresh).then(
      () => true,
      () => false,
    );
    return kept ? { ...found, expiresAt: fresh } : found;
  }
}

async function bodyOf(
  req: Request,
): Promise<{ ok: true; venues: z.output<typeof WatchlistBody> } | Response> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return problem(415, "send the venues as application/json");
  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    return problem(400, "the body is not valid JSON");
  }
  const parsed = WatchlistBody.safeParse(raw);
  if (!parsed.success) return problem(400, describeIssues(parsed.error));
  const unique = (ids: string[]) => [...new Set(ids)];
  return {
    ok: true,
    venues: { conferences: unique(parsed.data.conferences), journals: unique(parsed.data.journals) },
  };
}

function secretMatches(stored: string, given: string | null): boolean {
  if (!given) return false;
  return timingSafeEqual(Buffer.from(sha256(given)), Buffer.from(stored));
}

/**
 * GET /watchlists/account: the calling account's tracked venues as a watchlist (its addresses and venues); the
 * credential is the one the edge resolved (an API key or login token).
 */
async function accountWatchlist(store: WatchlistStore, req: Request, caller: Caller | undefined) {
  if (req.method !== "GET" && req.method !== "HEAD")
    return problem(405, "read your account's watchlist with GET");
  const watched = await callerWatched(store, caller);
  if (!watched) {
    return problem(
      401,
      "send your account's API key or login token as Authorization: Bearer <credential>: an account's tracked venues are its watchlist",
    );
  }
  return json(200, {
    ...watchlistLinks(watched.id),
    conferences: watched.conferences,
    journals: watched.journals,
  });
}

const view = (status: number, w: Watchlist, extra: Record<string, string> = {}) =>
  json(status, {
    ...watchlistLinks(w.id),
    ...extra,
    conferences: w.conferences,
    journals: w.journals,
    updated_at: w.updatedAt,
    expires_at: w.expiresAt,
  });

function refusedCreation(refused: CreationRefusal): Response {
  const answer = problem(refused.status, refused.message);
  if (refused.retryAfterSeconds) answer.headers.set("retry-after", String(refused.retryAfterSeconds));
  return answer;
}

/** Reads a watchlist address, a stored watchlist's or an account's tracked venues; null when the id is neither. */
export type FindWatched = (id: string) => Promise<(WatchedIds & { expiresAt?: string }) | null>;

export interface Watchlists {
  /** The reader of `/calendar/watch/<id>.ics` and `/watchlist?id=` (a read of a stored list counts as its use). */
  find: FindWatched;
  /** POST /watchlists, GET and PUT /watchlists/<id>, GET /watchlists/account; null for any other path. */
  api(req: Request, pathname: string, caller?: Caller): Promise<Response | null>;
  /** Days an untouched list is kept, for the page to say. */
  keepDays: number;
}

export function storedWatchlists(
  store: WatchlistStore | null,
  rules: WatchlistRules,
  clock: Clock = systemClock,
): Watchlists {
  const lists = store ? new Lists(store, clock, rules.keepDays) : null;
  const find: FindWatched = async (id) =>
    lists ? ((await lists.find(id)) ?? accountWatched(lists.store, id)) : null;

  const create = async (lists: Lists, req: Request, caller: Caller | undefined) => {
    if (req.method !== "POST") return problem(405, "create a watchlist with POST");
    const crossSite = crossSiteCreation(req, caller, rules.allowedHosts);
    if (crossSite) return refusedCreation(crossSite);
    const body = await bodyOf(req);
    if (body instanceof Response) return body;
    // Counted last, so a refused request spends none of the day's creations.
    const overLimit = await countCreation(lists.store, rules.dailyCreations, clock, caller);
    if (overLimit) return refusedCreation(overLimit);
    const id = randomBytes(16).toString("base64url");
    const secret = randomBytes(24).toString("base64url");
    const created: Watchlist = {
      id,
      secretHash: sha256(secret),
      ...body.venues,
      updatedAt: clock().toISOString(),
      expiresAt: lists.freshExpiry(),
    };
    await lists.store.putWatchlist(created);
    return view(201, created, { secret });
  };

  const api = async (req: Request, pathname: string, caller?: Caller): Promise<Response | null> => {
    const item = ITEM.exec(pathname);
    if (pathname !== WATCHLISTS_PATH && !item) return null;
    if (!lists) return problem(503, "watchlists need the state store, which this server runs without");
    if (pathname === ACCOUNT_WATCHLIST_PATH) return accountWatchlist(lists.store, req, caller);
    if (!item) return create(lists, req, caller);
    const found = await lists.find(item[1] ?? "");
    if (!found) return problem(404, "no watchlist has this id (or it expired unused)");
    if (req.method === "GET" || req.method === "HEAD") return view(200, found);
    if (req.method !== "PUT") return problem(405, "read a watchlist with GET, change it with PUT");
    if (!secretMatches(found.secretHash, req.headers.get(SECRET_HEADER))) {
      return problem(403, `the ${SECRET_HEADER} header does not hold this watchlist's edit secret`);
    }
    const body = await bodyOf(req);
    if (body instanceof Response) return body;
    const next = {
      ...found,
      ...body.venues,
      updatedAt: clock().toISOString(),
      expiresAt: lists.freshExpiry(),
    };
    await lists.store.putWatchlist(next);
    return view(200, next);
  };

  return { find, api, keepDays: rules.keepDays };
}
